package dev.orrery.host.itest.support;

import dev.orrery.world.Trait;
import java.util.HashMap;
import java.util.Map;

/**
 * World trait of the hot-plug soak harness: the {@code soak-clock} plugin's system ticks it once per
 * frame (frame count, gaps between frames), the {@code soak} plugin's system reports each run with
 * its bundle version. The value is written on the frame thread and read by the harness on its own
 * thread, so every method is synchronized (a few calls per frame at 60 Hz).
 */
public final class SoakProbe {
    /** The trait; one probe per world. */
    public static final Trait<SoakProbe> TRAIT = Trait.of("itest/soak-probe", SoakProbe::new);

    private long frames; // guarded by this
    private long lastTickNanos; // guarded by this
    private long maxGapNanos; // guarded by this
    private long gapLimitNanos = Long.MAX_VALUE; // guarded by this
    private long gapsOverLimit; // guarded by this
    private String expected = ""; // guarded by this
    private long expectedFirstRunNanos; // guarded by this
    private final Map<String, Long> lastRunFrame = new HashMap<>(); // guarded by this

    /**
     * Frame thread: one frame ran.
     *
     * @param nowNanos {@code System.nanoTime()} now
     */
    public synchronized void tick(long nowNanos) {
        if (lastTickNanos != 0) {
            long gap = nowNanos - lastTickNanos;
            maxGapNanos = Math.max(maxGapNanos, gap);
            if (gap > gapLimitNanos) {
                gapsOverLimit++;
            }
        }
        lastTickNanos = nowNanos;
        frames++;
    }

    /**
     * Frame thread: the soak plugin's system ran.
     *
     * @param version the version of the bundle whose code ran
     * @param nowNanos {@code System.nanoTime()} now
     */
    public synchronized void ran(String version, long nowNanos) {
        lastRunFrame.put(version, frames);
        if (version.equals(expected) && expectedFirstRunNanos == 0) {
            expectedFirstRunNanos = nowNanos;
        }
    }

    /**
     * Starts waiting for the first run of a version's code.
     *
     * @param version the bundle version, e.g. {@code 2.0.0}
     */
    public synchronized void expect(String version) {
        expected = version;
        expectedFirstRunNanos = 0;
    }

    /** @return when the expected version's code first ran since {@link #expect}, 0 while it has not */
    public synchronized long expectedFirstRunNanos() {
        return expectedFirstRunNanos;
    }

    /**
     * @param version a bundle version
     * @return the frame count at that version's last run, -1 if it never ran
     */
    public synchronized long lastRunFrame(String version) {
        return lastRunFrame.getOrDefault(version, -1L);
    }

    /** @return the frames ticked so far */
    public synchronized long frames() {
        return frames;
    }

    /**
     * Resets the gap statistics.
     *
     * @param limitNanos gaps longer than this are counted
     */
    public synchronized void resetGaps(long limitNanos) {
        gapLimitNanos = limitNanos;
        gapsOverLimit = 0;
        maxGapNanos = 0;
    }

    /** @return gaps between frames longer than the limit since {@link #resetGaps} */
    public synchronized long gapsOverLimit() {
        return gapsOverLimit;
    }

    /** @return the longest gap between frames since {@link #resetGaps}, nanoseconds */
    public synchronized long maxGapNanos() {
        return maxGapNanos;
    }
}
