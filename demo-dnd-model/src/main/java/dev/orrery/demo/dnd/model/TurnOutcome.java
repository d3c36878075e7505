package dev.orrery.demo.dnd.model;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import java.util.ArrayList;
import java.util.List;

/**
 * World trait: what the Act phase decided and the Resolve phase applies, so the two are separate
 * steps of the turn pipeline. Immutable.
 *
 * @param changes the hit point changes, in order
 */
public record TurnOutcome(List<HpChange> changes) {
    /** The world trait; empty between turns. */
    public static final Trait<TurnOutcome> TRAIT = Trait.<TurnOutcome>builder("dnd/outcome")
            .defaultValue(new TurnOutcome(List.of()))
            .persistent(1, TraitCodec.of(TurnOutcome.class)).build();

    /** Copies the list. */
    public TurnOutcome {
        changes = List.copyOf(changes);
    }

    /**
     * @param change one more change
     * @return this with it appended
     */
    public TurnOutcome plus(HpChange change) {
        List<HpChange> next = new ArrayList<>(changes);
        next.add(change);
        return new TurnOutcome(next);
    }
}
