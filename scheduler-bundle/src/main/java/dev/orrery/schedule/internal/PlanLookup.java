package dev.orrery.schedule.internal;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ItemNames;
import dev.orrery.schedule.NearestNames;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.internal.plan.ExecutionPlan;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Introspection lookups over an {@link ExecutionPlan} (SCH-104, SCH-143), shared by the
 * {@link dev.orrery.schedule.Schedule} implementation. Like the run APIs ({@link RunArguments}), a null
 * argument is rejected with a {@link NullPointerException} and an unknown phase or system with an
 * {@link IllegalArgumentException}; both messages name the schedule (SCH-141), the method called and
 * the parameter or item at fault: {@code schedule 's': systemsOf: phase is null}.
 */
final class PlanLookup {
    private PlanLookup() {
    }

    private static String prefix(ExecutionPlan plan, String api) {
        return "schedule '" + plan.scheduleName() + "': " + api + ": ";
    }

    /**
     * @return the position of {@code phase} in the plan's phase order
     * @throws NullPointerException if the phase is null
     * @throws IllegalArgumentException if the phase is not in the schedule
     */
    static int phaseIndex(ExecutionPlan plan, Phase phase, String api) {
        if (phase == null) {
            throw new NullPointerException(prefix(plan, api) + "phase is null");
        }
        Integer i = plan.phaseIndex().get(phase);
        if (i == null) {
            List<String> names = plan.phaseIndex().keySet().stream().map(Phase::name).toList();
            throw new IllegalArgumentException(prefix(plan, api) + "phase '" + phase.name()
                    + "' is not in this schedule" + NearestNames.didYouMean(phase.name(), names));
        }
        return i;
    }

    /**
     * @return the position of {@code system} in the plan's execution order
     * @throws NullPointerException if the system is null
     * @throws IllegalArgumentException if the system is not in the schedule; the message says so when
     *     another system object with that name is
     */
    static int systemIndex(ExecutionPlan plan, EcsSystem system, String api) {
        if (system == null) {
            throw new NullPointerException(prefix(plan, api) + "system is null");
        }
        int i = plan.systemIndex().indexOf(system);
        if (i < 0) {
            String name = system.name();
            boolean sameName = plan.systems().stream().anyMatch(s -> s.name().equals(name));
            throw new IllegalArgumentException(prefix(plan, api) + "system '" + name + "' is not in this schedule"
                    + (sameName ? " (another system object with that name is; systems are matched by object)" : ""));
        }
        return i;
    }

    /** SCH-143: the systems of a phase, in execution order; the same list on every call. */
    static List<EcsSystem> systemsOf(ExecutionPlan plan, Phase phase) {
        return plan.systemsByPhase().get(phaseIndex(plan, phase, "systemsOf"));
    }

    /** SCH-104: whether the phase is manual. */
    static boolean isManual(ExecutionPlan plan, Phase phase) {
        return plan.phaseManual()[phaseIndex(plan, phase, "isManual")];
    }

    /** The plugin name that declared the system, or the schedule name. */
    static String sourceOf(ExecutionPlan plan, EcsSystem system) {
        return plan.systemSources()[systemIndex(plan, system, "sourceOf")];
    }

    /**
     * Which plugins of the plan have one of the given names (for {@code withoutPlugins}). Names that
     * match no plugin of the plan are ignored.
     *
     * @param names plugin names
     * @return per plugin index: whether its name is one of {@code names}; null when none is
     * @throws NullPointerException if {@code names} is null or contains null
     * @throws IllegalArgumentException if {@code names} contains an empty or blank name (no plugin can
     *     have one, SCH-135), or one with a character {@link ItemNames} forbids
     */
    static boolean[] pluginsNamed(ExecutionPlan plan, Collection<String> names, String api) {
        if (names == null) {
            throw new NullPointerException(prefix(plan, api) + "pluginNames is null");
        }
        for (String name : names) {
            if (name == null) {
                throw new NullPointerException(prefix(plan, api) + "pluginNames contains null");
            }
        }
        Set<String> wanted = new HashSet<>();
        for (String name : names) {
            if (name.isBlank()) {
                throw new IllegalArgumentException(prefix(plan, api) + "pluginNames contains an empty or blank name; "
                        + "a plugin name is required (SCH-135)");
            }
            int bad = ItemNames.firstForbidden(name);
            if (bad >= 0) {
                throw new IllegalArgumentException(prefix(plan, api) + "pluginNames contains a "
                        + ItemNames.refusal(name, bad) + ": no plugin can have it");
            }
            wanted.add(name);
        }
        List<String> pluginNames = plan.pluginNames();
        boolean[] matched = new boolean[pluginNames.size()];
        boolean any = false;
        for (int j = 0; j < matched.length; j++) {
            matched[j] = wanted.contains(pluginNames.get(j));
            any |= matched[j];
        }
        return any ? matched : null;
    }
}
