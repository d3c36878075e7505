package dev.orrery.plugin.example;

/**
 * Simulated time of one world, in seconds, as the example clock adds it up frame by frame, with the
 * number of whole seconds already announced.
 *
 * <p>dt values such as 1/60 s are not exact in binary floating point: sixty of them add up to a
 * little less than 1.0 (and 120 to just under 2.0), so {@code Math.floor} of the sum would announce
 * a second one frame late, or never for the last second. A second counts as passed once the sum is
 * within {@link #EPSILON_SECONDS} of it. Mutable; owned by the frame thread (it lives in a world
 * trait).
 */
public final class SimulatedTime {
    /** How close (seconds) the sum must come to a whole second for that second to count as passed. */
    public static final double EPSILON_SECONDS = 1e-9;

    private double seconds;
    private long announced;

    /** Starts at 0 s with nothing announced. */
    public SimulatedTime() {
    }

    /**
     * Adds one frame's dt.
     *
     * @param dt the frame's time step, seconds; not negative
     * @return how many whole seconds this frame completed (usually 0 or 1; more when dt spans several)
     * @throws IllegalArgumentException if dt is negative or not finite
     */
    public long advance(double dt) {
        if (!(dt >= 0) || Double.isInfinite(dt)) {
            throw new IllegalArgumentException("example/clock: dt must be a finite number >= 0 seconds, got " + dt);
        }
        seconds += dt;
        long whole = (long) Math.floor(seconds + EPSILON_SECONDS);
        long completed = whole - announced;
        announced = Math.max(announced, whole);
        return Math.max(0, completed);
    }

    /** @return the simulated time so far, seconds (the plain floating-point sum of every dt) */
    public double seconds() {
        return seconds;
    }

    /** @return the whole seconds completed so far (the last one announced) */
    public long wholeSeconds() {
        return announced;
    }
}
