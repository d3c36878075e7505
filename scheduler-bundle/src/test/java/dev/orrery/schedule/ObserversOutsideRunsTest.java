package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.Entity;
import dev.orrery.world.MessageType;
import dev.orrery.world.Query;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Observers and the world's publishes beyond a single run call: changes made outside any run (at
 * once), a schedule attached without running, replaced or detached schedules, a nested run call of
 * another schedule, what the closing scope publishes, and the context an observer runs with. Runs on
 * both dispatch engines (the suite runs twice).
 */
class ObserversOutsideRunsTest {
    static final Trait<String> BURNING = Trait.withDefault("Burning", "hot");
    static final Trait<String> SMOKE = Trait.withDefault("Smoke", "grey");
    static final Trait<Integer> HEALTH = Trait.withDefault("Health", 10);
    static final Query CHANGED_HEALTH = Query.builder().changed(HEALTH).build();
    static final MessageType<String> DAMAGE = MessageType.of("test/ObserversDamage");

    private final World world = new World();
    private final List<String> log = new ArrayList<>();

    private EcsObserver recorder(String name, EcsObserver.Builder b) {
        return b.run((w, e) -> log.add(name + ":" + Entity.toString(e)));
    }

    private static EcsSystem idle(String name) {
        return EcsSystem.define(name, Phase.ON_UPDATE, (w, dt) -> { });
    }

    @Test
    void everyImmediateChangeOutsideARunFiresTheAttachedObserversAtOnce() {
        EcsObserver add = recorder("add", EcsObserver.builder("fx/add").onAdd(BURNING));
        EcsObserver remove = recorder("remove", EcsObserver.builder("fx/remove").onRemove(BURNING));
        EcsObserver change = recorder("change", EcsObserver.builder("fx/change").onChange(HEALTH));
        Schedule s = Schedule.builder("main").observers(add, remove, change).systems(idle("rules/idle")).build();
        s.attach(world); // as the first run call does
        long e = world.spawn(HEALTH.with(1));
        assertEquals(List.of(), log, "a spawn without the observed trait of an add");
        world.add(e, BURNING);
        assertEquals(List.of("add:" + Entity.toString(e)), log);
        world.set(e, HEALTH, 2);
        world.markChanged(e, HEALTH);
        assertEquals(List.of("add:" + Entity.toString(e), "change:" + Entity.toString(e), "change:"
                + Entity.toString(e)), log, "each immediate change is a publish of its own");
        world.remove(e, BURNING);
        world.add(e, BURNING);
        world.destroy(e);
        assertEquals(List.of("add", "change", "change", "remove", "add", "remove"),
                log.stream().map(x -> x.substring(0, x.indexOf(':'))).toList());
        assertFalse(world.isStaging());
    }

    @Test
    void anObserversStructuralChangesOutsideARunArePublishedInFollowUpRoundsBeforeTheCallReturns() {
        List<Boolean> staging = new ArrayList<>();
        EcsObserver smoke = EcsObserver.builder("fx/smoke").onAdd(BURNING).run((w, e) -> {
            staging.add(w.isStaging());
            w.add(e, SMOKE);
            assertFalse(w.has(e, SMOKE), "staged until the round publishes");
        });
        EcsObserver seen = recorder("smoke", EcsObserver.builder("fx/seen").onAdd(SMOKE));
        Schedule s = Schedule.builder("main").observers(smoke, seen).systems(idle("rules/idle")).build();
        s.run(world, 0.016);
        long e = world.spawn(BURNING.with("x"));
        assertEquals(List.of(true), staging, "an observer's structural calls are staged, outside a run too");
        assertTrue(world.has(e, SMOKE), "published in a follow-up round before spawn returned");
        assertEquals(List.of("smoke:" + Entity.toString(e)), log, "and the round fired its observers");
        assertFalse(world.isStaging());
    }

