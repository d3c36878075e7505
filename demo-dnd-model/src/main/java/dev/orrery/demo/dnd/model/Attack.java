package dev.orrery.demo.dnd.model;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;

/**
 * Entity trait: a combatant's attack.
 *
 * @param weapon its name ("longsword")
 * @param bonus added to the d20 attack roll
 * @param damage damage on a hit (a critical hit, a natural 20, rolls the dice twice)
 * @param range reach in squares (1: melee)
 */
public record Attack(String weapon, int bonus, Dice damage, int range) {
    /** The entity trait. */
    public static final Trait<Attack> TRAIT = Trait.<Attack>builder("dnd/attack")
            .defaultValue(new Attack("fists", 0, Dice.of(1, 2, 0), 1))
            .persistent(1, TraitCodec.of(Attack.class)).build();
}
