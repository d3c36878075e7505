package dev.orrery.demo.dnd.model;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;

/**
 * Entity trait, a marker: the combatant took the Dodge action; attacks against it roll with
 * disadvantage until the start of its next turn.
 *
 * @param since the turn it dodged on
 */
public record Dodging(int since) {
    /** The entity trait. */
    public static final Trait<Dodging> TRAIT = Trait.<Dodging>builder("dnd/dodging")
            .defaultValue(new Dodging(0))
            .persistent(1, TraitCodec.of(Dodging.class)).build();
}
