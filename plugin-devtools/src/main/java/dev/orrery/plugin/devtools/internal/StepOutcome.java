package dev.orrery.plugin.devtools.internal;

/**
 * How a {@code step} ended.
 *
 * @param asked how many frames were asked for
 * @param ran how many of them ran (0 to {@code asked})
 * @param frame the host's frame count afterwards
 * @param end why it ended
 */
record StepOutcome(long asked, long ran, long frame, End end) {
    /** Why a step ended. */
    enum End {
        /** Every frame ran. */
        DONE,
        /** The shell thread was interrupted (Ctrl-C); the rest are cancelled. */
        INTERRUPTED,
        /** No frame ended within the timeout (a system stuck in a frame); the rest are cancelled. */
        STUCK
    }
}
