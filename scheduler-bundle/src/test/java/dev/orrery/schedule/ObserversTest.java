package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.graph.ObserverNode;
import dev.orrery.world.Entity;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Observers ({@link EcsObserver}): when they fire, in which order, what they see, their follow-up
 * rounds, the round limit, faults, and their lifecycle with the schedule. Runs on both dispatch
 * engines (the suite runs twice).
 */
class ObserversTest {
    static final Trait<String> BURNING = Trait.withDefault("Burning", "hot");
    static final Trait<String> SMOKE = Trait.withDefault("Smoke", "grey");
    static final Trait<Integer> HEALTH = Trait.withDefault("Health", 10);
    static final Trait<String> PING = Trait.withDefault("Ping", "ping");
    static final Trait<String> PONG = Trait.withDefault("Pong", "pong");

    private final World world = new World();
    private final List<String> log = new ArrayList<>();

    private EcsObserver recorder(String name, EcsObserver.Builder b) {
        return b.run((w, e) -> log.add(name + ":" + Entity.toString(e)));
    }

    private static EcsSystem system(String name, Phase phase, RunFunction run) {
        return EcsSystem.define(name, phase, run);
    }

    @Test
    void anAddFiresAfterThePhasePublishesWithThePublishedState() {
        long e = world.spawn();
        List<String> seen = new ArrayList<>();
        EcsObserver ignite = EcsObserver.builder("fx/ignite").onAdd(BURNING).run((w, x) ->
                seen.add(w.get(x, BURNING) + "+" + w.get(x, SMOKE) + " staging=" + w.isStaging()));
        List<Integer> seenBySameSystemPhase = new ArrayList<>();
        Schedule s = Schedule.builder("main").observers(ignite).systems(
                system("rules/burn", Phase.ON_UPDATE, (w, dt) -> {
                    w.add(e, BURNING);
                    w.add(e, SMOKE);
                }),
                system("rules/later", Phase.ON_UPDATE, (w, dt) -> seenBySameSystemPhase.add(seen.size()))).build();
        s.run(world, 0.016);
        assertEquals(List.of("hot+grey staging=true"), seen, "every op of the transaction applied; inside the run");
        assertEquals(List.of(0), seenBySameSystemPhase, "not before the phase's publish");
        s.run(world, 0.016);
        assertEquals(1, seen.size(), "a trait the entity keeps is not added again");
    }

    @Test
    void aSpawnWithTheTraitIsAnAdd() {
        Schedule s = Schedule.builder("main").observers(recorder("seen", EcsObserver.builder("fx/seen").onAdd(BURNING)))
                .systems(system("rules/spawn", Phase.ON_UPDATE, (w, dt) -> w.spawn(BURNING.with("x")))).build();
        s.run(world, 0.016);
        assertEquals(1, log.size());
    }

    @Test
    void aRemoveAndADestroyFireOnRemoveTheDestroyedEntityIsDead() {
        long kept = world.spawn(BURNING.with("a"));
        long gone = world.spawn(BURNING.with("b"));
        List<Boolean> alive = new ArrayList<>();
        EcsObserver out = EcsObserver.builder("fx/out").onRemove(BURNING).run((w, x) -> alive.add(w.isAlive(x)));
        Schedule s = Schedule.builder("main").observers(out).systems(system("rules/douse", Phase.ON_UPDATE, (w, dt) -> {
            w.remove(kept, BURNING);
            w.destroy(gone);
        })).build();
        s.run(world, 0.016);
        assertEquals(List.of(true, false), alive);
    }

