package dev.orrery.demo.dnd.model;

import dev.orrery.world.Trait;
import java.util.List;

/**
 * The demo's persistent traits, the definitions a load decodes with ({@code SnapshotOptions.traits}):
 * everything the battle needs to go on from a save (its progress, configuration, dice, log and every
 * combatant, effect and projectile). The battle's end and the projectiles' landing are futures, not
 * state: they stay transient and are made again after a load.
 */
public final class DndTraits {
    /** Every persistent trait of the demo. */
    public static final List<Trait<?>> PERSISTENT = List.of(BattleState.TRAIT, BattleConfig.TRAIT, BattleRng.TRAIT,
            CombatLog.TRAIT, Decision.TRAIT, TurnOutcome.TRAIT, Combatant.TRAIT, Name.TRAIT, Position.TRAIT,
            Health.TRAIT, Attack.TRAIT, Healing.TRAIT, Fallen.TRAIT, Dodging.TRAIT, Effect.TRAIT, Projectile.TRAIT,
            Projectile.LAUNCHED);

    private DndTraits() {
    }
}
