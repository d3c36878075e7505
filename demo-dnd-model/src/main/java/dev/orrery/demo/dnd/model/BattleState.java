package dev.orrery.demo.dnd.model;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.Tree;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * World trait: the battle's progress. Immutable; systems replace it with {@code world.set}. Persistent
 * (version 1; the winner is written as the side's name or null).
 *
 * @param stage where the battle is
 * @param round the current round (0 before the first turn)
 * @param turns turns begun so far
 * @param order the initiative order, entity handles (fallen ones stay, and are skipped)
 * @param index the acting combatant's position in {@code order}, -1 before the first turn
 * @param waited seconds of simulated time spent in the current stage (pacing, AI thinking)
 * @param prompted whether the console was asked for this turn's decision
 * @param winner the winning side once the battle is over
 */
public record BattleState(Stage stage, int round, int turns, List<Long> order, int index, double waited,
                          boolean prompted, Optional<Side> winner) {
    /** The world trait; added by the setup system. */
    public static final Trait<BattleState> TRAIT = Trait.<BattleState>builder("dnd/battle")
            .defaultValue(BattleState.initial()).persistent(1, TraitCodec.of(BattleState::encode, BattleState::decode)).build();

    /** Copies the order. */
    public BattleState {
        Objects.requireNonNull(stage, "stage");
        order = List.copyOf(order);
        Objects.requireNonNull(winner, "winner");
    }

    private static Tree encode(BattleState s) {
        return Tree.obj("stage", Tree.of(s.stage.name()), "round", Tree.of(s.round), "turns", Tree.of(s.turns),
                "order", new Tree.Array(s.order.stream().map(Tree::of).toList()), "index", Tree.of(s.index),
                "waited", Tree.of(s.waited), "prompted", Tree.of(s.prompted),
                "winner", s.winner.map(w -> Tree.of(w.name())).orElse(Tree.nil()));
    }

    private static BattleState decode(Tree tree) {
        Tree.Obj o = (Tree.Obj) tree;
        Tree winner = o.get("winner");
        return new BattleState(Stage.valueOf(((Tree.Text) o.get("stage")).value()), (int) ((Tree.Int) o.get("round")).value(),
                (int) ((Tree.Int) o.get("turns")).value(),
                ((Tree.Array) o.get("order")).items().stream().map(t -> ((Tree.Int) t).value()).toList(),
                (int) ((Tree.Int) o.get("index")).value(),
                o.get("waited") instanceof Tree.Int i ? i.value() : ((Tree.Real) o.get("waited")).value(),
                ((Tree.Bool) o.get("prompted")).value(),
                winner instanceof Tree.Text t ? Optional.of(Side.valueOf(t.value())) : Optional.empty());
    }

    /** @return the state before anything happened */
    public static BattleState initial() {
        return new BattleState(Stage.SETUP, 0, 0, List.of(), -1, 0, false, Optional.empty());
    }

    /** @return the acting combatant's entity, if a turn has begun */
    public Optional<Long> actor() {
        return index < 0 || index >= order.size() ? Optional.empty() : Optional.of(order.get(index));
    }

    /**
     * @param next the new stage
     * @return this in {@code next}, with {@code waited} reset and not prompted
     */
    public BattleState enter(Stage next) {
        return new BattleState(next, round, turns, order, index, 0, false, winner);
    }

    /**
     * @param dt seconds
     * @return this with {@code dt} more seconds waited
     */
    public BattleState waitedMore(double dt) {
        return new BattleState(stage, round, turns, order, index, waited + dt, prompted, winner);
    }

    /** @return this, marked as prompted */
    public BattleState markPrompted() {
        return new BattleState(stage, round, turns, order, index, waited, true, winner);
    }

    /**
     * @param initiative the initiative order
     * @return this with that order, ready for the first turn
     */
    public BattleState withOrder(List<Long> initiative) {
        return new BattleState(Stage.BETWEEN_TURNS, 0, turns, initiative, -1, 0, false, winner);
    }

    /**
     * @param newRound the round of the new turn
     * @param newIndex the actor's position in the order
     * @return this at the start of a new turn, waiting for its decision
     */
    public BattleState beginTurn(int newRound, int newIndex) {
        return new BattleState(Stage.AWAITING_DECISION, newRound, turns + 1, order, newIndex, 0, false, winner);
    }

    /**
     * @param side the winner, or empty for a draw
     * @return this, over
     */
    public BattleState over(Optional<Side> side) {
        return new BattleState(Stage.OVER, round, turns, order, index, 0, false, side);
    }
}
