package dev.orrery.demo.dnd.model;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;

/**
 * Entity trait, a marker: the combatant dropped to 0 hit points and is out of the fight.
 *
 * @param turn the turn it fell on
 */
public record Fallen(int turn) {
    /** The entity trait. */
    public static final Trait<Fallen> TRAIT = Trait.<Fallen>builder("dnd/fallen")
            .defaultValue(new Fallen(0))
            .persistent(1, TraitCodec.of(Fallen.class)).build();
}
