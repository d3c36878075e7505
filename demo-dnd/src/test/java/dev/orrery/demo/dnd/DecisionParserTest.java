package dev.orrery.demo.dnd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orrery.demo.dnd.model.ActionKind;
import dev.orrery.demo.dnd.model.Decision;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DecisionParserTest {
    private static final Decision ATTACK_G1 = new Decision(ActionKind.ATTACK, "Goblin 1", "console");
    private static final Decision ATTACK_G2 = new Decision(ActionKind.ATTACK, "Goblin 2", "console");
    private static final Decision ATTACK_ORC = new Decision(ActionKind.ATTACK, "Orc 1", "console");
    private static final Decision HEAL_CYL = new Decision(ActionKind.HEAL, "Cyl", "console");
    private static final Decision DODGE = new Decision(ActionKind.DODGE, "", "console");
    private static final List<Decision> OPTIONS = List.of(ATTACK_G1, ATTACK_G2, ATTACK_ORC, HEAL_CYL, DODGE);

    private static Optional<Decision> ok(String input) {
        DecisionParser.Result r = DecisionParser.parse(input, OPTIONS);
        assertEquals(Optional.empty(), r.error(), "for '" + input + "'");
        return r.decision();
    }

    private static String error(String input) {
        DecisionParser.Result r = DecisionParser.parse(input, OPTIONS);
        assertEquals(Optional.empty(), r.decision(), "for '" + input + "'");
        return r.error().orElseThrow();
    }

    @Test
    @DisplayName("an option number picks that option, counted from 1")
    void numbers() {
        assertEquals(Optional.of(ATTACK_G1), ok("1"));
        assertEquals(Optional.of(HEAL_CYL), ok(" 4 "));
        assertEquals(Optional.of(DODGE), ok("5"));
        assertEquals("no option 6; choose 1..5", error("6"));
        assertEquals("no option 0; choose 1..5", error("0"));
        assertEquals("no option 99999999999; choose 1..5", error("99999999999"));
    }

    @Test
    @DisplayName("verbs with full names, short verbs, any case and spacing, unique prefixes")
    void commands() {
        assertEquals(Optional.of(ATTACK_G2), ok("attack Goblin 2"));
        assertEquals(Optional.of(ATTACK_G2), ok("A   goblin 2"));
        assertEquals(Optional.of(ATTACK_ORC), ok("attack orc"));
        assertEquals(Optional.of(HEAL_CYL), ok("heal cyl"));
        assertEquals(Optional.of(HEAL_CYL), ok("h c"));
        assertEquals(Optional.of(DODGE), ok("Dodge"));
        assertEquals(Optional.of(DODGE), ok("d"));
    }

    @Test
    @DisplayName("bad input is named in the error with what would be accepted")
    void errors() {
        assertEquals("nothing typed; type an option number (1..5) or attack <name>, heal <name>, dodge", error("  "));
        assertEquals("nothing typed; type an option number (1..5) or attack <name>, heal <name>, dodge", error(null));
        assertEquals("unknown action 'run'; use attack <name>, heal <name>, dodge or an option number", error("run away"));
        assertEquals("attack needs a target; targets: Goblin 1, Goblin 2, Orc 1", error("attack"));
        assertEquals("'goblin' matches several targets: Goblin 1, Goblin 2", error("attack goblin"));
        assertEquals("cannot attack 'ogre' now; targets: Goblin 1, Goblin 2, Orc 1", error("attack ogre"));
        assertEquals("cannot heal 'aria' now; targets: Cyl", error("heal aria"));
        assertEquals("dodge takes no target, got 'goblin 1'", error("dodge goblin 1"));
        assertEquals("heal needs a target; targets: none in range",
                DecisionParser.parse("heal", List.of(ATTACK_G1, DODGE)).error().orElseThrow());
    }
}
