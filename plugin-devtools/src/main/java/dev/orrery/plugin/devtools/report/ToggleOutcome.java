package dev.orrery.plugin.devtools.report;

import java.util.Objects;

/**
 * What {@code orrery:enable} or {@code orrery:disable} did to a system's enabled flag (kept across
 * rebuilds in the schedule's state trait).
 *
 * @param system the system's name
 * @param schedule the schedule's name
 * @param enabled the flag asked for, now in force
 * @param changed false if the system already had that flag
 * @since 0.1
 */
public record ToggleOutcome(String system, String schedule, boolean enabled, boolean changed) implements Report {
    /** Checks for nulls. */
    public ToggleOutcome {
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(schedule, "schedule");
    }
}
