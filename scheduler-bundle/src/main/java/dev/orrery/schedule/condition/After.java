package dev.orrery.schedule.condition;

import dev.orrery.world.World;

/** {@link RunIf#after}: true in the one pass in which the counted time reaches the delay, then never. */
final class After extends TimedCondition {
    private final double delay;

    After(double delay) {
        super("after(" + delay + ")");
        this.delay = delay;
    }

    @Override
    boolean advance(World world, TimerState state, double dt, boolean first) {
        if (state.done) {
            return false;
        }
        state.elapsed += dt;
        if (state.elapsed >= delay) {
            state.done = true;
            return true;
        }
        return false;
    }
}
