package dev.orrery.demo.dnd.model;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;

/**
 * Entity trait: a square of the battle grid.
 *
 * @param x column
 * @param y row
 */
public record Position(int x, int y) {
    /** The entity trait. */
    public static final Trait<Position> TRAIT = Trait.<Position>builder("dnd/position")
            .defaultValue(new Position(0, 0))
            .persistent(1, TraitCodec.of(Position.class)).build();

    /**
     * @param other another square
     * @return the grid distance (diagonal steps count 1, as in 5e's default rule)
     */
    public int distanceTo(Position other) {
        return Math.max(Math.abs(x - other.x), Math.abs(y - other.y));
    }

    @Override
    public String toString() {
        return "(" + x + "," + y + ")";
    }
}
