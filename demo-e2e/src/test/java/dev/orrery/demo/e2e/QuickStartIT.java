package dev.orrery.demo.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The README's Quick start command, {@code ./orrery-demo --seed 42}: the headless battle runs in the
 * built distribution as a separate process and ends the process with exit code 0.
 */
class QuickStartIT {
    static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static List<String> first;
    private static String firstText;
    private static int firstExit;

    @BeforeAll
    static void runOnce() throws Exception {
        try (DemoProcess p = DemoProcess.start(Map.of(), "--seed", "42")) {
            firstExit = p.waitFor(TIMEOUT);
            first = p.lines();
            firstText = p.text();
        }
    }

    private static void assertLine(Predicate<String> match, String what) {
        assertTrue(first.stream().anyMatch(match), what + " missing; output:\n" + firstText);
    }

    @Test
    @DisplayName("./orrery-demo --seed 42 finds the distribution up to date, plays to a winner and exits with 0")
    void exitsWithZeroAfterAWinner() {
        assertEquals(0, firstExit, firstText);
        assertLine(l -> l.equals("orrery-demo: the distribution is up to date"), "up-to-date check");
        assertLine(l -> l.matches("\\[dnd\\] === Victory: the (party wins|monsters win) after \\d+ turns ==="), "victory line");
        assertLine(l -> l.equals("orrery: framework stopped"), "clean framework stop");
        assertLine(l -> l.contains("[dev.orrery.host] shutdown requested (battle over: the "), "shutdown request");
        assertLine(l -> l.matches(".*\\[dev\\.orrery\\.host\\] Orrery host stopped after \\d+ frames"), "host's closing line");
        // No rebuild of the main schedule that shows no change (the host starts after the default plugins).
        assertEquals(List.of(), first.stream().filter(l -> l.contains("[dev.orrery.host] schedule 'main' rebuilt")
                && l.endsWith("joined []; left []")).toList(), firstText);
    }

    @Test
    @DisplayName("output that is not a terminal carries no escape codes; the demo leaves the distribution's plugins/ folder alone")
    void plainOutputAndPluginsLeftAlone() throws Exception {
        assertEquals(List.of(), first.stream().filter(l -> l.indexOf('\u001b') >= 0).toList(), firstText);
        try (var files = java.nio.file.Files.list(DemoProcess.REPO.resolve("app-launcher/target/orrery/plugins"))) {
            assertEquals(List.of(), files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("demo-dnd")).toList());
        }
        assertLine(l -> l.matches("Started bundle: file:.*/app-launcher/target/orrery/demo-plugins/demo-dnd-[^/]*\\.jar"),
                "the demo bundles started from demo-plugins/");
    }

    @Test
    @DisplayName("Quick start: the README's first command, ./orrery-demo with no option, plays a battle and exits with 0")
    void theQuickStartCommands() throws Exception {
        List<String> commands = Readme.commands("quick-start");
        assertEquals(List.of("./orrery-demo", "mvn -B verify"), commands, "the demo, then this build");
        try (DemoProcess p = DemoProcess.start(Map.of())) {
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            assertTrue(p.lines().stream().anyMatch(l -> l.matches("\\[dnd\\] === Victory: .*")), p.text());
        }
    }

    @Test
    @DisplayName("the summary gives the winner, the turns, the survivors and the seed")
    void summary() {
        List<String> log = first.stream().filter(l -> l.startsWith("[dnd] ")).toList();
        int at = log.indexOf("[dnd] Summary");
        assertTrue(at > 0, firstText);
        assertTrue(log.get(at + 1).matches("\\[dnd\\]   winner: the (party|monsters)"), log.get(at + 1));
        assertTrue(log.get(at + 2).matches("\\[dnd\\]   turns: \\d+ in \\d+ rounds"), log.get(at + 2));
        assertTrue(log.get(at + 3).matches("\\[dnd\\]   survivors: .+ \\d+/\\d+ HP.*"), log.get(at + 3));
        assertEquals("[dnd]   seed: 42 (replay: ./orrery-demo --seed 42)", log.get(at + 4));
        assertEquals("[dnd] seed 42, AI on both sides", log.get(1));
    }

    @Test
    @DisplayName("the log shows the turn schedule dnd/turn, the prefabs and the devtools plugin in use")
    void turnSchedulePrefabsAndDevtools() {
        assertLine(l -> l.contains("[dev.orrery.host] schedule 'dnd/turn' rebuilt") && l.contains("plugins [dnd-turn], 5 systems"),
                "host rebuild of dnd/turn");
        assertLine(l -> l.equals("[dnd] turn schedule 'dnd/turn': StartOfTurn -> Move -> Act -> Resolve -> EndOfTurn,"
                + " manual (detached) chain stepped by dnd/turn-driver"), "turn pipeline");
        assertLine(l -> l.equals("[dnd] prefabs: 12 registered; 10 combatants spawned by prefab/spawn"), "prefab line");
        assertLine(l -> l.startsWith("[dnd]   Aria ") && l.contains("prefab dnd/hero/fighter"), "a hero from its prefab");
        assertLine(l -> l.startsWith("[dnd]   Grukk the Ogre ") && l.contains("prefab dnd/monster/ogre"), "a monster from its prefab");
        assertLine(l -> l.equals("[devtools] g! orrery:timings dnd/turn"), "devtools timings command");
        assertLine(l -> l.matches("\\d+\\s+dnd/turn/act\\s+Act\\s+\\d+\\s.*"), "devtools timings row of dnd/turn/act");
        assertLine(l -> l.matches("\\s*\\d+\\s+StartOfTurn\\s+manual \\(detached\\)\\s+yes\\s+1\\s*"), "devtools phases row");
        assertLine(l -> l.contains("dnd-turn") && l.contains("dnd/turn") && l.contains("active"), "devtools plugins row");
    }

    @Test
    @DisplayName("determinism: the same seed again gives the same combat log")
    void sameSeedSameLog() throws Exception {
        try (DemoProcess p = DemoProcess.start(Map.of(), "--seed", "42")) {
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            List<String> again = p.combatLog();
            List<String> before = first.stream().filter(l -> l.startsWith("[dnd] ")).toList();
            assertTrue(before.size() > 20, firstText);
            assertEquals(before, again);
        }
    }
}
