package dev.orrery.schedule.condition;

import dev.orrery.schedule.ClockedCondition;
import dev.orrery.schedule.PassClock;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import dev.orrery.world.snapshot.LateDefinitions;

/**
 * A condition that counts time: its state lives per world in a persistent world trait of its own
 * (made when the condition is placed, or at its first test; its id is the place), and it advances by the pass's dt at most once per pass (see {@link RunIf}). Tested
 * again in the same pass, it returns the decision of that pass. Allocation-free after its first test
 * in a world.
 */
abstract class TimedCondition implements ClockedCondition {
    private final String description;
    /** The state's trait: made by the first {@link #place} or the first test, then fixed. */
    private volatile Trait<TimerState> trait;

    TimedCondition(String description) {
        this.description = description;
    }

    @Override
    public final void place(String place) {
        if (place == null || place.isBlank()) {
            throw new IllegalArgumentException("ClockedCondition.place: the place of " + description + " is missing or blank");
        }
        trait("runIf timer " + place);
    }

    /** @return the state's trait, made with {@code id} if this is the first call */
    private Trait<TimerState> trait(String id) {
        Trait<TimerState> t = trait;
        if (t == null) {
            synchronized (this) {
                t = trait;
                if (t == null) {
                    t = Trait.<TimerState>builder(id).defaultFactory(TimerState::new)
                            .persistent(1, TimerCodec.INSTANCE).build();
                    trait = t;
                }
            }
        }
        return t;
    }

    @Override
    public final boolean test(World world) {
        Trait<TimerState> t = trait;
        if (t == null) {
            t = trait("runIf " + description); // tested outside any schedule before being placed
        }
        PassClock clock = PassClock.of(world);
        TimerState state = world.get(t);
        if (state == null) {
            state = LateDefinitions.worldValue(world, t);
            if (state == null) {
                state = world.add(t);
            }
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
