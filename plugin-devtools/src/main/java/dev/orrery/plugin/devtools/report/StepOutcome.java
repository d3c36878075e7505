package dev.orrery.plugin.devtools.report;

import java.time.Duration;
import java.util.Objects;

/**
 * How {@code orrery:step} ended.
 *
 * @param asked how many frames were asked for; at least 1
 * @param ran how many of them ran, 0 to {@code asked}
 * @param frame the host's frame count afterwards
 * @param end why it ended
 * @param patience how long the step waited for a frame to end before it gave up ({@link End#STUCK});
 *     positive
 * @since 0.1
 */
public record StepOutcome(long asked, long ran, long frame, End end, Duration patience) implements Report {
    /** Why a step ended. */
    public enum End {
        /** Every frame ran. */
        DONE,
        /** The shell thread was interrupted (Ctrl-C); the rest are cancelled. */
        INTERRUPTED,
        /** No frame ended within {@code patience} (a system stuck in a frame); the rest are cancelled. */
        STUCK
    }

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException if asked is below 1, ran is not within 0 to asked, or patience is
     *     not positive
     */
    public StepOutcome {
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(patience, "patience");
        if (asked < 1 || ran < 0 || ran > asked) {
            throw new IllegalArgumentException("StepOutcome: " + ran + " of " + asked + " frames ran; asked must be"
                    + " at least 1 and ran within 0 to asked");
        }
        if (patience.isZero() || patience.isNegative()) {
            throw new IllegalArgumentException("StepOutcome: patience must be positive, got " + patience);
        }
    }
}
