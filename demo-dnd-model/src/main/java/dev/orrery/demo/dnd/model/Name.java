package dev.orrery.demo.dnd.model;

import dev.orrery.world.Trait;

/**
 * Entity trait: a combatant's unique display name ("Aria", "Goblin 2"). Unique names are also the
 * tie-break of every choice the rules make, so results never depend on entity iteration order.
 *
 * @param value the name
 */
public record Name(String value) {
    /** The entity trait; a prefab gives a placeholder, each spawn overrides it. */
    public static final Trait<Name> TRAIT = Trait.withDefault("dnd/name", new Name("?"));

    @Override
    public String toString() {
        return value;
    }
}
