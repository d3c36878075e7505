package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.CommitStats;
import dev.orrery.world.DeadTargetException;
import dev.orrery.world.Query;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import dev.orrery.world.WorldLog;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A phase is one structural transaction (see {@code World}, "Structural transactions"): the cases a
 * flecs or Bevy user expects, through schedules, in whichever dispatch engine the suite runs.
 */
class PhaseTransactionTest {
    static final Trait<int[]> BULLET = Trait.of("Bullet", () -> new int[1]);
    static final Trait<String> BURNING = Trait.withDefault("Burning", "hot");
    static final Trait<String> TARGET = Trait.withDefault("Target", "t");
    static final Trait<String> A = Trait.withDefault("A", "a");
    static final Trait<String> B = Trait.withDefault("B", "b");
    static final Query BULLETS = Query.builder().with(BULLET).build();
    static final Query TARGETS = Query.builder().with(TARGET).build();

    private final World world = new World();
    private WorldLog log;

    @BeforeEach
    void capture() {
        log = new WorldLog();
    }

    @AfterEach
    void release() {
        log.close();
    }

    private static EcsSystem.Builder system(String name, RunFunction run) {
        return EcsSystem.builder(name).run(run);
    }

    @Test
    @DisplayName("a later system of the same phase does not see an earlier one's spawn; the next phase does")
    void sameViewWithinAPhase() {
        List<Integer> seenByHit = new ArrayList<>();
        List<Integer> seenLater = new ArrayList<>();
        EcsSystem spawner = system("spawner", (w, dt) -> w.spawn(BULLET)).build();
        EcsSystem hit = system("hit", (w, dt) -> seenByHit.add(w.query(BULLETS).count())).after(spawner).build();
        EcsSystem later = EcsSystem.define("later", Phase.POST_UPDATE, (w, dt) -> seenLater.add(w.query(BULLETS).count()));
        Schedule s = Schedule.builder("s").systems(spawner, hit, later).build();
        s.run(world, 0.016);
        s.run(world, 0.016);
        assertEquals(List.of(0, 1), seenByHit, "hit sees the committed state: last frame's bullets only");
        assertEquals(List.of(1, 2), seenLater);
    }

    @Test
    @DisplayName("what a phase's systems see does not depend on their order")
    void orderDoesNotChangeTheView() {
        for (boolean spawnerFirst : new boolean[] {true, false}) {
            World w = new World();
            int[] seen = {-1};
            EcsSystem.Builder spawner = system("spawner", (x, dt) -> x.spawn(BULLET));
            EcsSystem.Builder hit = system("hit", (x, dt) -> seen[0] = x.query(BULLETS).count());
            EcsSystem built;
            Schedule s;
            if (spawnerFirst) {
                built = spawner.build();
                s = Schedule.builder("s").systems(built, hit.after(built).build()).build();
            } else {
                built = hit.build();
                s = Schedule.builder("s").systems(built, spawner.after(built).build()).build();
            }
            s.run(w, 0.016);
            assertEquals(0, seen[0], "spawner first: " + spawnerFirst);
        }
    }

