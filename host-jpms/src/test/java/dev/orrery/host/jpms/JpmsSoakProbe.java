package dev.orrery.host.jpms;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ObjLongConsumer;

/**
 * The JPMS soak harness's probe ({@link JpmsSoakRun}), the counterpart of host-itests' {@code SoakProbe}:
 * kept in the world as the value of a trait named {@value #TRAIT_NAME}. The plugin jars see it only as
 * a JDK type, {@code ObjLongConsumer<String>} (they share no class with the harness but the platform
 * modules' and the JDK's): the clock plugin's system calls {@code accept("tick", System.nanoTime())}
 * once per frame; the soak plugin's system calls {@code accept("1" or "2", System.nanoTime())}, the
 * version of its jar, each time it runs. Written on the frame thread, read on the harness's: every
 * method is synchronized (a few calls per frame at 60 Hz).
 */
public final class JpmsSoakProbe implements ObjLongConsumer<String> {
    /** The name of the world trait the plugins look the probe up by. */
    public static final String TRAIT_NAME = "soak/probe";
    /** The report of the clock plugin's system. */
    public static final String TICK = "tick";
    private static final int MAX_GAPS_KEPT = 10_000;

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
     * Frame thread: a plugin's system ran.
     *
     * @param what {@value #TICK} (the clock: one frame ran) or the soak jar's version
     * @param nowNanos {@code System.nanoTime()} now
     */
    @Override
    public synchronized void accept(String what, long nowNanos) {
        if (TICK.equals(what)) {
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
            return;
        }
        lastRunFrame.put(what, frames);
        if (what.equals(expected) && expectedFirstRunNanos == 0) {
            expectedFirstRunNanos = nowNanos;
        }
    }

    /**
     * Starts waiting for the first run of a version's code.
     *
     * @param version the soak jar's version, e.g. {@code 2}
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
     * @param version a soak jar version
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
        gapEnds.clear();
    }

    /** @return when the gaps over the limit since {@link #resetGaps} ended ({@code System.nanoTime()}), the first {@value #MAX_GAPS_KEPT} */
    public synchronized List<Long> gapEnds() {
        return List.copyOf(gapEnds);
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
