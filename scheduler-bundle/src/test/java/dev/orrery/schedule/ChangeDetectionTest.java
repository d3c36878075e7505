package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.Query;
import dev.orrery.world.SystemContext;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Change detection per system: {@code added}, {@code changed} and {@code removed} see what happened
 * since the querying system's previous run in the world (Bevy's rule), in whichever dispatch engine
 * the suite runs.
 */
class ChangeDetectionTest {
    static final Trait<int[]> HEALTH = Trait.of("Health", () -> new int[] {10});
    static final Trait<String> BURNING = Trait.withDefault("Burning", "hot");
    static final Query CHANGED = Query.builder().changed(HEALTH).build();
    static final Query ADDED = Query.builder().added(BURNING).build();

    private final World world = new World();

    /** A system that records, per run, the entities its change query selects. */
    private static final class Reader {
        final List<Set<Long>> runs = new ArrayList<>();
        final Query query;

        Reader(Query query) {
            this.query = query;
        }

        RunFunction run() {
            return (w, dt) -> {
                Set<Long> seen = new TreeSet<>();
                w.query(query).forEach(seen::add);
                runs.add(seen);
            };
        }

        Set<Long> last() {
            return runs.get(runs.size() - 1);
        }
    }

    private static Set<Long> set(long... handles) {
        Set<Long> s = new TreeSet<>();
        for (long h : handles) {
            s.add(h);
        }
        return s;
    }

    @Test
    @DisplayName("changed(T) sees what changed since the querying system's previous run; its first run sees everything")
    void sinceTheSystemsPreviousRun() {
        long a = world.spawn(HEALTH);
        long b = world.spawn(HEALTH);
        Reader reader = new Reader(CHANGED);
        Schedule s = Schedule.builder("s").systems(EcsSystem.define("reader", reader.run())).build();
        s.run(world, 0.016);
        assertEquals(set(a, b), reader.last(), "first run: everything");
        s.run(world, 0.016);
        assertEquals(set(), reader.last());
        world.set(b, HEALTH, new int[] {1});
        s.run(world, 0.016);
        assertEquals(set(b), reader.last());
    }

    @Test
    @DisplayName("each system has its own window: a later system of the frame sees an earlier one's writes at once")
    void windowPerSystem() {
        long a = world.spawn(HEALTH);
        Reader before = new Reader(CHANGED);
        Reader after = new Reader(CHANGED);
        EcsSystem r1 = EcsSystem.builder("before").run(before.run()).build();
        EcsSystem writer = EcsSystem.builder("writer").after(r1).run((w, dt) -> w.set(a, HEALTH, new int[] {1})).build();
        EcsSystem r2 = EcsSystem.builder("after").after(writer).run(after.run()).build();
        Schedule s = Schedule.builder("s").systems(r1, writer, r2).build();
        s.run(world, 0.016);
        s.run(world, 0.016);
        assertEquals(List.of(set(a), set(a)), before.runs, "the write after it, seen on its next run");
        assertEquals(List.of(set(a), set(a)), after.runs, "the write of this frame, seen at once");
    }

    @Test
    @DisplayName("a system does not see its own value writes again; it sees its own staged adds once published")
    void ownWrites() {
        long a = world.spawn(HEALTH);
        List<Integer> changedSeen = new ArrayList<>();
        List<Integer> addedSeen = new ArrayList<>();
        Schedule s = Schedule.builder("s").systems(EcsSystem.define("self", (w, dt) -> {
            changedSeen.add(w.query(CHANGED).count());
            addedSeen.add(w.query(ADDED).count());
            w.set(a, HEALTH, new int[] {1});
            w.add(a, BURNING); // staged: published at the phase's end
        })).build();
        s.run(world, 0.016);
        s.run(world, 0.016);
        s.run(world, 0.016);
        assertEquals(List.of(1, 0, 0), changedSeen);
        assertEquals(List.of(0, 1, 0), addedSeen, "the published add is after its run ended");
    }

    @Test
    @DisplayName("a system skipped by its run condition sees everything since it last ran")
    void skippedByCondition() {
        long a = world.spawn(HEALTH);
        long b = world.spawn(HEALTH);
        boolean[] gate = {true};
        Reader reader = new Reader(CHANGED);
        Schedule s = Schedule.builder("s")
                .systems(EcsSystem.builder("reader").runIf(w -> gate[0]).run(reader.run()).build()).build();
        s.run(world, 0.016);
        gate[0] = false;
        world.set(a, HEALTH, new int[] {1});
        s.run(world, 0.016);
        world.set(b, HEALTH, new int[] {1});
        s.run(world, 0.016);
        gate[0] = true;
        s.run(world, 0.016);
        assertEquals(List.of(set(a, b), set(a, b)), reader.runs);
    }

