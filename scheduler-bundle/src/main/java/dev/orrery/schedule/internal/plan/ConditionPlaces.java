package dev.orrery.schedule.internal.plan;

import dev.orrery.schedule.ClockedCondition;
import dev.orrery.schedule.Condition;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.SystemSet;
import java.util.List;

/**
 * Tells a system's conditions and its sets' conditions their place ({@link ClockedCondition#place}),
 * so that the state a timer keeps in worlds has an id derived from where it stands, the same in every
 * process and every rebuild.
 *
 * <p>Implementation notes. Places are names, never indexes of the compiled plan: a system's
 * {@code i}-th {@code runIf} is {@code "<schedule>/<system>/<i>"}, a set's
 * {@code "<schedule>/set <set>/<i>"} (system and set names are unique in a schedule). The first place
 * a condition object is given wins (the condition keeps it), so calling this on every build, also on
 * rebuilds that keep the objects, changes nothing after the first.
 */
final class ConditionPlaces {
    private ConditionPlaces() {
    }

    static void place(String schedule, EcsSystem system) {
        place(schedule + "/" + system.name() + "/", system.conditions());
        for (SystemSet set : system.sets()) {
            place(schedule + "/set " + set.name() + "/", set.conditions());
        }
    }

    private static void place(String prefix, List<Condition> conditions) {
        for (int i = 0; i < conditions.size(); i++) {
            if (conditions.get(i) instanceof ClockedCondition c) {
                c.place(prefix + i);
            }
        }
    }
}
