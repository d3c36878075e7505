package dev.orrery.host.internal.frame;

import dev.orrery.host.FrameMode;
import dev.orrery.host.HostSettings;
import dev.orrery.schedule.VirtualTime;
import java.util.function.LongSupplier;

/**
 * Frame timing: the dt of each frame and when the next frame is due.
 *
 * <p>Real-time mode: dt is the time since the previous frame, measured with the injected clock and
 * clamped to {@code maxDt} seconds by the rule worlds use too ({@code VirtualTime.clamp}); frames are
 * due every {@code 1/rate} seconds, and a loop that fell
 * more than one period behind starts counting again from now instead of running a burst of frames.
 * Fixed mode: every frame gets {@code fixedDt}; frames are paced at {@code rate} when it is positive and
 * unpaced when it is 0. After an idle spell (paused, nothing to run) {@link #restart()} makes the next
 * dt count from the restart, so a pause never turns into a dt jump.
 *
 * <p>Frame thread only.
 */
final class FramePacer {
    private final LongSupplier nanoTime;
    private long last;
    private long deadline;

    /** @param nanoTime the clock, in nanoseconds ({@code System::nanoTime} in production) */
    FramePacer(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
        restart();
    }

    /** @return the clock's time now, nanoseconds */
    long now() {
        return nanoTime.getAsLong();
    }

    /** Forgets the past: the next frame's dt counts from now and it is due now. */
    void restart() {
        last = nanoTime.getAsLong();
        deadline = last;
    }

    /**
     * Starts a frame.
     *
     * @param config the timing in force
     * @return the frame's dt in seconds
     */
    double beginFrame(HostSettings config) {
        long now = nanoTime.getAsLong();
        double dt = config.mode() == FrameMode.FIXED ? config.fixedDt() : VirtualTime.clamp((now - last) / 1e9, config.maxDt());
        last = now;
        return dt;
    }

    /**
     * Ends a frame.
     *
     * @param config the timing in force
     * @return when the next frame is due (clock nanoseconds), or {@code Long.MIN_VALUE} when frames are
     *     unpaced
     */
    long nextDeadline(HostSettings config) {
        if (!(config.rate() > 0)) {
            return Long.MIN_VALUE;
        }
        long period = (long) (1e9 / config.rate());
        deadline += period;
        long now = nanoTime.getAsLong();
        if (deadline < now - period) {
            deadline = now;
        }
        return deadline;
    }
}