    @Test
    @DisplayName("a run condition sees the window of the system it guards")
    void conditionSeesTheSystemsWindow() {
        long a = world.spawn(HEALTH);
        int[] runs = {0};
        Schedule s = Schedule.builder("s").systems(EcsSystem.builder("onChange")
                .runIf(w -> !w.query(CHANGED).isEmpty()).run((w, dt) -> runs[0]++).build()).build();
        s.run(world, 0.016);
        s.run(world, 0.016);
        world.set(a, HEALTH, new int[] {1});
        s.run(world, 0.016);
        s.run(world, 0.016);
        assertEquals(2, runs[0], "first run, then once after the change");
    }

    @Test
    @DisplayName("a disabled system sees everything since it last ran when enabled again")
    void disabledSystem() {
        long a = world.spawn(HEALTH);
        Reader reader = new Reader(CHANGED);
        EcsSystem sys = EcsSystem.define("reader", reader.run());
        Schedule s = Schedule.builder("s").systems(sys).build();
        s.run(world, 0.016);
        s.disable(world, sys);
        world.set(a, HEALTH, new int[] {1});
        s.run(world, 0.016);
        s.run(world, 0.016);
        s.enable(world, sys);
        s.run(world, 0.016);
        s.run(world, 0.016);
        assertEquals(List.of(set(a), set(a), set()), reader.runs);
    }

    @Test
    @DisplayName("removed(T) in a system: entities that lost T or were destroyed with it since its previous run")
    void removedPerSystem() {
        long a = world.spawn(HEALTH);
        long b = world.spawn(HEALTH);
        long c = world.spawn(BURNING);
        List<List<Long>> seen = new ArrayList<>();
        boolean[] gate = {true};
        EcsSystem killer = EcsSystem.define("killer", (w, dt) -> {
            if (w.isAlive(b)) {
                w.destroy(b);
                w.remove(a, HEALTH);
                w.destroy(c);
            }
        });
        EcsSystem reader = EcsSystem.builder("reader").phase(Phase.POST_UPDATE).runIf(w -> gate[0])
                .run((w, dt) -> seen.add(Arrays.stream(w.removed(HEALTH).toArray()).boxed().toList())).build();
        Schedule s = Schedule.builder("s").systems(killer, reader).build();
        gate[0] = false;
        s.run(world, 0.016); // the reader has not called removed yet: recorded from its first call on
        gate[0] = true;
        world.add(a, HEALTH);
        s.run(world, 0.016);
        world.remove(a, HEALTH);
        s.run(world, 0.016);
        s.run(world, 0.016);
        assertEquals(List.of(List.of(), List.of(a), List.of()), seen);
        world.add(a, HEALTH);
        gate[0] = true;
        EcsSystem killer2 = EcsSystem.define("killer2", (w, dt) -> {
            if (w.isAlive(a)) {
                w.destroy(a);
            }
        });
        Schedule s2 = Schedule.builder("s").systems(killer2, reader).build();
        s2.run(world, 0.016);
        assertEquals(List.of(a), seen.get(seen.size() - 1), "destroyed with the trait; the handle is dead");
    }

    @Test
    @DisplayName("a nested run call from inside a system leaves the outer system's window intact")
    void nestedRun() {
        long a = world.spawn(HEALTH);
        Reader innerReader = new Reader(CHANGED);
        Schedule inner = Schedule.builder("inner").systems(EcsSystem.define("innerReader", innerReader.run())).build();
        List<Integer> outerCounts = new ArrayList<>();
        List<SystemContext> during = new ArrayList<>();
        Schedule outer = Schedule.builder("outer").systems(EcsSystem.define("outer", (w, dt) -> {
            outerCounts.add(w.query(CHANGED).count());
            inner.run(w, dt);
            during.add(w.systemContexts().current());
            outerCounts.add(w.query(CHANGED).count());
        })).build();
        outer.run(world, 0.016);
        world.set(a, HEALTH, new int[] {1});
        outer.run(world, 0.016);
        outer.run(world, 0.016);
        assertEquals(List.of(1, 1, 1, 1, 0, 0), outerCounts);
        assertEquals(List.of(set(a), set(a), set()), innerReader.runs);
        // the first run's first change query started the tracking: until then no context is entered
        assertNull(during.get(0), "nothing was tracked when the outer system's turn began");
        assertSame(world.systemContexts().of("outer", "outer"), during.get(1), "the outer system is current again");
        assertSame(world.systemContexts().of("outer", "outer"), during.get(2));
        assertNull(world.systemContexts().current(), "outside any system after the run call");
    }

