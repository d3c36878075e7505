package dev.orrery.schedule.condition;

import dev.orrery.schedule.ClockedCondition;
import dev.orrery.schedule.PassClock;
import dev.orrery.world.Trait;
import dev.orrery.world.World;

/**
 * A condition that counts time: its state lives per world in a world trait of its own (created with
 * the condition), and it advances by the pass's dt at most once per pass (see {@link RunIf}). Tested
 * again in the same pass, it returns the decision of that pass. Allocation-free after its first test
 * in a world.
 */
abstract class TimedCondition implements ClockedCondition {
    private final String description;
    private final Trait<TimerState> trait;

    TimedCondition(String description) {
        this.description = description;
        this.trait = Trait.<TimerState>builder("runIf " + description).defaultFactory(TimerState::new)
                .persistent(1, TimerCodec.INSTANCE).build();
    }

    @Override
    public final boolean test(World world) {
        PassClock clock = PassClock.of(world);
        TimerState state = world.get(trait);
        if (state == null) {
            state = world.add(trait);
        }
        long pass = clock.pass();
        if (state.pass == pass) {
            return state.result;
        }
        boolean first = state.pass < 0;
        boolean result = advance(world, state, clock.dt(), first);
        state.pass = pass;
        state.result = result;
        return result;
    }

    /**
     * Advances the state by one pass.
     *
     * @param world the world (for the jitter stream)
     * @param state this condition's state in that world
     * @param dt the pass's dt in seconds
     * @param first whether this is the condition's first pass in that world
     * @return the decision of this pass
     */
    abstract boolean advance(World world, TimerState state, double dt, boolean first);

    @Override
    public final String toString() {
        return description;
    }
}
