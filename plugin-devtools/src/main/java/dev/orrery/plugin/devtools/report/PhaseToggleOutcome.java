package dev.orrery.plugin.devtools.report;

import java.util.Objects;

/**
 * What {@code orrery:enablePhase} or {@code orrery:disablePhase} did to a phase's enabled flag (Orrery's
 * phase toggle, kept across rebuilds in the schedule's state trait).
 *
 * @param phase the phase's name
 * @param schedule the schedule's name
 * @param enabled the flag asked for, now in force
 * @param changed false if the phase already had that flag
 * @since 0.1
 */
public record PhaseToggleOutcome(String phase, String schedule, boolean enabled, boolean changed) implements Report {
    /** Checks for nulls. */
    public PhaseToggleOutcome {
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(schedule, "schedule");
    }
}
