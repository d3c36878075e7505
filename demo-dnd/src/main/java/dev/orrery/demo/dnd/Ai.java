package dev.orrery.demo.dnd;

import dev.orrery.demo.dnd.model.ActionKind;
import dev.orrery.demo.dnd.model.Combatant;
import dev.orrery.demo.dnd.model.Decision;
import dev.orrery.demo.dnd.model.Health;
import dev.orrery.world.World;
import java.util.List;

/**
 * The default decision maker, for monsters always and for the party unless a person plays it: heal
 * the most hurt ally below half hit points if it can, else attack the enemy in range with the fewest
 * hit points, else dodge. Ties go to the first by name. Uses no dice, so it never changes the rolls.
 */
public final class Ai {
    /** The {@link Decision#by()} of AI decisions. */
    public static final String BY = "AI";

    private Ai() {
    }

    /**
     * @param world the world
     * @param actor the acting combatant
     * @return its decision
     */
    public static Decision decide(World world, long actor) {
        List<Decision> options = ActionOptions.of(world, actor, BY);
        Decision best = null;
        double bestFraction = 0.5;
        for (Decision d : options) {
            if (d.kind() == ActionKind.HEAL) {
                long ally = Battlefield.standingNamed(world, d.target()).orElseThrow();
                double fraction = (double) world.get(ally, Health.TRAIT).hp() / world.get(ally, Combatant.TRAIT).maxHp();
                if (fraction < bestFraction) {
                    best = d;
                    bestFraction = fraction;
                }
            }
        }
        if (best != null) {
            return best;
        }
        int fewest = Integer.MAX_VALUE;
        for (Decision d : options) {
            if (d.kind() == ActionKind.ATTACK) {
                long enemy = Battlefield.standingNamed(world, d.target()).orElseThrow();
                int hp = world.get(enemy, Health.TRAIT).hp();
                if (hp < fewest) {
                    best = d;
                    fewest = hp;
                }
            }
        }
        return best != null ? best : options.get(options.size() - 1);
    }
}
