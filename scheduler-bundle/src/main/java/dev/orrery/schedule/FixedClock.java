package dev.orrery.schedule;

import java.time.Duration;
import java.util.Objects;

/**
 * The clock of fixed-step phases: a name, a step in integer nanoseconds and the two catch-up limits.
 * A phase built with {@link Phase.Builder#fixed(FixedClock)} runs once per whole step of its clock
 * that the frames' dt (after {@link VirtualTime} scaling) has accumulated; its systems get
 * {@code dt == step} seconds. {@link FixedTime#of} reads a clock's state in a world.
 *
 * <p>Immutable value: two clocks are equal when their name, step and limits are. Within one schedule
 * a clock is identified by its name: two different clocks with the same name in one schedule are a
 * build error.
 *
 * <p><b>Limits.</b> Each frame's dt is added to the clock's accumulator, which is then capped at
 * {@link #maxCatchUp()} (default 250 ms); the clock runs one step per whole step held, at most
 * {@link #maxStepsPerFrame()} (default 8). Whole steps beyond that are dropped, never carried to the
 * next frame, so a hitch is followed by normal frames instead of a burst ("no wind-up"). Dropped steps
 * and the time they stand for are counted ({@link FixedTime#droppedSteps()},
 * {@link FixedTime#timeDebt()}).
 *
 * @since 0.1
 */
public final class FixedClock {
    /** The default {@link #maxStepsPerFrame()}: 8, Godot's {@code max_physics_steps_per_frame}. */
    public static final int DEFAULT_MAX_STEPS_PER_FRAME = 8;
    /**
     * The default {@link #maxCatchUp()}: 250 ms, Bevy's maximum delta of virtual time; for a clock whose
     * step is longer (slower than 4 Hz), one step, so that the clock can run at all.
     */
    public static final Duration DEFAULT_MAX_CATCH_UP = Duration.ofMillis(250);

    private final String name;
    private final long stepNanos;
    private final int maxStepsPerFrame;
    private final long maxCatchUpNanos;

    private FixedClock(String name, long stepNanos, int maxStepsPerFrame, long maxCatchUpNanos) {
        this.name = name;
        this.stepNanos = stepNanos;
        this.maxStepsPerFrame = maxStepsPerFrame;
        this.maxCatchUpNanos = maxCatchUpNanos;
    }

    /**
     * A clock running {@code hz} steps per second: the step is {@code 1e9 / hz} nanoseconds, truncated
     * to whole nanoseconds (60 Hz: 16,666,666 ns), with the default limits. Truncated, not rounded, so
     * that a frame lasting exactly {@code k} steps (a dt of {@code k / hz} seconds, which the run call
     * rounds to the nearest nanosecond) always runs {@code k} steps.
     *
     * @param name the clock's name, shown by tools; required
     * @param hz steps per second; finite, positive and at most 1e9 (one step per nanosecond)
     * @return the clock
     * @throws IllegalArgumentException if {@code name} is null or blank, or {@code hz} is out of range;
     *     the message names the clock
     */
    public static FixedClock ofHz(String name, double hz) {
        checkName(name);
        if (!(hz > 0) || Double.isInfinite(hz) || hz > 1e9) {
            throw new IllegalArgumentException("FixedClock '" + name + "': hz must be finite, > 0 and <= 1e9, got " + hz);
        }
        long step = Math.max(1, (long) (1e9 / hz));
        return new FixedClock(name, step, DEFAULT_MAX_STEPS_PER_FRAME, defaultCatchUp(step));
    }

    /**
     * A clock with an exact step, with the default limits.
     *
     * @param name the clock's name; required
     * @param step the step; positive
     * @return the clock
     * @throws IllegalArgumentException if {@code name} is null or blank, or {@code step} is not positive
     */
    public static FixedClock ofStep(String name, Duration step) {
        checkName(name);
        Objects.requireNonNull(step, () -> "FixedClock '" + name + "': step is null");
        if (step.isNegative() || step.isZero()) {
            throw new IllegalArgumentException("FixedClock '" + name + "': step must be positive, got " + step);
        }
        return new FixedClock(name, step.toNanos(), DEFAULT_MAX_STEPS_PER_FRAME, defaultCatchUp(step.toNanos()));
    }

    /** @return {@link #DEFAULT_MAX_CATCH_UP}, or one step when the step is longer */
    private static long defaultCatchUp(long stepNanos) {
        return Math.max(DEFAULT_MAX_CATCH_UP.toNanos(), stepNanos);
    }

    private static void checkName(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("FixedClock: name is missing or empty");
        }
    }

    /**
     * @param max the most steps one frame runs; at least 1
     * @return a clock like this one with that limit
     * @throws IllegalArgumentException if {@code max < 1}; the message names the clock
     */
    public FixedClock maxStepsPerFrame(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("FixedClock '" + name + "': maxStepsPerFrame must be >= 1, got " + max);
        }
        return new FixedClock(name, stepNanos, max, maxCatchUpNanos);
    }

    /**
     * @param max the most time the accumulator holds after a frame's dt was added; at least one step
     * @return a clock like this one with that limit
     * @throws IllegalArgumentException if {@code max} is null or shorter than one step; the message
     *     names the clock
     */
    public FixedClock maxCatchUp(Duration max) {
        Objects.requireNonNull(max, () -> "FixedClock '" + name + "': maxCatchUp is null");
        if (max.compareTo(Duration.ofNanos(stepNanos)) < 0) {
            throw new IllegalArgumentException("FixedClock '" + name + "': maxCatchUp must be at least one step ("
                    + stepNanos + " ns), got " + max);
        }
        return new FixedClock(name, stepNanos, maxStepsPerFrame, max.toNanos());
    }

    /** @return the name */
    public String name() {
        return name;
    }

    /** @return the step in nanoseconds; positive */
    public long stepNanos() {
        return stepNanos;
    }

    /** @return the step in seconds: the dt of the systems of this clock's phases */
    public double stepSeconds() {
        return stepNanos / 1e9;
    }

    /** @return steps per second ({@code 1e9 / stepNanos}) */
    public double hz() {
        return 1e9 / stepNanos;
    }

    /** @return the most steps one frame runs (default {@value #DEFAULT_MAX_STEPS_PER_FRAME}) */
    public int maxStepsPerFrame() {
        return maxStepsPerFrame;
    }

    /** @return the cap of the accumulator (default 250 ms) */
    public Duration maxCatchUp() {
        return Duration.ofNanos(maxCatchUpNanos);
    }

    /** @return {@link #maxCatchUp()} in nanoseconds */
    public long maxCatchUpNanos() {
        return maxCatchUpNanos;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FixedClock c && c.name.equals(name) && c.stepNanos == stepNanos
                && c.maxStepsPerFrame == maxStepsPerFrame && c.maxCatchUpNanos == maxCatchUpNanos;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, stepNanos, maxStepsPerFrame, maxCatchUpNanos);
    }

    /** @return e.g. {@code FixedClock[fixed, 60.0 Hz, step=16666666 ns, maxStepsPerFrame=8, maxCatchUp=PT0.25S]} */
    @Override
    public String toString() {
        return "FixedClock[" + name + ", " + hz() + " Hz, step=" + stepNanos + " ns, maxStepsPerFrame=" + maxStepsPerFrame
                + ", maxCatchUp=" + maxCatchUp() + "]";
    }
}
