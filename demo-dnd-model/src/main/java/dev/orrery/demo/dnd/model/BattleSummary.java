package dev.orrery.demo.dnd.model;

import java.util.List;
import java.util.Optional;

/**
 * How a battle ended.
 *
 * @param seed the dice seed
 * @param turns turns played
 * @param rounds rounds begun
 * @param winner the winning side, empty for a draw
 * @param survivors the standing combatants as "Name (role) hp/max HP", by name
 */
public record BattleSummary(long seed, int turns, int rounds, Optional<Side> winner, List<String> survivors) {
    /** Copies the list. */
    public BattleSummary {
        survivors = List.copyOf(survivors);
    }
}
