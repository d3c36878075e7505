package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orrery.world.World;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (Orrery's system lifecycle): {@code init} once per world before the
 * system's phase first executes (even when a gate skips the system), across rebuilds;
 * {@code disposeRemoved}, {@code disposeAll}; failures attributed as INIT/DISPOSE; {@code reset}.
 */
class LifecycleTest {
    private final Trace trace = new Trace();
    private final World world = new World();

    /** A system in {@code phase} that records its run, init and dispose. */
    private EcsSystem tracked(String name, Phase phase) {
        return EcsSystem.builder(name).phase(phase).run(trace.records(name))
                .init(w -> trace.events.add("init " + name))
                .dispose(w -> trace.events.add("dispose " + name)).build();
    }

    private EcsSystem tracked(String name) {
        return tracked(name, Phase.ON_UPDATE);
    }

    @Test
    @DisplayName("init runs once per world, before any system of its phase, in execution order; per world")
    void init_once_per_world_before_the_phase() {
        EcsSystem plain = trace.system("plain");
        EcsSystem a = tracked("a");
        EcsSystem b = tracked("b");
        EcsSystem c = tracked("c", Phase.POST_UPDATE);
        Schedule s = Schedule.builder("life").systems(plain, a, b, c).build();

        s.run(world, 0);
        assertEquals(List.of("init a", "init b", "plain", "a", "b", "init c", "c"), trace.take());
        s.run(world, 0);
        assertEquals(List.of("plain", "a", "b", "c"), trace.take(), "once per world");

        World other = new World();
        s.runPhase(other, Phase.POST_UPDATE, 0);
        assertEquals(List.of("init c", "c"), trace.take(), "each world initialises on its own; only executed phases");
    }

    @Test
    @DisplayName("init runs even when a gate skips the system: its own flag, its phase's flag, a condition")
    void init_even_when_gated() {
        EcsSystem off = tracked("off");
        EcsSystem cond = EcsSystem.builder("cond").run(trace.records("cond")).runIf(trace.condition("no", false))
                .init(w -> trace.events.add("init cond")).build();
        EcsSystem later = tracked("later", Phase.POST_UPDATE);
        Schedule s = Schedule.builder("gated").systems(off, cond, later).build();
        s.disable(world, off);
        s.disablePhase(world, Phase.POST_UPDATE);

        s.run(world, 0);
        assertEquals(List.of("init off", "init cond", "?no", "init later"), trace.take());
        s.enable(world, off);
        s.enablePhase(world, Phase.POST_UPDATE);
        s.run(world, 0);
        assertEquals(List.of("off", "?no", "later"), trace.take(), "not initialised again when the gate opens");
    }

    @Test
    @DisplayName("a system whose phase never executes is never initialised (a manual phase not stepped)")
    void no_init_without_a_pass() {
        Phase manual = Phase.builder("Manual").dependsOn(Phase.ON_UPDATE).manual(true).build();
        EcsSystem m = tracked("m", manual);
        Schedule s = Schedule.builder("manual").phases(manual).systems(m).build();
        s.run(world, 0);
        assertEquals(List.of(), trace.take());
        assertEquals(0, s.disposeAll(world), "nothing initialised, nothing to dispose");
        s.runPhase(world, manual, 0);
        assertEquals(List.of("init m", "m"), trace.take());
    }

    @Test
    @DisplayName("OnStart systems are initialised before OnStart runs them")
    void on_start_init() {
        EcsSystem start = tracked("start", Phase.ON_START);
        Schedule s = Schedule.builder("start").systems(start).build();
        s.run(world, 0);
        s.run(world, 0);
        assertEquals(List.of("init start", "start"), trace.take());
    }

    @Test
    @DisplayName("a rebuild that adopts the state does not initialise again; a new system is initialised; disposeRemoved disposes the one that left")
    void across_rebuilds_and_dispose_removed() {
        EcsSystem a = tracked("a");
        EcsSystem b = tracked("b");
        EcsSystem c = tracked("c");
        Schedule first = Schedule.builder("game").systems(a, b).build();
        first.run(world, 0);
        assertEquals(List.of("init a", "init b", "a", "b"), trace.take());

        Schedule second = Schedule.builder("game").systems(a, c).adoptStateOf(first).build();
        assertEquals(1, second.disposeRemoved(world));
        assertEquals(List.of("dispose b"), trace.take(), "b left: disposed; a stays initialised");
        assertEquals(0, second.disposeRemoved(world), "each system is disposed once");
        second.run(world, 0);
        assertEquals(List.of("init c", "a", "c"), trace.take(), "a not initialised again; c is new");

        Schedule third = Schedule.builder("game").systems(a, b, c).adoptStateOf(second).build();
        third.disposeRemoved(world);
        third.run(world, 0);
        assertEquals(List.of("init b", "a", "b", "c"), trace.take(), "b came back after its dispose: initialised again");
    }

    @Test
    @DisplayName("systems are matched by identity: a new object of the same name is a new system")
    void matched_by_identity() {
        EcsSystem v1 = tracked("p/tick");
        Schedule first = Schedule.builder("game").systems(v1).build();
        first.run(world, 0);
        EcsSystem v2 = EcsSystem.builder("p/tick").run(trace.records("v2"))
                .init(w -> trace.events.add("init v2")).dispose(w -> trace.events.add("dispose v2")).build();
        Schedule second = Schedule.builder("game").systems(v2).adoptStateOf(first).build();
        second.disposeRemoved(world);
        second.run(world, 0);
        assertEquals(List.of("init p/tick", "p/tick", "dispose p/tick", "init v2", "v2"), trace.take());
    }

    @Test
    @DisplayName("withoutPlugins shares the record: disposeRemoved on it disposes the departing plugin's systems only")
    void without_plugins_dispose_removed() {
        Plugin leaver = Plugin.builder("leaver").systems(tracked("leaver/x"), tracked("leaver/y")).build();
        Plugin stayer = Plugin.builder("stayer").systems(tracked("stayer/z")).build();
        Schedule full = Schedule.builder("main").plugins(leaver, stayer).build();
        full.run(world, 0);
        trace.take();
        Schedule without = full.withoutPlugins(List.of("leaver"));
        assertEquals(2, without.disposeRemoved(world));
        assertEquals(List.of("dispose leaver/y", "dispose leaver/x"), trace.take(), "newest first");
        without.run(world, 0);
        assertEquals(List.of("stayer/z"), trace.take());
    }

    @Test
    @DisplayName("disposeAll disposes every initialised system newest first; a later pass initialises again; systems without dispose are forgotten")
    void dispose_all() {
        EcsSystem a = tracked("a");
        EcsSystem initOnly = EcsSystem.builder("initOnly").run(trace.records("initOnly"))
                .init(w -> trace.events.add("init initOnly")).build();
        EcsSystem disposeOnly = EcsSystem.builder("disposeOnly").phase(Phase.POST_UPDATE).run(trace.records("disposeOnly"))
                .dispose(w -> trace.events.add("dispose disposeOnly")).build();
        Schedule s = Schedule.builder("all").systems(a, initOnly, disposeOnly).build();
        s.run(world, 0);
        assertEquals(List.of("init a", "init initOnly", "a", "initOnly", "disposeOnly"), trace.take());
        assertEquals(3, s.disposeAll(world));
        assertEquals(List.of("dispose disposeOnly", "dispose a"), trace.take());
        assertEquals(0, s.disposeAll(world));
        s.run(world, 0);
        assertEquals(List.of("init a", "init initOnly", "a", "initOnly", "disposeOnly"), trace.take());
    }

    @Test
    @DisplayName("a throwing init propagates unchanged, is attributed INIT with system and plugin; retried next pass; never disposed")
    void throwing_init() {
        IllegalStateException boom = new IllegalStateException("no GPU");
        boolean[] fail = {true};
        EcsSystem bad = EcsSystem.builder("gfx/setup").run(trace.records("gfx/setup")).init(w -> {
            trace.events.add("init gfx/setup");
            if (fail[0]) {
                throw boom;
            }
        }).dispose(w -> trace.events.add("dispose gfx/setup")).build();
        EcsSystem after = tracked("after");
        Plugin gfx = Plugin.builder("gfx").systems(bad).build();
        Schedule s = Schedule.builder("main").plugins(gfx).systems(after).build();

        assertSame(boom, assertThrows(IllegalStateException.class, () -> s.run(world, 0)));
        RunFailure f = RunFailure.of(world, boom).orElseThrow();
        assertEquals(new RunFailure("main", bad, "gfx", RunFailure.Stage.INIT, null), f);
        assertEquals("schedule 'main', system 'gfx/setup', source 'gfx', stage init", f.toString());
        assertEquals(List.of("init gfx/setup"), trace.take(), "nothing of the phase ran");
        assertEquals(0, s.disposeAll(world), "a failed init is not recorded: nothing to dispose");
        assertEquals(List.of(), trace.take());

        fail[0] = false;
        s.run(world, 0);
        assertEquals(List.of("init gfx/setup", "init after", "gfx/setup", "after"), trace.take(), "tried again");
    }

    @Test
    @DisplayName("a throwing dispose propagates unchanged, is attributed DISPOSE; the system counts as disposed, a second call goes on")
    void throwing_dispose() {
        RuntimeException boom = new RuntimeException("leak");
        EcsSystem a = tracked("a");
        EcsSystem bad = EcsSystem.builder("bad").run(trace.records("bad")).dispose(w -> {
            trace.events.add("dispose bad");
            throw boom;
        }).build();
        EcsSystem c = tracked("c");
        Plugin first = Plugin.builder("first").systems(a).build();
        Plugin p = Plugin.builder("p").systems(bad).build();
        Schedule s = Schedule.builder("main").plugins(first, p).systems(c).build();
        s.run(world, 0);
        trace.take();

        assertSame(boom, assertThrows(RuntimeException.class, () -> s.disposeAll(world)));
        assertEquals(new RunFailure("main", bad, "p", RunFailure.Stage.DISPOSE, null), RunFailure.of(world, boom).orElseThrow());
        assertEquals("dispose", RunFailure.of(world, boom).orElseThrow().stageText());
        assertEquals(List.of("dispose c", "dispose bad"), trace.take(), "newest first, stopped at the throw");
        assertEquals(1, s.disposeAll(world));
        assertEquals(List.of("dispose a"), trace.take(), "the second call goes on without the one that threw");
    }

    @Test
    @DisplayName("world.reset() forgets the record without disposing: systems are initialised again on their next pass")
    void reset_forgets() {
        EcsSystem a = tracked("a");
        Schedule s = Schedule.builder("reset").systems(a).build();
        s.run(world, 0);
        world.reset();
        assertEquals(0, s.disposeAll(world), "the reset world has nothing initialised");
        s.run(world, 0);
        assertEquals(List.of("init a", "a", "init a", "a"), trace.take());
    }

    @Test
    @DisplayName("disposeRemoved/disposeAll: null world is an NPE naming schedule and method; from inside a run of the schedule on that world an ISE")
    void arguments_and_reentrancy() {
        Schedule[] self = new Schedule[1];
        EcsSystem inside = EcsSystem.define("inside", (w, dt) -> self[0].disposeAll(w));
        self[0] = Schedule.builder("args").systems(inside).build();
        assertEquals("schedule 'args': disposeAll: world is null",
                assertThrows(NullPointerException.class, () -> self[0].disposeAll(null)).getMessage());
        assertEquals("schedule 'args': disposeRemoved: world is null",
                assertThrows(NullPointerException.class, () -> self[0].disposeRemoved(null)).getMessage());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> self[0].run(world, 0));
        assertEquals("schedule 'args': disposeAll: already running on this world; a schedule cannot be called on a "
                + "world from inside its own run on that world (another schedule or another world is fine)", e.getMessage());
    }

    @Test
    @DisplayName("init and dispose: not null, at most one each (a second is an error naming the system, never a silent replacement)")
    void builder_rules() {
        EcsSystem.Builder b = EcsSystem.builder("x").run((w, dt) -> { }).init(w -> { }).dispose(w -> { });
        assertEquals("defineSystem 'x': init is already set; a system has one init function",
                assertThrows(IllegalStateException.class, () -> b.init(w -> { })).getMessage());
        assertEquals("defineSystem 'x': dispose is already set; a system has one dispose function",
                assertThrows(IllegalStateException.class, () -> b.dispose(w -> { })).getMessage());
        assertEquals("defineSystem 'y': init is null",
                assertThrows(NullPointerException.class, () -> EcsSystem.builder("y").init(null)).getMessage());
        assertEquals("defineSystem 'y': dispose is null",
                assertThrows(NullPointerException.class, () -> EcsSystem.builder("y").dispose(null)).getMessage());
        EcsSystem plain = EcsSystem.define("plain", (w, dt) -> { });
        assertEquals(java.util.Optional.empty(), plain.init());
        assertEquals(java.util.Optional.empty(), plain.dispose());
    }

    @Test
    @DisplayName("a dispose function cannot run the schedule on that world (it is disposing)")
    void dispose_cannot_reenter() {
        Schedule[] self = new Schedule[1];
        RuntimeException[] seen = new RuntimeException[1];
        EcsSystem a = EcsSystem.builder("a").run((w, dt) -> { }).dispose(w -> {
            try {
                self[0].run(w, 0);
            } catch (IllegalStateException e) {
                seen[0] = e;
            }
        }).build();
        self[0] = Schedule.builder("re").systems(a).build();
        self[0].run(world, 0);
        self[0].disposeAll(world);
        assertEquals("schedule 're': run: already running on this world; a schedule cannot be called on a world "
                + "from inside its own run on that world (another schedule or another world is fine)", seen[0].getMessage());
        self[0].run(world, 0); // usable afterwards
    }
}
