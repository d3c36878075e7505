package dev.orrery.testsupport.soak;

import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The soak's control measurement: the same host and clock with no plug events for a while, so that
 * the figures of the plug cycles can be told from what the (shared) machine does to a real-time
 * frame loop anyway.
 *
 * <p>This is a measuring window: it sleeps for its length on purpose, and asserts nothing.
 */
public final class IdleControl {
    private IdleControl() {
    }

    /**
     * Resets the probe's gaps (limit: two frame periods), lets the host run for the given time, and
     * describes what happened.
     *
     * @param probe the probe the clock plugin ticks
     * @param frames the host's frame count ({@code host.status().frames()})
     * @param seconds how long; 0 or less skips the control
     * @param rate the host's frame rate, Hz
     * @return one report line: frames lost and gaps over two periods while idle
     * @throws InterruptedException if interrupted while measuring
     */
    public static String measure(SoakProbe probe, LongSupplier frames, int seconds, int rate) throws InterruptedException {
        Objects.requireNonNull(probe, "IdleControl.measure: probe");
        Objects.requireNonNull(frames, "IdleControl.measure: frames");
        if (seconds <= 0) {
            return "idle control: skipped";
        }
        probe.resetGaps(2 * (1_000_000_000L / rate));
        long startNanos = System.nanoTime();
        long startFrames = frames.getAsLong();
        Thread.sleep(TimeUnit.SECONDS.toMillis(seconds)); // the measuring window, not a wait for an event
        FrameAccount idle = FrameAccount.between(startNanos, System.nanoTime(), frames.getAsLong() - startFrames, rate);
        return String.format(Locale.ROOT,
                "idle control (no plug events, %.1f s): frames run %d of %d expected; frames lost %d;"
                        + " gaps > 2 periods %d; longest gap %.1f ms",
                idle.wallSeconds(), idle.framesRun(), idle.expected(), idle.lost(), probe.gapsOverLimit(),
                probe.maxGapNanos() / 1e6);
    }
}