    @Test
    void aThrowingObserverOutsideARunPropagatesFromTheCallAndItsRoundIsDiscarded() {
        long[] spawned = {-1};
        RuntimeException boom = new IllegalStateException("boom");
        EcsObserver thrower = EcsObserver.builder("fx/thrower").onAdd(BURNING).run((w, e) -> {
            spawned[0] = w.spawn(SMOKE.with("s"));
            throw boom;
        });
        Schedule s = Schedule.builder("main").plugins(Plugin.builder("fx").observers(thrower).build())
                .systems(idle("rules/idle")).build();
        s.run(world, 0.016);
        RuntimeException x = assertThrows(RuntimeException.class, () -> world.spawn(BURNING.with("x")));
        assertTrue(x == boom, "unchanged");
        RunFailure f = RunFailure.of(world, x).orElseThrow();
        assertEquals(RunFailure.Stage.OBSERVER, f.stage());
        assertEquals("fx/thrower", f.systemName());
        assertEquals(1, world.query(Query.builder().with(BURNING).build()).count(), "the spawn itself applied");
        assertFalse(world.isAlive(spawned[0]), "what the observer staged is discarded");
        assertFalse(world.isStaging());
    }

    @Test
    void aReplacedOrDetachedSchedulesObserversNeverFireOutsideARun() {
        Plugin fx = Plugin.builder("fx").observers(recorder("fx", EcsObserver.builder("fx/seen").onAdd(BURNING))).build();
        Plugin own = Plugin.builder("own").observers(recorder("own", EcsObserver.builder("own/seen").onAdd(BURNING)))
                .build();
        Schedule whole = Schedule.builder("main").plugins(fx, own).systems(idle("rules/idle")).build();
        whole.run(world, 0.016);
        world.spawn(BURNING.with("a"));
        assertEquals(2, log.size());
        Schedule without = whole.withoutPlugins(List.of("fx"));
        without.attach(world); // what the host does at the swap, before the next frame
        world.spawn(BURNING.with("b"));
        assertEquals(List.of("fx", "own", "own"), log.stream().map(x -> x.substring(0, x.indexOf(':'))).toList(),
                "the replaced schedule's observers are gone at once");
        without.run(world, 0.016);
        world.spawn(BURNING.with("c"));
        assertEquals(4, log.size());
        without.detach(world); // what the host does when it stops
        world.spawn(BURNING.with("d"));
        assertEquals(4, log.size());
        assertFalse(world.traitEvents().isWatching());
        whole.run(world, 0.016); // a run call attaches again, replacing its lineage
        world.spawn(BURNING.with("e"));
        assertEquals(List.of("fx", "own", "own", "own", "fx", "own"),
                log.stream().map(x -> x.substring(0, x.indexOf(':'))).toList());
    }

    @Test
    void twoSchedulesOfDifferentLineagesBothFireInTheOrderTheyAttached() {
        Schedule main = Schedule.builder("main").observers(recorder("main", EcsObserver.builder("main/seen")
                .onAdd(BURNING))).systems(idle("rules/idle")).build();
        Schedule ai = Schedule.builder("ai").observers(recorder("ai", EcsObserver.builder("ai/seen")
                .onAdd(BURNING))).systems(idle("ai/idle")).build();
        ai.attach(world);
        main.attach(world);
        long e = world.spawn(BURNING.with("x"));
        assertEquals(List.of("ai:" + Entity.toString(e), "main:" + Entity.toString(e)), log);
    }

    @Test
    void aNestedRunOfAnotherScheduleKeepsTheOuterSchedulesEventsEachFiresOnce() {
        long e = world.spawn(HEALTH.with(1));
        Schedule inner = Schedule.builder("inner").observers(recorder("inner", EcsObserver.builder("inner/smoke")
                .onAdd(SMOKE))).systems(EcsSystem.define("inner/smoke", Phase.ON_UPDATE, (w, dt) -> w.add(e, SMOKE)))
                .build();
        Schedule outer = Schedule.builder("outer").observers(recorder("outer", EcsObserver.builder("outer/hit")
                .onChange(HEALTH))).systems(EcsSystem.define("outer/hit", Phase.ON_UPDATE, (w, dt) -> {
                    w.set(e, HEALTH, w.get(e, HEALTH) + 1); // a value change: recorded now, delivered at the next publish
                    inner.run(w, dt);
                })).build();
        outer.run(world, 0.016);
        assertEquals(List.of("outer:" + Entity.toString(e), "inner:" + Entity.toString(e)), log,
                "the outer event is delivered by the inner publish, to the outer observer, once");
        outer.run(world, 0.016);
        assertEquals(List.of("outer", "inner", "outer"), log.stream().map(x -> x.substring(0, x.indexOf(':'))).toList());
    }

