package dev.orrery.schedule.condition;

import dev.orrery.schedule.ClockedCondition;
import dev.orrery.schedule.Condition;
import dev.orrery.world.World;

/** {@link RunIf#either}: logical OR, short-circuiting (the right operand is tested only when the left fails). */
final class Either implements ClockedCondition {
    private final Condition left;
    private final Condition right;

    Either(Condition left, Condition right) {
        this.left = left;
        this.right = right;
    }

    @Override
    public boolean test(World world) {
        return left.test(world) || right.test(world);
    }

    @Override
    public void place(String place) {
        RunIf.placeOperand(left, place + "/left");
        RunIf.placeOperand(right, place + "/right");
    }

    @Override
    public String toString() {
        return "either(" + left + ", " + right + ")";
    }
}