    @Test
    void aChangeFiresOncePerEntityPerPublishAndNotForAnAdd() {
        long a = world.spawn(HEALTH.with(10));
        long b = world.spawn(HEALTH.with(10));
        long c = world.spawn();
        List<Integer> values = new ArrayList<>();
        EcsObserver flash = EcsObserver.builder("ui/flash").onChange(HEALTH).run((w, x) -> values.add(w.get(x, HEALTH)));
        Schedule s = Schedule.builder("main").observers(flash).systems(system("rules/hit", Phase.ON_UPDATE, (w, dt) -> {
            w.set(a, HEALTH, 7);
            w.set(a, HEALTH, 3);
            w.markChanged(b, HEALTH);
            w.add(c, HEALTH, 5);
        })).build();
        s.run(world, 0.016);
        assertEquals(List.of(3, 10), values, "a once, with its published value; b marked; c's add is no change");
    }

    @Test
    void aChangeOfAnEntityTheSamePublishDestroysDoesNotFire() {
        long a = world.spawn(HEALTH.with(10));
        Schedule s = Schedule.builder("main").observers(recorder("flash", EcsObserver.builder("ui/flash").onChange(HEALTH)))
                .systems(system("rules/kill", Phase.ON_UPDATE, (w, dt) -> {
                    w.set(a, HEALTH, 0);
                    w.destroy(a);
                })).build();
        s.run(world, 0.016);
        assertEquals(List.of(), log);
    }

    @Test
    @DisplayName("SCH-136: observers fire in flattened declaration order, plugins in order, then the schedule's own")
    void sch136ObserversFireInFlattenedDeclarationOrder() {
        long e1 = world.spawn();
        long e2 = world.spawn();
        Plugin sounds = Plugin.builder("sounds").observers(recorder("sounds", EcsObserver.builder("sounds/hiss").onAdd(BURNING))).build();
        Plugin ui = Plugin.builder("ui").observers(
                recorder("ui1", EcsObserver.builder("ui/one").onAdd(BURNING)),
                recorder("ui2", EcsObserver.builder("ui/two").onAdd(BURNING))).build();
        Schedule s = Schedule.builder("main").plugins(sounds, ui)
                .observers(recorder("own", EcsObserver.builder("main/own").onAdd(BURNING)))
                .systems(system("rules/burn", Phase.ON_UPDATE, (w, dt) -> {
                    w.add(e1, BURNING);
                    w.add(e2, BURNING);
                })).build();
        s.run(world, 0.016);
        String x = Entity.toString(e1);
        String y = Entity.toString(e2);
        assertEquals(List.of("sounds:" + x, "ui1:" + x, "ui2:" + x, "own:" + x,
                "sounds:" + y, "ui1:" + y, "ui2:" + y, "own:" + y), log);
        assertEquals(List.of("sounds/hiss", "ui/one", "ui/two", "main/own"),
                s.observers().stream().map(EcsObserver::name).toList());
    }

    @Test
    void structuralChangesOfAnObserverArePublishedInAFollowUpRoundOfTheSameBarrier() {
        long e = world.spawn();
        List<String> inRound = new ArrayList<>();
        EcsObserver smoke = EcsObserver.builder("fx/smoke").onAdd(BURNING).run((w, x) -> {
            w.add(x, SMOKE);
            inRound.add("smoke staged, visible=" + w.has(x, SMOKE));
        });
        EcsObserver seeSmoke = EcsObserver.builder("fx/see").onAdd(SMOKE).run((w, x) -> inRound.add("smoke seen"));
        List<Boolean> nextPhase = new ArrayList<>();
        Schedule s = Schedule.builder("main").observers(smoke, seeSmoke).systems(
                system("rules/burn", Phase.ON_UPDATE, (w, dt) -> w.add(e, BURNING)),
                system("rules/look", Phase.POST_UPDATE, (w, dt) -> nextPhase.add(w.has(e, SMOKE)))).build();
        s.run(world, 0.016);
        assertEquals(List.of("smoke staged, visible=false", "smoke seen"), inRound);
        assertEquals(List.of(true), nextPhase, "published before the next phase");
        assertEquals(2, world.commitStats().publishes(), "the phase's publish and the round's");
    }

