package dev.orrery.plugin.devtools.internal;

import java.util.List;

/**
 * What {@code systems} found: the systems of one schedule in execution order (SCH-142), with the
 * enabled flags read on the frame thread.
 *
 * @param schedule the schedule's name
 * @param rows one per system, in execution order
 */
record SystemsReport(String schedule, List<Row> rows) {
    /**
     * One system.
     *
     * @param position 1-based position in execution order
     * @param phase the phase's name
     * @param system the system's name
     * @param enabled its enabled flag in the host's world (conditions not evaluated)
     * @param conditions {@code own} for its own run condition, {@code set X} per set with one
     * @param sets the names of its sets
     * @param plugin the plugin that declared it, or the schedule's name
     */
    record Row(int position, String phase, String system, boolean enabled, List<String> conditions,
               List<String> sets, String plugin) {
        Row {
            conditions = List.copyOf(conditions);
            sets = List.copyOf(sets);
        }
    }

    SystemsReport {
        rows = List.copyOf(rows);
    }

    /** @return how many systems are disabled */
    long disabled() {
        return rows.stream().filter(r -> !r.enabled()).count();
    }
}
