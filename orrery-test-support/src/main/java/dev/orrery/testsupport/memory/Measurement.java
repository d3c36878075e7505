package dev.orrery.testsupport.memory;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What an {@link AllocationMeter} saw: the bytes the thread allocated in each measured window, in
 * order, and how many iterations a window made. The last window is the first quiet one (below
 * {@value AllocationMeter#MAX_BYTES_PER_ITERATION} byte per iteration), or the meter's last.
 *
 * @param windowBytes bytes per measured window, the counter's own overhead subtracted; at least one
 * @param overheadBytes what two back-to-back reads of the counter allocate (subtracted above)
 * @param warmUpWindows the unmeasured windows run first
 * @param maxWindows the measured windows the meter would have run at most
 * @param iterationsPerWindow the iterations (frames, calls) one window made; at least 1
 */
public record Measurement(List<Long> windowBytes, long overheadBytes, int warmUpWindows, int maxWindows,
        long iterationsPerWindow) {
    /**
     * @throws IllegalArgumentException if there is no window or iterationsPerWindow is less than 1
     * @throws NullPointerException if windowBytes is null
     */
    public Measurement {
        windowBytes = List.copyOf(Objects.requireNonNull(windowBytes, "Measurement: windowBytes"));
        if (windowBytes.isEmpty()) {
            throw new IllegalArgumentException("Measurement: no measured window");
        }
        if (iterationsPerWindow < 1) {
            throw new IllegalArgumentException("Measurement: iterationsPerWindow must be >= 1, got "
                    + iterationsPerWindow);
        }
    }

    /**
     * A measurement whose window counts as one iteration ({@link AllocationMeter#measure(Runnable)}).
     *
     * @param windowBytes bytes per measured window; at least one
     * @param overheadBytes what two back-to-back reads of the counter allocate
     * @param warmUpWindows the unmeasured windows run first
     * @param maxWindows the measured windows the meter would have run at most
     */
    public Measurement(List<Long> windowBytes, long overheadBytes, int warmUpWindows, int maxWindows) {
        this(windowBytes, overheadBytes, warmUpWindows, maxWindows, 1);
    }

    /**
     * @return the bytes of the quietest window: 0 when some window allocated nothing, so code that
     *     allocates per call never gives 0 and a one-off allocation of the JIT does not keep it above
     */
    public long leastBytes() {
        return windowBytes.stream().mapToLong(Long::longValue).min().orElseThrow();
    }

    /** @return the quietest window's bytes divided by its iterations, as JMH's gc profiler gives B/op */
    public double bytesPerIteration() {
        return (double) leastBytes() / iterationsPerWindow;
    }

    /**
     * @return whether the quietest window allocated less than
     *     {@value AllocationMeter#MAX_BYTES_PER_ITERATION} byte per iteration: false for code that
     *     allocates an object on every iteration or once every few, true when a window was quiet or
     *     only one-off allocations (the JIT's) fell into every window
     */
    public boolean isAllocationFree() {
        return bytesPerIteration() < AllocationMeter.MAX_BYTES_PER_ITERATION;
    }

    /**
     * @param window what one window did, e.g. {@code "20,000 warm run calls"}
     * @return a failure message: the least bytes per window and per iteration, and every window's bytes
     */
    public String describe(String window) {
        String perIteration = iterationsPerWindow == 1 ? ""
                : String.format(Locale.ROOT, " (%.4f B per iteration of %d, at most %.1f allowed)", bytesPerIteration(),
                        iterationsPerWindow, AllocationMeter.MAX_BYTES_PER_ITERATION);
        return "bytes allocated by " + window + ": at least " + leastBytes() + perIteration + " in each of "
                + windowBytes.size() + " measured windows after " + warmUpWindows + " warm-up windows (per window "
                + windowBytes + ", counter overhead " + overheadBytes + " subtracted)";
    }
}
