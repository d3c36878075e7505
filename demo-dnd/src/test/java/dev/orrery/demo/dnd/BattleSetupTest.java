package dev.orrery.demo.dnd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.demo.dnd.model.BattleConfig;
import dev.orrery.demo.dnd.model.CombatLog;
import dev.orrery.plugin.prefab.PrefabPlugin;
import dev.orrery.schedule.ParkListener;
import dev.orrery.schedule.ParkedUpdate;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The battle's configuration file, and {@code dnd/setup} parking the world update while it is read. */
class BattleSetupTest {
    @Test
    @DisplayName("the bundled file holds the ford's name and the line-up of ten, in order")
    void bundledFile() throws Exception {
        BattleSetup s = BattleSetup.load(Duration.ZERO);
        assertEquals("Skirmish at the Old Mill ford", s.battle());
        assertEquals(10, s.lineUp().size());
        assertEquals(new BattleSetup.Spawn("dnd/hero/fighter", "Aria", 2, 2), s.lineUp().get(0));
        assertEquals(new BattleSetup.Spawn("dnd/monster/ogre", "Grukk the Ogre", 12, 3), s.lineUp().get(9));
    }

    @Test
    @DisplayName("a malformed line is one message naming the file, the line and what is expected")
    void malformed() {
        assertEquals("f.txt line 2: expected 'battle: <name>' or 'spawn: <prefab> <x> <y> <name>', got 'hero Aria'",
                assertThrows(IllegalArgumentException.class,
                        () -> BattleSetup.parse("f.txt", List.of("battle: B", "hero Aria"))).getMessage());
        assertEquals("f.txt line 3: the square must be two whole numbers, got 'x 2'", assertThrows(
                IllegalArgumentException.class, () -> BattleSetup.parse("f.txt", List.of("# c", "battle: B",
                        "spawn: dnd/hero/fighter x 2 Aria"))).getMessage());
        assertEquals("f.txt line 1: expected 'spawn: <prefab> <x> <y> <name>', got 'spawn: dnd/hero/fighter 2 2'",
                assertThrows(IllegalArgumentException.class,
                        () -> BattleSetup.parse("f.txt", List.of("spawn: dnd/hero/fighter 2 2"))).getMessage());
        assertEquals("f.txt: no 'battle: <name>' line", assertThrows(IllegalArgumentException.class,
                () -> BattleSetup.parse("f.txt", List.of("spawn: p 1 1 A"))).getMessage());
        assertEquals("f.txt: no 'spawn: <prefab> <x> <y> <name>' line; the battle needs combatants",
                assertThrows(IllegalArgumentException.class, () -> BattleSetup.parse("f.txt", List.of("battle: B")))
                        .getMessage());
        assertEquals("f.txt line 2: a second 'battle:' line; give the battle's name once",
                assertThrows(IllegalArgumentException.class,
                        () -> BattleSetup.parse("f.txt", List.of("battle: A", "battle: B"))).getMessage());
    }

    @Test
    @DisplayName("dnd/setup reads the file on a worker: the world update parks on 'dnd/battle-config' until it is read")
    void setupParksOnTheRead() throws Exception {
        BlockingQueue<Runnable> worker = new LinkedBlockingQueue<>();
        CountDownLatch parked = new CountDownLatch(1);
        RunProbe probe = RunProbe.builder().workers(worker::add).listener(new ParkListener() {
            @Override
            public void parked(ParkedUpdate update) {
                parked.countDown();
            }
        }).build();
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        Schedule main = Schedule.builder("main").plugins(PrefabPlugin.PLUGIN,
                FrameSystems.plugin(BattleConfig.defaults(42, false), quiet)).probe(probe).build();
        World world = new World();
        world.set(CombatLog.TRAIT, CombatLog.silent());
        CompletableFuture<Void> frame = CompletableFuture.runAsync(() -> main.run(world, Battle.DT));

        Runnable read = worker.poll(30, TimeUnit.SECONDS);
        assertTrue(parked.await(30, TimeUnit.SECONDS));
        ParkedUpdate at = probe.parked().orElseThrow();
        assertEquals(BattleSetup.LABEL, at.label());
        assertEquals("dnd/setup", at.systemName().orElseThrow());
        assertFalse(frame.isDone(), "the frame waits for the file");
        assertNull(world.get(BattleConfig.TRAIT), "nothing after the read ran");

        read.run(); // the worker reads the file
        frame.get(30, TimeUnit.SECONDS);
        assertTrue(probe.parked().isEmpty());
        assertEquals("=== Skirmish at the Old Mill ford: the party against the monsters ===",
                world.get(CombatLog.TRAIT).lines().get(0));
    }
}
