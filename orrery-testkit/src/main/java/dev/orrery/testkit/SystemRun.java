package dev.orrery.testkit;

import dev.orrery.schedule.SkipReason;
import java.util.Objects;
import java.util.Optional;

/**
 * One system considered in one frame of a {@link PluginHarness}: it ran, or it was skipped and why.
 *
 * @param frame the harness frame it was considered in, counting from 1
 * @param system the system name
 * @param phase the name of the system's phase
 * @param skipped null if the system ran; otherwise why it did not ({@link SkipReason#DISABLED} or
 *     {@link SkipReason#CONDITION})
 *
 * @since 0.1
 */
public record SystemRun(long frame, String system, String phase, SkipReason skipped) {
    /** Checks for nulls (only {@code skipped} may be null). */
    public SystemRun {
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(phase, "phase");
    }

    /** @return true if the system's run function was called (it was not skipped) */
    public boolean ran() {
        return skipped == null;
    }

    /** @return why it was skipped, or empty if it ran */
    public Optional<SkipReason> skipReason() {
        return Optional.ofNullable(skipped);
    }

    @Override
    public String toString() {
        return "frame " + frame + ": " + system + " (" + phase + ") " + (skipped == null ? "ran" : "skipped: " + skipped);
    }
}
