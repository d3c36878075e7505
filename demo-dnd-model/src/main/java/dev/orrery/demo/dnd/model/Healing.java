package dev.orrery.demo.dnd.model;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;

/**
 * Entity trait: a healer's spell and how many casts are left.
 *
 * @param spell its name
 * @param uses casts left
 * @param amount hit points restored per cast
 * @param range reach in squares
 */
public record Healing(String spell, int uses, Dice amount, int range) {
    /** The entity trait. */
    public static final Trait<Healing> TRAIT = Trait.<Healing>builder("dnd/healing")
            .defaultValue(new Healing("cure wounds", 0, Dice.of(1, 8, 0), 1))
            .persistent(1, TraitCodec.of(Healing.class)).build();

    /** @return this with one use fewer (never below 0) */
    public Healing used() {
        return new Healing(spell, Math.max(0, uses - 1), amount, range);
    }
}