    @Test
    void aDeclaredBarrierAndARequestedCommitFireTheObserversBeforeTheNextSystem() {
        long e = world.spawn();
        long f = world.spawn();
        Schedule s = Schedule.builder("main").observers(recorder("seen", EcsObserver.builder("fx/seen").onAdd(BURNING)))
                .systems(
                        EcsSystem.builder("rules/a").phase(Phase.ON_UPDATE).commitAfter()
                                .run((w, dt) -> w.add(e, BURNING)).build(),
                        EcsSystem.builder("rules/b").phase(Phase.ON_UPDATE).run((w, dt) -> {
                            log.add("b");
                            w.add(f, BURNING);
                            w.enqueueCommit();
                        }).build(),
                        EcsSystem.builder("rules/c").phase(Phase.ON_UPDATE)
                                .run((w, dt) -> log.add("c")).build()).build();
        s.run(world, 0.016);
        assertEquals(List.of("seen:" + Entity.toString(e), "b", "seen:" + Entity.toString(f), "c"), log);
    }

    @Test
    void observersThatKeepFiringFailAtTheRoundLimitNamingThemAndTheWorldKeepsThePublishedRounds() {
        long e = world.spawn();
        EcsObserver ping = EcsObserver.builder("loop/ping").onAdd(PING).run((w, x) -> {
            w.remove(x, PING);
            w.add(x, PONG);
        });
        EcsObserver pong = EcsObserver.builder("loop/pong").onAdd(PONG).run((w, x) -> {
            w.remove(x, PONG);
            w.add(x, PING);
        });
        Plugin loop = Plugin.builder("loop").observers(ping, pong).build();
        Schedule s = Schedule.builder("main").plugins(loop)
                .systems(system("rules/start", Phase.ON_UPDATE, (w, dt) -> w.add(e, PING))).build();
        IllegalStateException x = assertThrows(IllegalStateException.class, () -> s.run(world, 0.016));
        assertEquals("schedule 'main': observers still firing after 64 rounds of one publish: 'loop/ping' of 'loop' "
                + "(each round's changes fire the next; the earlier rounds stay published)", x.getMessage());
        assertFalse(x.getMessage().contains("\n"));
        RunFailure f = RunFailure.of(world, x).orElseThrow();
        assertEquals(RunFailure.Stage.OBSERVER, f.stage());
        assertEquals("loop/ping", f.observer().name());
        assertEquals("loop", f.plugin());
        assertTrue(world.has(e, PING) ^ world.has(e, PONG), "a whole published state: one of the two");
        assertEquals(64 + 1, world.commitStats().publishes(), "the phase's publish and 64 rounds");
        assertFalse(world.isStaging());
    }

    @Test
    void aThrowingObserverIsAnObserverFailureItsRoundIsDiscardedAndTheScheduleStaysUsable() {
        long e = world.spawn();
        List<Long> spawned = new ArrayList<>();
        EcsObserver spawner = EcsObserver.builder("fx/spawner").onAdd(BURNING).run((w, x) -> spawned.add(w.spawn(SMOKE.with("s"))));
        RuntimeException boom = new IllegalStateException("boom");
        EcsObserver thrower = EcsObserver.builder("fx/thrower").onAdd(BURNING).run((w, x) -> {
            throw boom;
        });
        Plugin fx = Plugin.builder("fx").observers(spawner, thrower).build();
        Schedule s = Schedule.builder("main").plugins(fx)
                .systems(system("rules/burn", Phase.ON_UPDATE, (w, dt) -> {
                    if (!w.has(e, BURNING)) {
                        w.add(e, BURNING);
                    }
                })).build();
        RuntimeException x = assertThrows(RuntimeException.class, () -> s.run(world, 0.016));
        assertTrue(x == boom, "the exception propagates unchanged");
        RunFailure f = RunFailure.of(world, x).orElseThrow();
        assertEquals(RunFailure.Stage.OBSERVER, f.stage());
        assertEquals("fx/thrower", f.systemName());
        assertEquals("fx", f.plugin());
        assertEquals("observer", f.stageText());
        assertEquals(null, f.system());
        assertEquals("schedule 'main', observer 'fx/thrower', source 'fx', stage observer", f.toString());
        assertTrue(world.has(e, BURNING), "what the phase published stays");
        assertFalse(world.isAlive(spawned.get(0)), "what the failing round staged is discarded");
        s.run(world, 0.016);
        assertEquals(1, spawned.size(), "no event left over: nothing fires again");
    }

