package dev.orrery.plugin.devtools.internal;

import java.util.List;

/**
 * What {@code phases} found: the phases of one schedule in order (SCH-008, SCH-102), with their
 * enabled flags in the host's world.
 *
 * @param schedule the schedule's name
 * @param rows one per phase, in order
 */
record PhasesReport(String schedule, List<Row> rows) {
    /** How a phase runs (SCH-104). */
    enum Mode {
        /** {@code run} executes it. */
        AUTO,
        /** Marked manual, connected to a builtin phase: only {@code runPhase}/{@code runPhases} step it. */
        MANUAL,
        /** In a component without a builtin phase: manual, stepped with the rest of its chain. */
        DETACHED
    }

    /**
     * One phase.
     *
     * @param position 1-based position in phase order
     * @param phase the phase's name
     * @param mode how it runs
     * @param enabled its enabled flag in the host's world (Orrery's phase toggle)
     * @param systems how many systems it has
     * @param after the names in its {@code dependsOn}
     * @param before the names in its {@code before}
     */
    record Row(int position, String phase, Mode mode, boolean enabled, int systems, List<String> after,
               List<String> before) {
        Row {
            after = List.copyOf(after);
            before = List.copyOf(before);
        }
    }

    PhasesReport {
        rows = List.copyOf(rows);
    }
}
