package dev.orrery.schedule.condition;

import dev.orrery.schedule.ClockedCondition;
import dev.orrery.schedule.Condition;
import dev.orrery.world.World;

/** {@link RunIf#negate}: the inverse of its operand, which is tested every time. */
final class Negate implements ClockedCondition {
    private final Condition operand;

    Negate(Condition operand) {
        this.operand = operand;
    }

    @Override
    public boolean test(World world) {
        return !operand.test(world);
    }

    @Override
    public void place(String place) {
        RunIf.placeOperand(operand, place + "/not");
    }

    @Override
    public String toString() {
        return "negate(" + operand + ")";
    }
}
