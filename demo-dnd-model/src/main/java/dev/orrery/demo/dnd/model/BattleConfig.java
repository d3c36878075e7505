package dev.orrery.demo.dnd.model;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;

/**
 * World trait: how this battle is played, fixed when it starts (the setup system adds it once, so a
 * rules update mid-battle does not change it).
 *
 * @param seed the seed of every dice roll; the same seed and decisions give the same battle
 * @param interactive whether a person at the console decides for the party
 * @param aiThinkSeconds simulated seconds the AI "thinks" before it decides
 * @param turnPauseSeconds simulated seconds between two turns (after the effects ended)
 * @param maxTurns a draw is declared after this many turns
 */
public record BattleConfig(long seed, boolean interactive, double aiThinkSeconds, double turnPauseSeconds,
                           int maxTurns) {
    /** The world trait; default: seed 0, AI only. */
    public static final Trait<BattleConfig> TRAIT = Trait.<BattleConfig>builder("dnd/config")
            .defaultValue(defaults(0, false))
            .persistent(1, TraitCodec.of(BattleConfig.class)).build();

    /**
     * @throws IllegalArgumentException if a time is negative or not finite, or {@code maxTurns < 1}
     */
    public BattleConfig {
        if (!(aiThinkSeconds >= 0) || !(turnPauseSeconds >= 0) || Double.isInfinite(aiThinkSeconds)
                || Double.isInfinite(turnPauseSeconds) || maxTurns < 1) {
            throw new IllegalArgumentException("BattleConfig: times must be finite and >= 0 and maxTurns >= 1, got "
                    + aiThinkSeconds + ", " + turnPauseSeconds + ", " + maxTurns);
        }
    }

    /**
     * @param seed the dice seed
     * @param interactive whether the party is played from the console
     * @return the default pacing (AI thinks 0.25 s, 0.25 s between turns, a draw after 400 turns)
     */
    public static BattleConfig defaults(long seed, boolean interactive) {
        return new BattleConfig(seed, interactive, 0.25, 0.25, 400);
    }
}
