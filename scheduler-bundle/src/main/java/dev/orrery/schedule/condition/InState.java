package dev.orrery.schedule.condition;

import dev.orrery.schedule.ClockedCondition;
import dev.orrery.world.World;

/** {@link RunIf#inState}: true while the state is the top of the world's {@link StateStack}. */
final class InState implements ClockedCondition {
    private final String state;

    InState(String state) {
        this.state = state;
    }

    @Override
    public boolean test(World world) {
        return state.equals(StateStack.topOrNull(world));
    }

    @Override
    public String toString() {
        return "inState(" + state + ")";
    }
}
