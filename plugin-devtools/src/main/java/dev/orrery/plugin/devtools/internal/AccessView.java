package dev.orrery.plugin.devtools.internal;

import dev.orrery.schedule.graph.AccessReport;
import java.util.Objects;

/**
 * What {@code access} found: a schedule's {@link AccessReport} (Orrery's access declarations: reads of
 * traits written earlier in the phase without an ordering path, and unordered conflicting pairs).
 *
 * @param schedule the schedule's name
 * @param report its access report, computed at build
 */
record AccessView(String schedule, AccessReport report) {
    AccessView {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(report, "report");
    }
}
