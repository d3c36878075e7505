package dev.orrery.testsupport.soak;

import java.util.Locale;

/**
 * Frames run against the frames a real-time host should have run in the same wall time: the soak's
 * "frames lost".
 *
 * @param wallSeconds the wall time measured, seconds
 * @param framesRun the frames the host ran in it
 * @param rate the host's frame rate, Hz
 */
public record FrameAccount(double wallSeconds, long framesRun, int rate) {
    /**
     * @throws IllegalArgumentException if the rate is not positive or a figure is negative
     */
    public FrameAccount {
        if (rate < 1) {
            throw new IllegalArgumentException("FrameAccount: rate must be >= 1 Hz, got " + rate);
        }
        if (wallSeconds < 0 || framesRun < 0) {
            throw new IllegalArgumentException("FrameAccount: negative figures: " + wallSeconds + " s, " + framesRun
                    + " frames");
        }
    }

    /**
     * @param startNanos {@code System.nanoTime()} at the start
     * @param endNanos {@code System.nanoTime()} at the end
     * @param framesRun the frames run between them
     * @param rate the frame rate, Hz
     * @return the account of that span
     */
    public static FrameAccount between(long startNanos, long endNanos, long framesRun, int rate) {
        return new FrameAccount((endNanos - startNanos) / 1e9, framesRun, rate);
    }

    /** @return the frames the wall time holds at the rate (whole frames) */
    public long expected() {
        return (long) Math.floor(wallSeconds * rate);
    }

    /** @return the frames expected but not run; 0 when the host kept up */
    public long lost() {
        return Math.max(0, expected() - framesRun);
    }

    /** @return e.g. {@code wall time 61.2 s; frames run 3670 of 3672 expected; frames lost 2 (0.05 %)} */
    public String describe() {
        return String.format(Locale.ROOT, "wall time %.1f s; frames run %d of %d expected; frames lost %d (%.2f %%)",
                wallSeconds, framesRun, expected(), lost(), 100.0 * lost() / Math.max(1, expected()));
    }
}