    @Test
    @DisplayName("an OnStart system sees everything on its one run; its window then stays where its run ended")
    void onStart() {
        long a = world.spawn(HEALTH);
        Reader starter = new Reader(CHANGED);
        Reader frame = new Reader(CHANGED);
        Schedule s = Schedule.builder("s").systems(EcsSystem.define("starter", Phase.ON_START, starter.run()),
                EcsSystem.define("frame", frame.run())).build();
        s.run(world, 0.016);
        world.set(a, HEALTH, new int[] {1});
        s.run(world, 0.016);
        assertEquals(List.of(set(a)), starter.runs);
        assertEquals(List.of(set(a), set(a)), frame.runs);
        assertTrue(world.systemContexts().of("s", "starter").lastRunTick()
                < world.systemContexts().of("s", "frame").lastRunTick(), "the starter's window stays where its one run ended");
    }

    @Test
    @DisplayName("added(T) sees a published add in later phases at once, in earlier systems on their next run")
    void publishedAdd() {
        long a = world.spawn(HEALTH);
        Reader early = new Reader(ADDED);
        Reader late = new Reader(ADDED);
        EcsSystem e = EcsSystem.define("early", early.run());
        EcsSystem igniter = EcsSystem.builder("igniter").after(e).run((w, dt) -> {
            if (!w.has(a, BURNING)) {
                w.add(a, BURNING);
            }
        }).build();
        EcsSystem l = EcsSystem.define("late", Phase.POST_UPDATE, late.run());
        Schedule s = Schedule.builder("s").systems(e, igniter, l).build();
        s.run(world, 0.016);
        s.run(world, 0.016);
        s.run(world, 0.016);
        assertEquals(List.of(set(), set(a), set()), early.runs);
        assertEquals(List.of(set(a), set(), set()), late.runs);
    }

    @Test
    @DisplayName("a rebuilt schedule of the same name keeps each system's window; a crash keeps the old one")
    void rebuildAndCrash() {
        long a = world.spawn(HEALTH);
        Reader reader = new Reader(CHANGED);
        EcsSystem sys = EcsSystem.define("reader", reader.run());
        Schedule.builder("s").systems(sys).build().run(world, 0.016);
        Schedule rebuilt = Schedule.builder("s").systems(EcsSystem.define("reader", reader.run())).build();
        rebuilt.run(world, 0.016);
        assertEquals(List.of(set(a), set()), reader.runs, "the rebuilt system does not see old changes again");
        world.set(a, HEALTH, new int[] {1});
        boolean[] crash = {true};
        Schedule crashing = Schedule.builder("s").systems(EcsSystem.define("reader", (w, dt) -> {
            w.query(CHANGED).forEach(e -> { });
            if (crash[0]) {
                throw new IllegalStateException("boom");
            }
        })).build();
        assertThrows(IllegalStateException.class, () -> crashing.run(world, 0.016));
        rebuilt.run(world, 0.016);
        assertEquals(set(a), reader.last(), "the crashed run did not end the window");
        assertTrue(world.systemContexts().current() == null);
    }

    @Test
    @DisplayName("README, 'Change detection': the bar flashes for those hit since the last frame, hides for the fallen")
    void readmeExample() {
        Query hurt = Query.builder().changed(HEALTH).build();
        List<Long> flashed = new ArrayList<>();
        List<Long> hidden = new ArrayList<>();
        EcsSystem flash = EcsSystem.define("ui/flash", (w, dt) ->
                w.query(hurt).forEach(HEALTH, (e, h) -> flashed.add(e)));
        EcsSystem fallen = EcsSystem.define("ui/fallen", (w, dt) ->
                w.removed(HEALTH).forEach(hidden::add));
        Schedule s = Schedule.builder("readme").systems(flash, fallen).build();
        long hero = world.spawn(HEALTH);
        long orc = world.spawn(HEALTH);
        s.run(world, 0.016);
        flashed.clear();
        world.get(orc, HEALTH)[0] -= 7; // in place: say so
        world.markChanged(orc, HEALTH);
        s.run(world, 0.016);
        world.destroy(orc);
        s.run(world, 0.016);
        assertEquals(List.of(orc), flashed);
        assertEquals(List.of(orc), hidden);
        assertTrue(world.isAlive(hero));
    }
}