    @Test
    void aDiscardedTransactionFiresNothing() {
        long e = world.spawn(HEALTH.with(1));
        boolean[] fail = {true};
        Schedule s = Schedule.builder("main")
                .observers(recorder("burn", EcsObserver.builder("fx/burn").onAdd(BURNING).onChange(HEALTH)))
                .systems(system("rules/burn", Phase.ON_UPDATE, (w, dt) -> {
                    w.add(e, BURNING);
                    w.set(e, HEALTH, 2);
                    if (fail[0]) {
                        throw new IllegalStateException("crash");
                    }
                })).build();
        assertThrows(IllegalStateException.class, () -> s.run(world, 0.016));
        assertEquals(List.of(), log);
        fail[0] = false;
        s.run(world, 0.016);
        assertEquals(List.of("burn:" + Entity.toString(e), "burn:" + Entity.toString(e)), log, "the add, then the change");
    }

    @Test
    void outsideARunAChangeFiresAtOnceAndIsNotReplayedByTheNextRun() {
        Schedule s = Schedule.builder("main").observers(recorder("seen", EcsObserver.builder("fx/seen").onAdd(BURNING)))
                .systems(system("rules/idle", Phase.ON_UPDATE, (w, dt) -> { })).build();
        world.spawn(BURNING.with("before"));
        assertEquals(List.of(), log, "not attached yet: the schedule never ran on the world");
        s.run(world, 0.016);
        long e = world.spawn(BURNING.with("outside"));
        assertEquals(List.of("seen:" + Entity.toString(e)), log, "at once, outside dispatch");
        s.run(world, 0.016);
        assertEquals(1, log.size(), "not again at the next run");
        s.detach(world);
        world.spawn(BURNING.with("detached"));
        assertEquals(1, log.size());
        assertFalse(world.traitEvents().isWatching(), "no watch outlives the attachment");
    }

    @Test
    void aScheduleWithoutAPluginNeverCallsItsObserversAgain() {
        long e = world.spawn();
        Plugin fx = Plugin.builder("fx").observers(recorder("fx", EcsObserver.builder("fx/seen").onAdd(BURNING))).build();
        Plugin rules = Plugin.builder("rules").systems(system("rules/toggle", Phase.ON_UPDATE, (w, dt) -> {
            if (w.has(e, BURNING)) {
                w.remove(e, BURNING);
            } else {
                w.add(e, BURNING);
            }
        })).build();
        Schedule whole = Schedule.builder("main").plugins(fx, rules).build();
        whole.run(world, 0.016);
        assertEquals(1, log.size());
        Schedule without = whole.withoutPlugins(List.of("fx"));
        without.run(world, 0.016);
        without.run(world, 0.016);
        assertEquals(1, log.size());
        assertEquals(List.of(), without.observers());
        assertEquals(List.of(), without.orderGraph().observers());
        Schedule rebuilt = Schedule.builder("main").plugins(rules).adoptStateOf(whole).build();
        rebuilt.run(world, 0.016);
        assertEquals(1, log.size());
    }

