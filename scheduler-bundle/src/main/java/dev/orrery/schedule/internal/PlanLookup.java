package dev.orrery.schedule.internal;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import java.util.List;

/**
 * Introspection lookups over an {@link ExecutionPlan} (SCH-104, SCH-143), shared by the
 * {@link dev.orrery.schedule.Schedule} implementation. Unknown phases and systems are rejected with an
 * {@link IllegalArgumentException} naming the schedule (SCH-141) and the item.
 */
final class PlanLookup {
    private PlanLookup() {
    }

    /**
     * @return the position of {@code phase} in the plan's phase order
     * @throws IllegalArgumentException if the phase is not in the schedule (also for null)
     */
    static int phaseIndex(ExecutionPlan plan, Phase phase) {
        Integer i = phase == null ? null : plan.phaseIndex().get(phase);
        if (i == null) {
            throw new IllegalArgumentException("schedule '" + plan.scheduleName() + "': phase '"
                    + (phase == null ? null : phase.name()) + "' is not in this schedule");
        }
        return i;
    }

    /**
     * @return the position of {@code system} in the plan's execution order
     * @throws IllegalArgumentException if the system is not in the schedule (also for null); the
     *     message says so when another system object with that name is
     */
    static int systemIndex(ExecutionPlan plan, EcsSystem system) {
        Integer i = system == null ? null : plan.systemIndex().get(system);
        if (i == null) {
            String name = system == null ? null : system.name();
            boolean sameName = system != null && plan.systems().stream().anyMatch(s -> s.name().equals(name));
            throw new IllegalArgumentException("schedule '" + plan.scheduleName() + "': system '" + name
                    + "' is not in this schedule"
                    + (sameName ? " (another system object with that name is; systems are matched by object)" : ""));
        }
        return i;
    }

    /** SCH-143: the systems of a phase, in execution order; the same list on every call. */
    static List<EcsSystem> systemsOf(ExecutionPlan plan, Phase phase) {
        return plan.systemsByPhase().get(phaseIndex(plan, phase));
    }

    /** SCH-104: whether the phase is manual. */
    static boolean isManual(ExecutionPlan plan, Phase phase) {
        return plan.phaseManual()[phaseIndex(plan, phase)];
    }

    /** The plugin name that declared the system, or the schedule name. */
    static String sourceOf(ExecutionPlan plan, EcsSystem system) {
        return plan.systemSources()[systemIndex(plan, system)];
    }
}
