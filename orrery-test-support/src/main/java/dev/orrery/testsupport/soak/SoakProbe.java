package dev.orrery.testsupport.soak;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ObjLongConsumer;

/**
 * What the hot-plug soak harnesses measure on the frame thread, shared by the OSGi soak (host-itests'
 * {@code HotPlugSoak}) and the JPMS soak (host-jpms' {@code JpmsSoakRun}): a clock plugin's system
 * {@linkplain #tick ticks} it once per frame (frame count, gaps between frames), the soak plugin's
 * system reports each {@linkplain #ran run} with the version of its code. The harness keeps the probe
 * in the world as a trait value.
 *
 * <p>It is also an {@code ObjLongConsumer<String>}: plugin code that shares no class with the harness
 * but the JDK's (the JPMS soak's plugin jars) reports through {@link #accept}: {@value #TICK} for a
 * tick, anything else a version.
 *
 * <p>Threads: written on the frame thread, read on the harness's; every method is synchronized (a
 * few calls per frame at 60 Hz). Times are {@code System.nanoTime()} values passed in by the caller.
 */
public final class SoakProbe implements ObjLongConsumer<String> {
    /** What the clock plugin reports to {@link #accept} for a tick. */
    public static final String TICK = "tick";
    /** How many gap ends {@link #gapEnds()} keeps at most. */
    public static final int MAX_GAPS_KEPT = 10_000;

    private long frames; // guarded by this
    private long lastTickNanos; // guarded by this
    private long maxGapNanos; // guarded by this
    private long gapLimitNanos = Long.MAX_VALUE; // guarded by this
    private long gapsOverLimit; // guarded by this
    private String expected = ""; // guarded by this
    private long expectedFirstRunNanos; // guarded by this
    private final Map<String, Long> lastRunFrame = new HashMap<>(); // guarded by this
    private final List<Long> gapEnds = new ArrayList<>(); // guarded by this

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
                if (gapEnds.size() < MAX_GAPS_KEPT) {
                    gapEnds.add(nowNanos);
                }
            }
        }
        lastTickNanos = nowNanos;
        frames++;
    }

    /**
     * Frame thread: the soak plugin's system ran.
     *
     * @param version the version of the code that ran (a bundle version, a jar's number)
     * @param nowNanos {@code System.nanoTime()} now
     * @throws NullPointerException if version is null
     */
    public synchronized void ran(String version, long nowNanos) {
        Objects.requireNonNull(version, "SoakProbe.ran: version");
        lastRunFrame.put(version, frames);
        if (version.equals(expected) && expectedFirstRunNanos == 0) {
            expectedFirstRunNanos = nowNanos;
        }
    }

    /**
     * Frame thread: a report from code that sees the probe as an {@code ObjLongConsumer<String>}.
     *
     * @param what {@value #TICK} ({@link #tick}) or a version ({@link #ran})
     * @param nowNanos {@code System.nanoTime()} now
     */
    @Override
    public void accept(String what, long nowNanos) {
        if (TICK.equals(what)) {
            tick(nowNanos);
        } else {
            ran(what, nowNanos);
        }
    }

    /**
     * Starts waiting for the first run of a version's code.
     *
     * @param version e.g. {@code 2.0.0}
     */
    public synchronized void expect(String version) {
        expected = Objects.requireNonNull(version, "SoakProbe.expect: version");
        expectedFirstRunNanos = 0;
    }

    /** @return when the expected version's code first ran since {@link #expect}, 0 while it has not */
    public synchronized long expectedFirstRunNanos() {
        return expectedFirstRunNanos;
    }

    /**
     * @param version a version
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
     * @param limitNanos gaps longer than this are counted (and their ends kept)
     */
    public synchronized void resetGaps(long limitNanos) {
        gapLimitNanos = limitNanos;
        gapsOverLimit = 0;
        maxGapNanos = 0;
        gapEnds.clear();
    }

    /** @return gaps between frames longer than the limit since {@link #resetGaps} */
    public synchronized long gapsOverLimit() {
        return gapsOverLimit;
    }

    /** @return the longest gap between frames since {@link #resetGaps}, nanoseconds */
    public synchronized long maxGapNanos() {
        return maxGapNanos;
    }

    /**
     * @return when the gaps over the limit since {@link #resetGaps} ended ({@code System.nanoTime()}),
     *     the first {@value #MAX_GAPS_KEPT}
     */
    public synchronized List<Long> gapEnds() {
        return List.copyOf(gapEnds);
    }
}
