package dev.orrery.testsupport.memory;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Counts the bytes the calling thread allocates in steady state, the way JMH's {@code gc} profiler
 * does (the thread's allocated-bytes counter, {@code com.sun.management.ThreadMXBean}, over many
 * calls after a warm-up), with a verdict that cannot fail by chance and still catches an allocation
 * per call.
 *
 * <p>The caller hands over one <em>window</em>: a runnable that makes many iterations of the code
 * under test (thousands: one allocation per iteration then shows as thousands of objects), and says
 * how many. The meter runs {@code warmUpWindows} windows unmeasured, then measures window after window,
 * at most {@code maxWindows}, and stops at the first <em>quiet</em> one: below
 * {@value #MAX_BYTES_PER_ITERATION} byte per iteration (0 bytes for a window counted as one iteration).
 * The verdict,
 * {@link Measurement#isAllocationFree()}, takes the quietest window divided by its iterations and
 * compares it with {@value #MAX_BYTES_PER_ITERATION} byte per iteration, a sixteenth of the smallest
 * object (16 bytes on a 64-bit HotSpot): code that allocates on every iteration, or once every few
 * (up to every sixteenth), allocates above it in every window and fails; a one-off allocation of the
 * JIT (a tier change, or a deoptimisation that re-creates objects escape analysis had removed, more
 * likely on a loaded machine) falls into one or a few windows, and even when it falls into all of
 * them it stays below one byte per iteration, so it does not fail the test. Stopping at the first quiet
 * window gives the verdict the quietest of all {@code maxWindows} would give, in fewer windows. What it
 * does not catch:
 * an allocation rarer than once every sixteen iterations (the JMH benchmarks with {@code -prof gc}
 * give that figure).
 *
 * <pre>{@code
 * assumeTrue(AllocationMeter.isSupported(), "this JVM cannot count allocated bytes per thread");
 * Measurement m = AllocationMeter.standard().measure(20_000, () -> {
 *     for (int i = 0; i < 20_000; i++) {
 *         schedule.run(world, 0.016);
 *     }
 * });
 * assertTrue(m.isAllocationFree(), m.describe("20,000 warm run calls"));
 * }</pre>
 *
 * <p>Threads: measures the thread that calls {@link #measure}; the window runs on it. Immutable.
 */
public final class AllocationMeter {
    /** Unmeasured windows before the first measured one, by default. */
    public static final int DEFAULT_WARM_UP_WINDOWS = 2;
    /** Measured windows at most, by default. */
    public static final int DEFAULT_MAX_WINDOWS = 12;
    /**
     * The most the quietest window may allocate per iteration for {@link Measurement#isAllocationFree()},
     * bytes: a sixteenth of the smallest object.
     */
    public static final double MAX_BYTES_PER_ITERATION = 1.0;

    private final int warmUpWindows;
    private final int maxWindows;

    private AllocationMeter(int warmUpWindows, int maxWindows) {
        this.warmUpWindows = warmUpWindows;
        this.maxWindows = maxWindows;
    }

    /**
     * @return whether this JVM counts the bytes each thread allocates (HotSpot does, unless turned off);
     *     when not, {@link #measure} throws
     */
    public static boolean isSupported() {
        try {
            return Counter.supported();
        } catch (LinkageError e) { // no jdk.management module
            return false;
        }
    }

    /**
     * @return a meter with {@value #DEFAULT_WARM_UP_WINDOWS} warm-up windows and at most
     *     {@value #DEFAULT_MAX_WINDOWS} measured ones
     */
    public static AllocationMeter standard() {
        return new AllocationMeter(DEFAULT_WARM_UP_WINDOWS, DEFAULT_MAX_WINDOWS);
    }

    /**
     * @param warmUpWindows unmeasured windows first; at least 0
     * @param maxWindows measured windows at most; at least 1
     * @return a meter with these counts
     * @throws IllegalArgumentException if a count is out of range
     */
    public static AllocationMeter windows(int warmUpWindows, int maxWindows) {
        if (warmUpWindows < 0) {
            throw new IllegalArgumentException("AllocationMeter: warmUpWindows must be >= 0, got " + warmUpWindows);
        }
        if (maxWindows < 1) {
            throw new IllegalArgumentException("AllocationMeter: maxWindows must be >= 1, got " + maxWindows);
        }
        return new AllocationMeter(warmUpWindows, maxWindows);
    }

    /**
     * Runs the warm-up windows, then measured windows until one allocates nothing or the maximum is
     * reached; the verdict counts the window as one iteration (so {@link Measurement#isAllocationFree()}
     * asks for a window of 0 bytes). Prefer {@link #measure(long, Runnable)}.
     *
     * @param window many calls of the code under test; run on this thread, {@code warmUpWindows} +
     *     between 1 and {@code maxWindows} times
     * @return the bytes of each measured window
     * @throws IllegalStateException if this JVM cannot count allocated bytes ({@link #isSupported()})
     * @throws NullPointerException if window is null
     */
    public Measurement measure(Runnable window) {
        return measure(1, window);
    }

    /**
     * Runs the warm-up windows, then measured windows until one is quiet (below
     * {@value #MAX_BYTES_PER_ITERATION} byte per iteration) or the maximum is reached.
     *
     * @param iterationsPerWindow how many iterations (frames, calls) one run of {@code window} makes;
     *     at least 1; the divisor of {@link Measurement#bytesPerIteration()}
     * @param window that many iterations of the code under test; run on this thread,
     *     {@code warmUpWindows} + between 1 and {@code maxWindows} times
     * @return the bytes of each measured window
     * @throws IllegalArgumentException if iterationsPerWindow is less than 1
     * @throws IllegalStateException if this JVM cannot count allocated bytes ({@link #isSupported()})
     * @throws NullPointerException if window is null
     */
    public Measurement measure(long iterationsPerWindow, Runnable window) {
        Objects.requireNonNull(window, "AllocationMeter.measure: window");
        if (iterationsPerWindow < 1) {
            throw new IllegalArgumentException("AllocationMeter.measure: iterationsPerWindow must be >= 1, got "
                    + iterationsPerWindow);
        }
        if (!isSupported()) {
            throw new IllegalStateException("AllocationMeter: this JVM cannot count the bytes a thread allocates");
        }
        Counter counter = new Counter();
        for (int i = 0; i < warmUpWindows; i++) {
            window.run();
        }
        long overhead = counter.overhead();
        List<Long> bytes = new ArrayList<>(maxWindows);
        for (int i = 0; i < maxWindows; i++) {
            long before = counter.allocated();
            window.run();
            long allocated = Math.max(0, counter.allocated() - before - overhead);
            bytes.add(allocated);
            if ((double) allocated / iterationsPerWindow < MAX_BYTES_PER_ITERATION) {
                break; // quiet: the verdict of more windows would be the same
            }
        }
        return new Measurement(bytes, overhead, warmUpWindows, maxWindows, iterationsPerWindow);
    }

    @Override
    public String toString() {
        return "AllocationMeter[warmUpWindows=" + warmUpWindows + ", maxWindows=" + maxWindows + "]";
    }

    /** The thread's allocated-bytes counter, in a class of its own so that a JVM without it fails to link here only. */
    private static final class Counter {
        private final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

        static boolean supported() {
            if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)) {
                return false;
            }
            return threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled();
        }

        long allocated() {
            return threads.getCurrentThreadAllocatedBytes();
        }

        /** @return the least the counter itself reports across two back-to-back reads (0 once warm) */
        long overhead() {
            long least = Long.MAX_VALUE;
            for (int i = 0; i < 3; i++) {
                long before = allocated();
                least = Math.min(least, allocated() - before);
            }
            return least;
        }
    }
}
