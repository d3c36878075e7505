package dev.orrery.demo.dnd.model;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;

/**
 * Entity trait: what a combatant is (fixed for the battle).
 *
 * @param role class or kind ("fighter", "goblin")
 * @param side the side it fights for
 * @param maxHp hit points when unhurt
 * @param armorClass the number an attack roll must reach to hit
 * @param initiativeBonus added to the initiative d20
 * @param speed squares it may move per turn
 */
public record Combatant(String role, Side side, int maxHp, int armorClass, int initiativeBonus, int speed) {
    /** The entity trait. */
    public static final Trait<Combatant> TRAIT = Trait.<Combatant>builder("dnd/combatant")
            .defaultValue(new Combatant("commoner", Side.MONSTERS, 4, 10, 0, 5))
            .persistent(1, TraitCodec.of(Combatant.class)).build();
}
