package dev.orrery.schedule.condition;

import dev.orrery.world.World;

/**
 * {@link RunIf#cooldown}: true in its first pass, then false until the time counted since the last
 * true pass reaches the duration (no carry: at least the duration lies between two true passes).
 */
final class Cooldown extends TimedCondition {
    private final double duration;

    Cooldown(double duration) {
        super("cooldown(" + duration + ")");
        this.duration = duration;
    }

    @Override
    boolean advance(World world, TimerState state, double dt, boolean first) {
        if (first) {
            state.elapsed = 0;
            return true;
        }
        state.elapsed += dt;
        if (state.elapsed >= duration) {
            state.elapsed = 0;
            return true;
        }
        return false;
    }
}
