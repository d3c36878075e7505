package dev.orrery.demo.dnd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.demo.dnd.model.BattleConfig;
import dev.orrery.demo.dnd.model.BattleEnd;
import dev.orrery.demo.dnd.model.BattleSummary;
import dev.orrery.demo.dnd.model.Damage;
import dev.orrery.demo.dnd.model.Fallen;
import dev.orrery.demo.dnd.model.Health;
import dev.orrery.demo.dnd.model.Side;
import dev.orrery.demo.dnd.model.Stage;
import dev.orrery.demo.dnd.model.TurnPhases;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.world.MessageStats;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class BattleTest {
    private static final long MAX_FRAMES = 200_000;

    @Test
    @DisplayName("a headless battle ends with a winner, a summary and the seed; the log shows prefabs and the turn schedule")
    void battleEndsWithSummary() {
        Battle b = new Battle(BattleConfig.defaults(42, false)).runToEnd(MAX_FRAMES);
        assertEquals(Stage.OVER, b.stage());
        List<String> log = b.log();
        assertEquals("seed 42, AI on both sides", log.get(1));
        assertTrue(log.contains("prefabs: 12 registered; 10 combatants spawned by prefab/spawn"), log.toString());
        assertTrue(log.stream().anyMatch(l -> l.startsWith("  Aria ") && l.contains("prefab dnd/hero/fighter")), log.toString());
        assertTrue(log.contains("turn schedule 'dnd/turn': StartOfTurn -> Move -> Act -> Resolve -> EndOfTurn,"
                + " manual (detached) chain stepped by dnd/turn-driver"), log.toString());
        assertTrue(log.stream().anyMatch(l -> l.startsWith("initiative: ")));
        assertTrue(log.contains("-- Round 1 --"));
        BattleSummary summary = b.world.get(BattleEnd.TRAIT).future().getNow(null);
        assertTrue(summary != null && summary.winner().isPresent(), "no winner: " + summary);
        assertEquals(42, summary.seed());
        assertEquals(b.state().turns(), summary.turns());
        int n = log.size();
        assertEquals("=== Victory: " + summary.winner().get().wins() + " after " + summary.turns() + " turns ===",
                log.get(n - 6));
        assertEquals("  winner: " + summary.winner().get().title(), log.get(n - 4));
        assertEquals("  seed: 42 (replay: ./orrery-demo --seed 42)", log.get(n - 1));
        assertTrue(summary.survivors().stream().allMatch(s -> log.get(n - 2).contains(s)));
    }

    @Test
    @DisplayName("the same seed gives the same combat log; another seed another log")
    void deterministicPerSeed() {
        List<String> a = new Battle(BattleConfig.defaults(7, false)).runToEnd(MAX_FRAMES).log();
        List<String> b = new Battle(BattleConfig.defaults(7, false)).runToEnd(MAX_FRAMES).log();
        List<String> c = new Battle(BattleConfig.defaults(8, false)).runToEnd(MAX_FRAMES).log();
        assertEquals(a, b);
        assertNotEquals(a, c);
    }

    @Test
    @DisplayName("turns wait for the decision: after StartOfTurn..Move nothing acts until the AI has thought for its dt")
    void turnWaitsForDecision() {
        Battle b = new Battle(BattleConfig.defaults(3, false));
        while (b.stage() != Stage.AWAITING_DECISION) {
            b.frame();
        }
        int turns = b.state().turns();
        int logSize = b.log().size();
        int waited = 0;
        while (b.stage() == Stage.AWAITING_DECISION) {
            assertEquals(logSize, b.log().size(), "something happened before the decision: " + b.log());
            b.frame();
            waited++;
        }
        // the AI thinks for 0.25 s of dt (at 1/60 s per frame), then the same frame acts
        assertTrue(waited * Battle.DT >= 0.25 - 1e-9 && waited * Battle.DT < 0.25 + 2 * Battle.DT, "frames: " + waited);
        assertEquals(Stage.BETWEEN_TURNS, b.stage());
        assertEquals(turns, b.state().turns());
        assertTrue(b.log().size() > logSize);
    }

    @Test
    @DisplayName("rebuilding both schedules from new plugin values mid-battle (a hot update) changes nothing in the battle")
    void rebuildMidBattleKeepsTheBattle() {
        List<String> straight = new Battle(BattleConfig.defaults(11, false)).runToEnd(MAX_FRAMES).log();
        Battle b = new Battle(BattleConfig.defaults(11, false));
        while (b.state() == null || b.state().turns() < 5 || b.stage() != Stage.AWAITING_DECISION) {
            b.frame();
        }
        // New plugin values, as a new rules bundle's components would publish; another seed in the
        // new config must not matter: the running battle keeps the one in its world.
        b.install(FrameSystems.plugin(BattleConfig.defaults(999, false), System.out),
                dev.orrery.schedule.Plugin.builder(TurnSystems.PLUGIN_NAME).phases(TurnSystems.PLUGIN.phases())
                        .systems(TurnSystems.PLUGIN.systems()).observers(TurnSystems.PLUGIN.observers()).build());
        b.runToEnd(MAX_FRAMES);
        assertEquals(straight, b.log());
    }

    @Test
    @DisplayName("the sound cues plugin hears every hit exactly once, through messages only: a cue per hit, a crash per fall")
    void soundCuesHearEveryHitOnce() {
        Battle b = new Battle(BattleConfig.defaults(42, false)).runToEnd(MAX_FRAMES);
        b.frame(); // the cues of the last turn play in the frame after it
        long hits = b.log().stream().filter(l -> l.contains(" hit for ")).count();
        long falls = b.log().stream().filter(l -> l.endsWith(" falls!")).count();
        List<String> cues = b.cues();
        assertTrue(hits > 0 && falls > 0, b.log().toString());
        assertEquals(hits, cues.size(), cues.toString());
        assertEquals(falls, cues.stream().filter(c -> c.startsWith(SoundCues.PREFIX + "crash: ")).count(), cues.toString());
        MessageStats stats = b.world.messageStats(Damage.MESSAGE);
        assertEquals(hits, stats.sent());
        assertEquals(0, stats.expired());
        assertEquals(0, stats.buffered());
    }

    @Test
    @DisplayName("a hot update in the frame after a hit keeps the hit in flight: the new plugins' reader plays it, once")
    void rebuildKeepsMessagesInFlight() {
        Battle straight = new Battle(BattleConfig.defaults(11, false)).runToEnd(MAX_FRAMES);
        straight.frame();
        Battle b = new Battle(BattleConfig.defaults(11, false));
        while (b.world.messageStats(Damage.MESSAGE).sent() < 3) {
            b.frame();
        }
        assertEquals(1, b.world.messageStats(Damage.MESSAGE).buffered(), "the third hit waits for its reader");
        b.install(FrameSystems.plugin(BattleConfig.defaults(11, false), System.out),
                dev.orrery.schedule.Plugin.builder(TurnSystems.PLUGIN_NAME).phases(TurnSystems.PLUGIN.phases())
                        .systems(TurnSystems.PLUGIN.systems()).observers(TurnSystems.PLUGIN.observers()).build());
        b.runToEnd(MAX_FRAMES).frame();
        assertEquals(straight.cues(), b.cues());
        assertEquals(straight.log(), b.log());
    }

    @Test
    @DisplayName("the observer dnd/turn/mark-fallen marks whoever drops to 0 HP, whatever system set the hit points")
    void anObserverMarksTheFallen() {
        Battle b = new Battle(BattleConfig.defaults(42, false));
        while (b.stage() != Stage.AWAITING_DECISION) {
            b.frame();
        }
        // a trap of another plugin: it sets a goblin's hit points to 0 in the Resolve phase, with no fall rule of its own
        long goblin = Battlefield.sorted(b.world, Battlefield.STANDING).stream()
                .filter(e -> Battlefield.name(b.world, e).equals("Goblin 1")).findFirst().orElseThrow();
        EcsSystem trap = EcsSystem.builder("traps/spikes").phase(TurnPhases.RESOLVE).after(TurnSystems.RESOLVE)
                .run((w, dt) -> w.set(goblin, Health.TRAIT, new Health(0))).build();
        b.install(FrameSystems.plugin(BattleConfig.defaults(42, false), System.out), TurnSystems.PLUGIN,
                dev.orrery.schedule.Plugin.builder("traps").systems(trap).build());
        for (int i = 0; i < 100_000 && Battlefield.isStanding(b.world, goblin); i++) {
            b.frame();
        }
        assertTrue(b.world.has(goblin, Fallen.TRAIT), "Goblin 1 at 0 HP was not marked fallen");
        assertEquals(1, b.log().stream().filter(l -> l.equals("Goblin 1 falls!")).count(), b.log().toString());
        assertTrue(b.turn.observerStats(b.world).get(0).fired() > 0);
    }

    @Test
    @DisplayName("interactive mode: the party's turn waits for the console; act decides it")
    void interactiveWaitsForConsole() {
        Battle b = new Battle(BattleConfig.defaults(5, true));
        for (int i = 0; i < 20_000 && !(b.stage() == Stage.AWAITING_DECISION
                && FrameSystems.consoleDecides(b.world, b.state().actor().get())); i++) {
            b.frame();
        }
        long actor = b.state().actor().get();
        int turns = b.state().turns();
        for (int i = 0; i < 600; i++) {
            b.frame();
        }
        assertEquals(turns, b.state().turns(), "the party's turn went on without a decision");
        assertTrue(b.consoleText().contains(">>> Your move, " + Battlefield.describe(b.world, actor)), b.consoleText());
        assertEquals("unknown action 'fly'; use attack <name>, heal <name>, dodge or an option number",
                ConsoleTurn.accept(b.world, "fly"));
        assertEquals(Battlefield.name(b.world, actor) + ": dodge", ConsoleTurn.accept(b.world, "dodge"));
        b.frame();
        assertTrue(b.log().contains(Battlefield.name(b.world, actor) + " takes the Dodge action"), b.log().toString());
    }

    @Test
    @DisplayName("both sides can win: over 60 seeds each side wins at least once, and every battle ends")
    void bothSidesCanWin() {
        Map<Optional<Side>, Integer> wins = new java.util.HashMap<>();
        for (long seed = 1; seed <= 60; seed++) {
            Battle b = new Battle(BattleConfig.defaults(seed, false)).runToEnd(MAX_FRAMES);
            assertEquals(Stage.OVER, b.stage(), "seed " + seed);
            wins.merge(b.state().winner(), 1, Integer::sum);
        }
        assertTrue(wins.getOrDefault(Optional.of(Side.PARTY), 0) > 0, wins.toString());
        assertTrue(wins.getOrDefault(Optional.of(Side.MONSTERS), 0) > 0, wins.toString());
    }

    @Test
    @DisplayName("while dnd/turn lacks the turn phases (the rules bundle is being replaced) the battle waits instead of failing")
    void waitsForTheTurnPlugin() {
        Battle b = new Battle(BattleConfig.defaults(13, false));
        while (b.state() == null || b.state().turns() < 3 || b.stage() != Stage.BETWEEN_TURNS) {
            b.frame();
        }
        b.install(FrameSystems.plugin(BattleConfig.defaults(13, false), System.out),
                dev.orrery.schedule.Plugin.builder("placeholder").build());
        int turns = b.state().turns();
        for (int i = 0; i < 300; i++) {
            b.frame();
        }
        assertEquals(turns, b.state().turns());
        assertEquals(Stage.BETWEEN_TURNS, b.stage());
        b.install(FrameSystems.plugin(BattleConfig.defaults(13, false), System.out), TurnSystems.PLUGIN);
        b.runToEnd(MAX_FRAMES);
        assertEquals(new Battle(BattleConfig.defaults(13, false)).runToEnd(MAX_FRAMES).log(), b.log());
    }
}