    @Test
    @DisplayName("a crash discards the phase's structural work: the world is the last publish, and the fault is attributed")
    void crashLeavesTheLastPublish() {
        long[] others = new long[10];
        for (int i = 0; i < others.length; i++) {
            others[i] = world.spawn(TARGET);
        }
        long[] spawned = new long[3];
        RuntimeException boom = new IllegalStateException("boom");
        EcsSystem quiet = EcsSystem.define("quiet", Phase.PRE_UPDATE, (w, dt) -> w.spawn(A));
        EcsSystem first = system("first", (w, dt) -> w.add(others[0], A)).build();
        EcsSystem spawner = system("spawner", (w, dt) -> {
            for (int i = 0; i < 3; i++) {
                spawned[i] = w.spawn(BULLET);
            }
            for (long e : others) {
                w.add(e, BURNING);
            }
            throw boom;
        }).after(first).build();
        Schedule s = Schedule.builder("s").systems(quiet, first, spawner).build();
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> s.run(world, 0.016));
        assertSame(boom, thrown, "the system's own exception propagates unchanged");
        assertEquals("spawner", RunFailure.of(world, thrown).orElseThrow().systemName());
        assertEquals(11, world.entityCount(), "PreUpdate's spawn was published; OnUpdate's work is gone");
        assertEquals(0, world.query(BULLETS).count());
        for (long e : others) {
            assertEquals(Set.of(TARGET), new HashSet<>(world.traitsOf(e)), "no move survived, an earlier system's neither");
        }
        for (long e : spawned) {
            assertFalse(world.isAlive(e), "the reserved handles are released");
        }
        CommitStats stats = world.commitStats();
        assertEquals(1, stats.discards());
        assertEquals(1 + 3 + 10, stats.opsDiscarded());
        assertFalse(world.isStaging(), "the run call closed the transaction");
    }

    @Test
    @DisplayName("destroy then add in one phase: the add is skipped, counted, one WARNING naming the second system")
    void opOnADestroyedEntityIsSkipped() {
        long e = world.spawn(TARGET);
        EcsSystem killer = system("killer", (w, dt) -> {
            if (w.isAlive(e)) {
                w.destroy(e);
            }
        }).build();
        EcsSystem igniter = system("igniter", (w, dt) -> {
            if (w.isAlive(e)) {
                assertTrue(w.isPendingDestroy(e));
                w.add(e, BURNING);
            }
        }).after(killer).build();
        Schedule s = Schedule.builder("s").systems(killer, igniter).build();
        s.run(world, 0.016);
        assertFalse(world.isAlive(e));
        assertEquals(1, world.commitStats().opsSkippedDead());
        assertEquals(1, log.warnings().size(), log.warnings().toString());
        assertTrue(log.warnings().get(0).startsWith("system 'igniter' staged add of trait 'Burning'"), log.warnings().get(0));
    }

    @Test
    @DisplayName("strict mode: the dead-target op fails the phase's publish, attributed to the system that staged it")
    void strictModeFailsThePhase() {
        world.transaction().setStrict(true);
        long e = world.spawn(TARGET);
        EcsSystem killer = system("killer", (w, dt) -> w.destroy(e)).build();
        EcsSystem igniter = system("igniter", (w, dt) -> w.add(e, BURNING)).after(killer).build();
        Schedule s = Schedule.builder("s").systems(killer, igniter).build();
        DeadTargetException x = assertThrows(DeadTargetException.class, () -> s.run(world, 0.016));
        assertEquals("igniter", RunFailure.of(world, x).orElseThrow().systemName());
        assertTrue(world.isAlive(e), "the whole transaction was discarded");
    }

    @Test
    @DisplayName("add A, add B, remove A on one entity in one phase: one archetype move")
    void oneMovePerEntity() {
        long e = world.spawn();
        EcsSystem s1 = system("s1", (w, dt) -> w.add(e, A)).build();
        EcsSystem s2 = system("s2", (w, dt) -> w.add(e, B)).after(s1).build();
        EcsSystem s3 = system("s3", (w, dt) -> w.remove(e, A)).after(s2).build();
        Schedule.builder("s").systems(s1, s2, s3).build().run(world, 0.016);
        assertEquals(List.of(B), world.traitsOf(e));
        assertEquals(1, world.commitStats().archetypeMoves());
    }

    @Test
    @DisplayName("commitBefore: the system sees the earlier systems' structure of its phase; commitAfter likewise for later ones")
    void declaredBarriers() {
        int[] seen = {-1, -1, -1};
        EcsSystem spawner = system("spawner", (w, dt) -> w.spawn(BULLET)).build();
        EcsSystem consumer = system("consumer", (w, dt) -> seen[0] = w.query(BULLETS).count())
                .after(spawner).commitBefore().build();
        EcsSystem producer = system("producer", (w, dt) -> w.spawn(TARGET)).after(consumer).commitAfter().build();
        EcsSystem reader = system("reader", (w, dt) -> seen[1] = w.query(TARGETS).count()).after(producer).build();
        EcsSystem unaware = system("unaware", (w, dt) -> {
            w.spawn(TARGET);
            seen[2] = w.query(TARGETS).count();
        }).after(reader).build();
        assertTrue(consumer.commitBefore() && !consumer.commitAfter());
        assertTrue(producer.commitAfter() && !producer.commitBefore());
        Schedule.builder("s").systems(spawner, consumer, producer, reader, unaware).build().run(world, 0.016);
        assertEquals(1, seen[0]);
        assertEquals(1, seen[1]);
        assertEquals(1, seen[2], "no barrier after 'reader': its own spawn is not visible yet");
        assertEquals(3, world.commitStats().publishes(), "two barriers and the phase's end");
        assertEquals(3, world.entityCount());
    }

    @Test
    @DisplayName("a barrier acts at its system's turn even when the system is disabled")
    void barrierOfADisabledSystem() {
        int[] seen = {-1};
        EcsSystem spawner = system("spawner", (w, dt) -> w.spawn(BULLET)).build();
        EcsSystem barrier = system("barrier", (w, dt) -> { }).after(spawner).commitAfter().build();
        EcsSystem reader = system("reader", (w, dt) -> seen[0] = w.query(BULLETS).count()).after(barrier).build();
        Schedule s = Schedule.builder("s").systems(spawner, barrier, reader).build();
        s.disable(world, barrier);
        s.run(world, 0.016);
        assertEquals(1, seen[0]);
    }

    @Test
    @DisplayName("enqueueCommit: published after the requesting system returns, once, before the next system")
    void enqueueCommitPublishesAfterTheSystem() {
        int[] seen = {-1, -1};
        EcsSystem requester = system("requester", (w, dt) -> {
            w.spawn(BULLET);
            w.enqueueCommit();
            w.spawn(BULLET);
            w.enqueueCommit();
            seen[0] = w.query(BULLETS).count();
        }).build();
        EcsSystem next = system("next", (w, dt) -> seen[1] = w.query(BULLETS).count()).after(requester).build();
        Schedule.builder("s").systems(requester, next).build().run(world, 0.016);
        assertEquals(0, seen[0], "the requesting system keeps its view");
        assertEquals(2, seen[1]);
        assertEquals(1, world.commitStats().publishes(), "two requests, one publish; the phase end had nothing left");
    }

    @Test
    @DisplayName("a nested run on the same world shares the transaction: the inner phases publish what the outer system staged too")
    void nestedRunSharesTheTransaction() {
        Phase step = Phase.define("step");
        int[] seen = {-1, -1};
        Schedule inner = Schedule.builder("inner").phases(step)
                .systems(EcsSystem.define("innerSpawn", step, (w, dt) -> seen[0] = w.query(BULLETS).count()))
                .build();
        EcsSystem outer = system("outer", (w, dt) -> {
            w.spawn(BULLET);
            inner.runPhase(w, step, dt);
            seen[1] = w.query(BULLETS).count();
        }).build();
        Schedule.builder("outer").systems(outer).build().run(world, 0.016);
        assertEquals(0, seen[0], "inside the inner phase: not yet published");
        assertEquals(1, seen[1], "the inner phase's end published the shared transaction");
    }

    @Test
    @DisplayName("OnStart, manual and detached phases, runPhases ranges: each phase publishes at its end")
    void everyPhaseKindPublishes() {
        Phase manual = Phase.define("manual");
        List<Integer> seen = new ArrayList<>();
        EcsSystem start = EcsSystem.define("start", Phase.ON_START, (w, dt) -> w.spawn(A));
        EcsSystem load = EcsSystem.define("load", Phase.ON_LOAD, (w, dt) -> seen.add(w.entityCount()));
        EcsSystem inManual = EcsSystem.define("inManual", manual, (w, dt) -> w.spawn(B));
        Schedule s = Schedule.builder("s").phases(manual).systems(start, load, inManual).build();
        s.run(world, 0.016);
        assertEquals(List.of(1), seen, "OnStart published before OnLoad");
        s.runPhase(world, manual, 0.016);
        assertEquals(2, world.entityCount(), "a manual phase publishes at its end");
        s.runPhases(world, Phase.ON_LOAD, Phase.ON_UPDATE, 0.016);
        assertEquals(List.of(1, 2), seen);
    }

    @Test
    @DisplayName("an empty or disabled phase publishes nothing")
    void emptyPhasesPublishNothing() {
        EcsSystem spawner = EcsSystem.define("spawner", Phase.PRE_UPDATE, (w, dt) -> w.spawn(A));
        Schedule s = Schedule.builder("s").systems(spawner, EcsSystem.define("idle", (w, dt) -> { })).build();
        s.run(world, 0.016);
        assertEquals(1, world.commitStats().publishes());
        s.disablePhase(world, Phase.PRE_UPDATE);
        s.run(world, 0.016);
        assertEquals(1, world.commitStats().publishes());
        assertEquals(1, world.entityCount());
    }

    @Test
    @DisplayName("an init function stages like a system; a throwing init discards the phase's work")
    void initFunctionsStage() {
        int[] seen = {-1};
        boolean[] fail = {true};
        EcsSystem initialised = EcsSystem.builder("initialised").run((w, dt) -> seen[0] = w.entityCount())
                .init(w -> {
                    w.spawn(A);
                    if (fail[0]) {
                        throw new IllegalStateException("init fails");
                    }
                }).build();
        Schedule s = Schedule.builder("s").systems(initialised).build();
        assertThrows(IllegalStateException.class, () -> s.run(world, 0.016));
        assertEquals(0, world.entityCount());
        fail[0] = false;
        s.run(world, 0.016);
        assertEquals(0, seen[0], "the system sees the committed state: the init's spawn is staged");
        assertEquals(1, world.entityCount());
    }

    @Test
    @DisplayName("conditions stage too, and a throwing condition discards")
    void conditionsStage() {
        EcsSystem gated = system("gated", (w, dt) -> { }).runIf(w -> {
            w.spawn(A);
            return true;
        }).build();
        Schedule.builder("s").systems(gated).build().run(world, 0.016);
        assertEquals(1, world.entityCount());
        assertEquals(1, world.commitStats().publishes());
    }

    @Test
    @DisplayName("with hooks observing, the same rules hold (the loop's hooked path)")
    void hookedPathStagesAndPublishes() {
        int[] seen = {-1, -1};
        ScheduleHooks hooks = new ScheduleHooks() {
            @Override
            public void beforeSystem(HookContext ctx) {
            }
        };
        EcsSystem spawner = system("spawner", (w, dt) -> w.spawn(BULLET)).build();
        EcsSystem hit = system("hit", (w, dt) -> seen[0] = w.query(BULLETS).count()).after(spawner).build();
        EcsSystem barrier = system("barrier", (w, dt) -> seen[1] = w.query(BULLETS).count()).after(hit)
                .commitBefore().build();
        Schedule.builder("s").systems(spawner, hit, barrier).hooks(hooks).build().run(world, 0.016);
        assertEquals(0, seen[0]);
        assertEquals(1, seen[1]);
    }

    @Test
    @DisplayName("transactions(false): structural changes apply at once, as before")
    void transactionsOff() {
        int[] seen = {-1};
        EcsSystem spawner = system("spawner", (w, dt) -> w.spawn(BULLET)).build();
        EcsSystem hit = system("hit", (w, dt) -> seen[0] = w.query(BULLETS).count()).after(spawner).build();
        Schedule.builder("s").systems(spawner, hit).transactions(false).build().run(world, 0.016);
        assertEquals(1, seen[0]);
        assertEquals(0, world.commitStats().opsStaged());
    }

    @Test
    @DisplayName("world.reset() inside a running system is refused with a clear message")
    void resetInsideARun() {
        EcsSystem resetter = system("resetter", (w, dt) -> w.reset()).build();
        IllegalStateException x = assertThrows(IllegalStateException.class,
                () -> Schedule.builder("s").systems(resetter).build().run(world, 0.016));
        assertTrue(x.getMessage().startsWith("World.reset: cannot run while a schedule runs on this world"), x.getMessage());
    }

    @Test
    @DisplayName("README, 'Structural transactions': hit sees earlier frames' bullets, aim (commitBefore) this frame's too")
    void readmeExample() {
        List<Integer> hitSaw = new ArrayList<>();
        List<Integer> aimSaw = new ArrayList<>();
        EcsSystem spawner = EcsSystem.define("game/spawn", (w, dt) -> w.spawn(BULLET.with(new int[1])));
        EcsSystem hit = EcsSystem.builder("game/hit").after(spawner)
                .run((w, dt) -> hitSaw.add(w.query(BULLETS).count())).build();
        EcsSystem aim = EcsSystem.builder("game/aim").after(spawner).commitBefore()
                .run((w, dt) -> aimSaw.add(w.query(BULLETS).count())).build();
        Schedule s = Schedule.builder("readme").systems(spawner, hit, aim).build();
        s.run(world, 0.016);
        s.run(world, 0.016);
        assertEquals(List.of(0, 1), hitSaw);
        assertEquals(List.of(1, 2), aimSaw);
    }
}
