package dev.orrery.demo.dnd.model;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;

/**
 * Entity trait: a combatant's unique display name ("Aria", "Goblin 2"). Unique names are also the
 * tie-break of every choice the rules make, so results never depend on entity iteration order.
 *
 * @param value the name
 */
public record Name(String value) {
    /** The entity trait; a prefab gives a placeholder, each spawn overrides it. */
    public static final Trait<Name> TRAIT = Trait.<Name>builder("dnd/name")
            .defaultValue(new Name("?"))
            .persistent(1, TraitCodec.of(Name.class)).build();

    @Override
    public String toString() {
        return value;
    }
}
