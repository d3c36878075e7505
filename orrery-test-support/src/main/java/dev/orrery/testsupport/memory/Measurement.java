package dev.orrery.testsupport.memory;

import java.util.List;
import java.util.Objects;

/**
 * What an {@link AllocationMeter} saw: the bytes the thread allocated in each measured window, in
 * order. The last window is the first that allocated nothing, or the meter's last.
 *
 * @param windowBytes bytes per measured window, the counter's own overhead subtracted; at least one
 * @param overheadBytes what two back-to-back reads of the counter allocate (subtracted above)
 * @param warmUpWindows the unmeasured windows run first
 * @param maxWindows the measured windows the meter would have run at most
 */
public record Measurement(List<Long> windowBytes, long overheadBytes, int warmUpWindows, int maxWindows) {
    /**
     * @throws IllegalArgumentException if there is no window
     * @throws NullPointerException if windowBytes is null
     */
    public Measurement {
        windowBytes = List.copyOf(Objects.requireNonNull(windowBytes, "Measurement: windowBytes"));
        if (windowBytes.isEmpty()) {
            throw new IllegalArgumentException("Measurement: no measured window");
        }
    }

    /**
     * @return the bytes of the quietest window: 0 when some window allocated nothing, so code that
     *     allocates per call never gives 0 and a one-off allocation of the JIT does not keep it above
     */
    public long leastBytes() {
        return windowBytes.stream().mapToLong(Long::longValue).min().orElseThrow();
    }

    /**
     * @param window what one window did, e.g. {@code "20,000 warm run calls"}
     * @return a failure message: the least bytes per window and every window's bytes
     */
    public String describe(String window) {
        return "bytes allocated by " + window + ": at least " + leastBytes() + " in each of " + windowBytes.size()
                + " measured windows after " + warmUpWindows + " warm-up windows (per window " + windowBytes
                + ", counter overhead " + overheadBytes + " subtracted)";
    }
}
