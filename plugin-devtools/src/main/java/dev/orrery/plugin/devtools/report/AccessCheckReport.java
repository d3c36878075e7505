package dev.orrery.plugin.devtools.report;

import dev.orrery.schedule.graph.AccessReport;
import java.util.Objects;

/**
 * A schedule's access check, computed when it was built from its systems' {@code reads}/{@code writes}
 * declarations: reads of traits written earlier in a phase without an ordering path, and unordered
 * pairs with conflicting access. What {@code orrery:access} shows.
 *
 * @param schedule the schedule's name
 * @param report its access report ({@code Schedule.accessReport()})
 * @since 0.1
 */
public record AccessCheckReport(String schedule, AccessReport report) implements Report {
    /** Checks for nulls. */
    public AccessCheckReport {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(report, "report");
    }
}