    @Test
    void whatTheClosingScopePublishesFiresTheObservers() {
        Schedule s = Schedule.builder("main").observers(recorder("seen", EcsObserver.builder("fx/seen").onAdd(BURNING)))
                .systems(idle("rules/idle")).build();
        s.run(world, 0.016);
        world.transaction().open(); // a tool staging outside a schedule's run
        long e = world.spawn(BURNING.with("x"));
        assertEquals(List.of(), log, "staged: nothing published yet");
        world.transaction().close();
        assertEquals(List.of("seen:" + Entity.toString(e)), log, "the outermost close publishes and delivers");
    }

    @Test
    void valueChangesOfAScheduleWithoutObserversReachTheAttachedObserversAtItsPhaseEnd() {
        long e = world.spawn(HEALTH.with(1));
        Schedule watcher = Schedule.builder("ui").observers(recorder("flash", EcsObserver.builder("ui/flash")
                .onChange(HEALTH))).systems(idle("ui/idle")).build();
        watcher.attach(world);
        List<Integer> seenInNextPhase = new ArrayList<>();
        Schedule rules = Schedule.builder("rules").systems(
                EcsSystem.define("rules/hit", Phase.ON_UPDATE, (w, dt) -> w.set(e, HEALTH, 5)),
                EcsSystem.define("rules/after", Phase.POST_UPDATE, (w, dt) -> seenInNextPhase.add(log.size()))).build();
        rules.run(world, 0.016);
        assertEquals(List.of("flash:" + Entity.toString(e)), log);
        assertEquals(List.of(1), seenInNextPhase, "delivered by the phase's own publish, before the next phase");
    }

    @Test
    void anObserverHasAChangeWindowOfItsOwnAndReadsNoMessages() {
        long a = world.spawn(HEALTH.with(1), BURNING.with("a"));
        long b = world.spawn(HEALTH.with(1));
        List<List<Long>> observerSaw = new ArrayList<>();
        List<String> messagesError = new ArrayList<>();
        EcsObserver audit = EcsObserver.builder("fx/audit").onChange(BURNING).run((w, e) -> {
            List<Long> changed = new ArrayList<>();
            w.query(CHANGED_HEALTH).forEach(changed::add);
            changed.sort(null);
            observerSaw.add(changed);
            try {
                w.messages(DAMAGE);
            } catch (IllegalStateException x) {
                messagesError.add(x.getMessage());
            }
            w.send(DAMAGE, "from an observer");
        });
        List<List<Long>> systemSaw = new ArrayList<>();
        List<String> read = new ArrayList<>();
        EcsSystem hit = EcsSystem.builder("rules/hit").phase(Phase.ON_UPDATE).readsMessages(DAMAGE).run((w, dt) -> {
            w.messages(DAMAGE).forEach(read::add);
            List<Long> changed = new ArrayList<>();
            w.query(CHANGED_HEALTH).forEach(changed::add);
            changed.sort(null);
            systemSaw.add(changed);
            w.set(b, HEALTH, w.get(b, HEALTH) + 1);
            w.set(a, BURNING, "again"); // fires the observer at the phase's end
        }).build();
        Schedule s = Schedule.builder("main").observers(audit).systems(hit).build();
        s.run(world, 0.016);
        assertEquals(List.of(List.of(a, b)), systemSaw, "the system's first run sees everything");
        assertEquals(List.of(List.of(a, b)), observerSaw, "the observer's first call sees everything too");
        world.set(a, HEALTH, 7); // outside: no observer of HEALTH
        s.run(world, 0.016);
        assertEquals(List.of(a), systemSaw.get(1), "the system's window: since its previous run, without its own write");
        assertEquals(List.of(a, b), observerSaw.get(1),
                "the observer's window: since its previous call, not the system's that ran just before it");
        world.set(b, HEALTH, 99);
        world.set(a, BURNING, "outside"); // fires it at once, outside the run
        assertEquals(List.of(b), observerSaw.get(2));
        assertEquals(3, messagesError.size(), "World.messages throws inside an observer, in and outside a run");
        assertTrue(messagesError.get(0).contains("an observer"), messagesError.get(0));
        assertEquals(List.of("from an observer"), read, "an observer may send: the system reads it on its next run");
    }
}
