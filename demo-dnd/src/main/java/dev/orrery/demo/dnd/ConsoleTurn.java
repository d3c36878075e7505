package dev.orrery.demo.dnd;

import dev.orrery.demo.dnd.model.BattleState;
import dev.orrery.demo.dnd.model.Decision;
import dev.orrery.demo.dnd.model.Position;
import dev.orrery.demo.dnd.model.Stage;
import dev.orrery.world.World;
import java.util.List;
import java.util.Optional;

/**
 * Interactive mode, on the frame thread: the prompt for the party's turn and the handling of what the
 * person typed ({@code act ...} in the shell, see {@link DecisionParser}).
 */
public final class ConsoleTurn {
    /** The {@link Decision#by()} of console decisions. */
    public static final String BY = "console";

    private ConsoleTurn() {
    }

    /**
     * @param world the world
     * @param actor the acting hero
     * @return the prompt: who acts, the numbered options, how to answer
     */
    static String prompt(World world, long actor) {
        StringBuilder sb = new StringBuilder();
        sb.append("\n>>> Your move, ").append(Battlefield.describe(world, actor)).append(" at ")
                .append(world.get(actor, Position.TRAIT)).append(". Options:\n");
        List<Decision> options = ActionOptions.of(world, actor, BY);
        for (int i = 0; i < options.size(); i++) {
            sb.append("      ").append(i + 1).append("  ").append(ActionOptions.label(world, options.get(i))).append('\n');
        }
        sb.append(">>> type: act <number>   (or act attack <name>, act heal <name>, act dodge)");
        return sb.toString();
    }

    /**
     * Takes a typed decision for the current turn.
     *
     * @param world the world
     * @param input what was typed after {@code act}
     * @return what happens, or why nothing does (not the party's turn, not understood)
     */
    public static String accept(World world, String input) {
        BattleState s = world.get(BattleState.TRAIT);
        if (s == null || s.stage() != Stage.AWAITING_DECISION) {
            return "no turn is waiting for a decision now" + (s == null ? "" : " (" + s.stage() + ")");
        }
        long actor = s.actor().orElseThrow();
        if (!FrameSystems.consoleDecides(world, actor)) {
            return "it is " + Battlefield.name(world, actor) + "'s turn; the AI decides for it";
        }
        if (world.has(Decision.TRAIT)) {
            return Battlefield.name(world, actor) + " already decided: " + world.get(Decision.TRAIT);
        }
        DecisionParser.Result r = DecisionParser.parse(input, ActionOptions.of(world, actor, BY));
        Optional<Decision> d = r.decision();
        if (d.isEmpty()) {
            return r.error().orElseThrow();
        }
        world.set(Decision.TRAIT, d.get());
        return Battlefield.name(world, actor) + ": " + d.get();
    }

    /**
     * @param world the world
     * @return the prompt of the current turn again, if the party is to decide
     */
    public static String options(World world) {
        BattleState s = world.get(BattleState.TRAIT);
        if (s == null || s.stage() != Stage.AWAITING_DECISION || s.actor().isEmpty()
                || !FrameSystems.consoleDecides(world, s.actor().get())) {
            return "no party turn is waiting for a decision now";
        }
        return prompt(world, s.actor().get());
    }
}
