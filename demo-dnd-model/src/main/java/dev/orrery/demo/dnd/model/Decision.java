package dev.orrery.demo.dnd.model;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import java.util.Objects;

/**
 * World trait: the acting combatant's decision for this turn, set by the AI or the console and
 * consumed by the Act phase. Present only between the decision and the end of the turn.
 *
 * @param kind the action
 * @param target the target's name (empty for {@link ActionKind#DODGE})
 * @param by who decided, for the log ("AI", "console")
 */
public record Decision(ActionKind kind, String target, String by) {
    /** The world trait. Absent while no decision was made. */
    public static final Trait<Decision> TRAIT = Trait.<Decision>builder("dnd/decision")
            .defaultValue(new Decision(ActionKind.DODGE, "", "?"))
            .persistent(1, TraitCodec.of(Decision.class)).build();

    /** Checks the fields. */
    public Decision {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(by, "by");
    }

    @Override
    public String toString() {
        return kind == ActionKind.DODGE ? "dodge" : kind.name().toLowerCase(java.util.Locale.ROOT) + " " + target;
    }
}
