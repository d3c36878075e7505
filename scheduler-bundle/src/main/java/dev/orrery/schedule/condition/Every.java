package dev.orrery.schedule.condition;

import dev.orrery.world.World;

/**
 * {@link RunIf#every}: true in each pass in which the counted time reaches the current interval; the
 * overshoot carries into the next interval, modulo its length (a long pass fires once, no burst).
 */
final class Every extends TimedCondition {
    /** The shortest interval, as a fraction of the nominal one: a drawn interval is never 0. */
    static final double MIN_FRACTION = 0.1;

    private final double interval;
    private final double jitter;

    Every(double interval, double jitter) {
        super("every(" + interval + ", " + jitter + ")");
        this.interval = interval;
        this.jitter = jitter;
    }

    @Override
    boolean advance(World world, TimerState state, double dt, boolean first) {
        if (first) {
            state.next = draw(world);
        }
        state.elapsed += dt;
        if (state.elapsed < state.next) {
            return false;
        }
        double over = state.elapsed - state.next;
        state.next = draw(world);
        state.elapsed = over % state.next;
        return true;
    }

    /** @return the next interval: the nominal one, or with jitter drawn from the world's stream, clamped */
    private double draw(World world) {
        if (jitter == 0) {
            return interval;
        }
        double u = JitterStream.of(world).nextDouble();
        return Math.max(interval + jitter * (2 * u - 1), interval * MIN_FRACTION);
    }
}