    @Test
    void observerStatsCountTheCallsPerWorld() {
        long e = world.spawn(HEALTH.with(1));
        Plugin ui = Plugin.builder("ui").observers(recorder("flash", EcsObserver.builder("ui/flash").onChange(HEALTH))).build();
        Schedule s = Schedule.builder("main").plugins(ui).observers(recorder("own", EcsObserver.builder("main/add").onAdd(BURNING)))
                .systems(system("rules/hit", Phase.ON_UPDATE, (w, dt) -> w.set(e, HEALTH, w.get(e, HEALTH) + 1))).build();
        assertEquals(List.of(0L, 0L), s.observerStats(world).stream().map(ObserverStats::fired).toList());
        s.run(world, 0.016);
        s.run(world, 0.016);
        List<ObserverStats> stats = s.observerStats(world);
        assertEquals("ui/flash", stats.get(0).observer().name());
        assertEquals("ui", stats.get(0).plugin());
        assertEquals(2L, stats.get(0).fired());
        assertEquals("main", stats.get(1).plugin());
        assertEquals(0L, stats.get(1).fired());
        assertEquals(List.of(0L, 0L), s.observerStats(new World()).stream().map(ObserverStats::fired).toList());
    }

    @Test
    void theOrderGraphListsTheObserversWithPluginAndTriggers() {
        Plugin fx = Plugin.builder("fx").observers(EcsObserver.builder("fx/ignite").onAdd(BURNING).onRemove(BURNING)
                .onChange(HEALTH).run((w, e) -> { })).build();
        Schedule s = Schedule.builder("main").plugins(fx)
                .observers(EcsObserver.builder("main/own").onAdd(SMOKE).run((w, e) -> { })).build();
        assertEquals(List.of(new ObserverNode("fx/ignite", "fx", List.of("onAdd(Burning)", "onRemove(Burning)", "onChange(Health)")),
                new ObserverNode("main/own", "main", List.of("onAdd(Smoke)"))), s.orderGraph().observers());
    }

    @Test
    void twoObserversWithOneNameFailTheBuild() {
        Plugin a = Plugin.builder("a").observers(EcsObserver.builder("same").onAdd(BURNING).run((w, e) -> { })).build();
        ScheduleBuildException x = assertThrows(ScheduleBuildException.class, () -> Schedule.builder("main").plugins(a)
                .observers(EcsObserver.builder("same").onAdd(SMOKE).run((w, e) -> { })).build());
        assertEquals(BuildProblem.Kind.DUPLICATE_OBSERVER, x.problems().get(0).kind());
        assertTrue(x.problems().get(0).message().contains("two different observers are named 'same', declared by 'a' and by 'main'"),
                x.problems().get(0).message());
    }

    @Test
    void theBuilderRefusesBadInputNamingTheObserver() {
        assertThrows(IllegalArgumentException.class, () -> EcsObserver.builder(" "));
        IllegalStateException none = assertThrows(IllegalStateException.class,
                () -> EcsObserver.builder("fx/none").run((w, e) -> { }));
        assertTrue(none.getMessage().startsWith("observer 'fx/none' reacts to nothing"), none.getMessage());
        NullPointerException nul = assertThrows(NullPointerException.class, () -> EcsObserver.builder("fx/n").onAdd(null));
        assertEquals("observer 'fx/n': onAdd trait is null", nul.getMessage());
        EcsObserver o = EcsObserver.builder("fx/twice").onAdd(BURNING).onAdd(BURNING).run((w, e) -> { });
        assertEquals(1, o.triggers().size());
        assertEquals("observer fx/twice onAdd(Burning)", o.toString());
    }

    @Test
    void aForwardingPluginForwardsItsObservers() {
        Plugin inner = Plugin.builder("fx").observers(EcsObserver.builder("fx/o").onAdd(BURNING).run((w, e) -> { })).build();
        Plugin forwarding = new ForwardingPlugin(inner) { };
        assertEquals(inner.observers(), forwarding.observers());
        Plugin bare = new Plugin() {
            @Override public String name() { return "bare"; }
            @Override public List<Phase> phases() { return List.of(); }
            @Override public List<SystemSet> sets() { return List.of(); }
            @Override public List<EcsSystem> systems() { return List.of(); }
        };
        assertEquals(List.of(), bare.observers());
    }
}
