package dev.orrery.demo.dnd;

import dev.orrery.demo.dnd.model.ActionKind;
import dev.orrery.demo.dnd.model.Attack;
import dev.orrery.demo.dnd.model.Combatant;
import dev.orrery.demo.dnd.model.Decision;
import dev.orrery.demo.dnd.model.Healing;
import dev.orrery.demo.dnd.model.Health;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;

/**
 * What the acting combatant may do now, after moving: attack each enemy in range, heal each hurt ally
 * in range (while casts are left), or dodge. The AI and the console choose from the same list, in
 * this order: attacks, heals, dodge; targets by name.
 */
public final class ActionOptions {
    private ActionOptions() {
    }

    /**
     * @param world the world
     * @param actor the acting combatant
     * @param by who will decide, stored in the decisions
     * @return the options, never empty (dodge is always there)
     */
    public static List<Decision> of(World world, long actor, String by) {
        List<Decision> out = new ArrayList<>();
        Attack attack = world.get(actor, Attack.TRAIT);
        for (long enemy : Battlefield.standing(world, Battlefield.side(world, actor).opponent())) {
            if (Battlefield.distance(world, actor, enemy) <= attack.range()) {
                out.add(new Decision(ActionKind.ATTACK, Battlefield.name(world, enemy), by));
            }
        }
        Healing healing = world.get(actor, Healing.TRAIT);
        if (healing != null && healing.uses() > 0) {
            for (long ally : Battlefield.standing(world, Battlefield.side(world, actor))) {
                boolean hurt = world.get(ally, Health.TRAIT).hp() < world.get(ally, Combatant.TRAIT).maxHp();
                if (hurt && Battlefield.distance(world, actor, ally) <= healing.range()) {
                    out.add(new Decision(ActionKind.HEAL, Battlefield.name(world, ally), by));
                }
            }
        }
        out.add(new Decision(ActionKind.DODGE, "", by));
        return out;
    }

    /**
     * @param world the world
     * @param option an option
     * @return how the console lists it, e.g. "attack Goblin 1 (goblin) 9/9 HP, AC 13"
     */
    public static String label(World world, Decision option) {
        if (option.kind() == ActionKind.DODGE) {
            return "dodge (attacks against you have disadvantage until your next turn)";
        }
        long target = Battlefield.standingNamed(world, option.target()).orElseThrow();
        String verb = option.kind() == ActionKind.ATTACK ? "attack " : "heal ";
        String extra = option.kind() == ActionKind.ATTACK ? ", AC " + world.get(target, Combatant.TRAIT).armorClass() : "";
        return verb + Battlefield.describe(world, target) + extra;
    }
}
