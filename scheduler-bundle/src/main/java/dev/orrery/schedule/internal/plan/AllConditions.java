package dev.orrery.schedule.internal.plan;

import dev.orrery.schedule.Condition;
import dev.orrery.world.World;
import java.util.List;
import java.util.Optional;

/**
 * Several conditions as one: all must hold (AND), tested in list order, short-circuiting. The run
 * engine's form of a system's own conditions (a failure in any of them is a {@code CONDITION} failure of the
 * system). Set conditions are not combined: the engine tests them one by one, to name the set of a
 * failing one (SCH-118).
 */
final class AllConditions implements Condition {
    private final Condition[] conditions;

    private AllConditions(List<Condition> conditions) {
        this.conditions = conditions.toArray(new Condition[0]);
    }

    /**
     * @param conditions the conditions; no nulls
     * @return empty for none, the only one for one, else the AND of all
     */
    static Optional<Condition> of(List<Condition> conditions) {
        if (conditions.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(conditions.size() == 1 ? conditions.get(0) : new AllConditions(conditions));
    }

    @Override
    public boolean test(World world) {
        for (Condition c : conditions) {
            if (!c.test(world)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return "all of " + conditions.length + " conditions";
    }
}
