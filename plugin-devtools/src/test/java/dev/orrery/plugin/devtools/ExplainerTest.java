package dev.orrery.plugin.devtools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunFunction;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.SystemSet;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ExplainerTest {
    private static final RunFunction NOOP = (w, dt) -> { };

    private static List<String> names(Schedule s) {
        return s.systems().stream().map(EcsSystem::name).toList();
    }

    @Test
    @DisplayName("SCH-002 systems of different phases: the phase order decides")
    void SCH_002_phase_order() {
        EcsSystem store = EcsSystem.define("store", Phase.ON_STORE, NOOP);
        EcsSystem load = EcsSystem.define("load", Phase.ON_LOAD, NOOP);
        Schedule s = Schedule.builder("main").systems(store, load).build();

        Explanation e = new Explainer(s).explain("load", "store");
        assertEquals(Explanation.Reason.PHASE_ORDER, e.reason());
        assertTrue(e.asAsked());
        assertEquals("load runs before store: phase order: OnLoad (#2) comes before OnStore (#9) of 9 phases", e.text());
        assertTrue(e.chain().isEmpty());
    }

    @Test
    @DisplayName("a manual phase is noted: the two run in one call only when a runPhases range covers both")
    void manual_phase_note() {
        Phase turn = Phase.define("Turn");
        EcsSystem t = EcsSystem.define("t", turn, NOOP);
        EcsSystem u = EcsSystem.define("u", NOOP);
        Schedule s = Schedule.builder("main").phases(turn).systems(t, u).build();

        Explanation e = new Explainer(s).explain("u", "t");
        assertEquals(Explanation.Reason.PHASE_ORDER, e.reason());
        assertEquals("u runs before t: phase order: OnUpdate (#5) comes before Turn (#10) of 10 phases\n"
                + "  note: phase Turn is manual: run() skips it and only runPhase/runPhases step it, so the two"
                + " run in one call only when a runPhases range covers both", e.text());
    }

    @Test
    @DisplayName("SCH-013 a before/after chain decides, each edge with its declaration and plugin")
    void SCH_013_edge_chain_with_plugins() {
        EcsSystem c = EcsSystem.define("physics/c", NOOP);
        EcsSystem a = EcsSystem.builder("physics/a").before(c).run(NOOP).build();
        EcsSystem b = EcsSystem.builder("render/b").after(c).run(NOOP).build();
        Plugin render = Plugin.builder("render").systems(b).build();
        Plugin physics = Plugin.builder("physics").systems(a, c).build();
        Schedule s = Schedule.builder("main").plugins(render, physics).build();
        assertEquals(List.of("physics/a", "physics/c", "render/b"), names(s));

        Explanation e = new Explainer(s).explain("physics/a", "render/b");
        assertEquals(Explanation.Reason.EDGE_CHAIN, e.reason());
        assertEquals(2, e.chain().size());
        assertEquals(SystemEdge.Kind.SYSTEM_BEFORE, e.chain().get(0).kind());
        assertEquals("physics", e.chain().get(0).plugin());
        assertEquals(SystemEdge.Kind.SYSTEM_AFTER, e.chain().get(1).kind());
        assertEquals("render", e.chain().get(1).plugin());
        assertEquals("physics/a runs before render/b: before/after chain in phase OnUpdate\n"
                + "  physics/a -> physics/c   system physics/a: before physics/c (plugin physics)\n"
                + "  physics/c -> render/b   system render/b: after physics/c (plugin render)", e.text());
    }

    @Test
    @DisplayName("SCH-128 SCH-129 edges expanded from sets name the set and the plugin that declared it")
    void SCH_128_SCH_129_set_edges() {
        SystemSet draw = SystemSet.define("draw");
        SystemSet sim = SystemSet.builder("sim").before(draw).build();
        EcsSystem paint = EcsSystem.builder("paint").sets(draw).run(NOOP).build();
        EcsSystem step = EcsSystem.builder("step").sets(sim).run(NOOP).build();
        EcsSystem input = EcsSystem.builder("input").before(sim).run(NOOP).build();
        Plugin gfx = Plugin.builder("gfx").sets(draw).systems(paint).build();
        Plugin core = Plugin.builder("core").sets(sim).systems(step, input).build();
        Schedule s = Schedule.builder("main").plugins(gfx, core).build();
        assertEquals(List.of("input", "step", "paint"), names(s));

        Explanation e = new Explainer(s).explain("input", "paint");
        assertEquals(Explanation.Reason.EDGE_CHAIN, e.reason());
        assertEquals(List.of(SystemEdge.Kind.SYSTEM_BEFORE_SET, SystemEdge.Kind.SET_BEFORE),
                e.chain().stream().map(SystemEdge::kind).toList());
        assertEquals("input runs before paint: before/after chain in phase OnUpdate\n"
                + "  input -> step   system input: before set sim (plugin core)\n"
                + "  step -> paint   set sim: before set draw (plugin core)", e.text());

        SystemSet late = SystemSet.builder("late").after(draw).build();
        EcsSystem flush = EcsSystem.builder("flush").sets(late).run(NOOP).build();
        Schedule s2 = Schedule.builder("other").plugins(gfx, core).sets(late).systems(flush).build();
        Explanation e2 = new Explainer(s2).explain("paint", "flush");
        assertEquals(SystemEdge.Kind.SET_AFTER, e2.chain().get(0).kind());
        assertEquals("set late: after set draw (plugin other)", e2.chain().get(0).declaration());
    }

    @Test
    @DisplayName("SCH-012 no chain and both ready together: declaration order, with the plugins that declared them")
    void SCH_012_declaration_order() {
        EcsSystem x = EcsSystem.define("x", NOOP);
        EcsSystem y = EcsSystem.define("y", NOOP);
        EcsSystem z = EcsSystem.define("z", NOOP);
        Schedule s = Schedule.builder("main").plugins(Plugin.builder("p1").systems(x, y).build()).systems(z).build();

        Explanation e = new Explainer(s).explain("x", "y");
        assertEquals(Explanation.Reason.DECLARATION_ORDER, e.reason());
        assertNull(e.waitsFor());
        assertEquals("x runs before y: declaration order: no before/after chain connects them in phase OnUpdate;"
                + " both were ready together and the one declared first runs first (both declared by plugin p1,"
                + " x first)", e.text());
        assertTrue(new Explainer(s).explain("y", "z").text().endsWith("(y is declared by plugin p1, z by schedule"
                + " main itself, which comes later in the schedule's declaration)"));
    }

    @Test
    @DisplayName("SCH-014 no chain, but the later one waited for a system declared after the earlier one")
    void SCH_014_waits_for() {
        // declared b, a, c with b after c: ready at first are a and c (b waits), a is declared first → a, c, b
        EcsSystem c = EcsSystem.define("c", NOOP);
        EcsSystem b = EcsSystem.builder("b").after(c).run(NOOP).build();
        EcsSystem a = EcsSystem.define("a", NOOP);
        Schedule s = Schedule.builder("main").systems(b, a, c).build();
        assertEquals(List.of("a", "c", "b"), names(s));

        Explanation e = new Explainer(s).explain("a", "b");
        assertEquals(Explanation.Reason.WAITS_FOR, e.reason());
        assertSame(c, e.waitsFor());
        assertEquals("a runs before b: declaration order (tie-break): no before/after chain connects them in phase"
                + " OnUpdate; b waits for c, which was ready together with a and is declared after it (both declared"
                + " by schedule main itself, a first)\n"
                + "  c -> b   system b: after c (plugin main)", e.text());
    }

    @Test
    @DisplayName("asked the wrong way round, the answer says so and explains the real order")
    void reversed_question() {
        EcsSystem first = EcsSystem.define("first", NOOP);
        EcsSystem second = EcsSystem.builder("second").after(first).run(NOOP).build();
        Schedule s = Schedule.builder("main").systems(second, first).build();

        Explanation e = new Explainer(s).explain("second", "first");
        assertFalse(e.asAsked());
        assertSame(first, e.first());
        assertEquals("second does not run before first: first runs before second: before/after chain in phase OnUpdate\n"
                + "  first -> second   system second: after first (plugin main)", e.text());
    }

    @Test
    @DisplayName("an unknown system or the same system twice is refused with a message naming it")
    void bad_input() {
        Schedule s = Schedule.builder("main").systems(EcsSystem.define("a", NOOP)).build();
        Explainer x = new Explainer(s);
        assertEquals("schedule 'main' has no system 'nope'",
                assertThrows(IllegalArgumentException.class, () -> x.explain("a", "nope")).getMessage());
        assertEquals("explain needs two different systems; got 'a' twice",
                assertThrows(IllegalArgumentException.class, () -> x.explain("a", "a")).getMessage());
    }

    @Test
    @DisplayName("explain reads the published order graph: a by-name (ifPresent) edge is a chain link, named as such")
    void by_name_edge_from_the_published_graph() {
        SystemSet physics = SystemSet.define("physics");
        Plugin phys = Plugin.builder("physics").sets(physics)
                .systems(EcsSystem.builder("physics/step").sets(physics).run(NOOP).build()).build();
        Plugin render = Plugin.builder("render")
                .systems(EcsSystem.builder("render/draw").afterIfPresent("physics").run(NOOP).build()).build();
        Schedule s = Schedule.builder("main").plugins(render, phys).build();
        Explanation e = new Explainer(s).explain("physics/step", "render/draw");
        assertEquals(Explanation.Reason.EDGE_CHAIN, e.reason());
        assertEquals("physics/step runs before render/draw: before/after chain in phase OnUpdate\n"
                + "  physics/step -> render/draw   system render/draw: afterIfPresent(\"physics\") (plugin render)", e.text());
        assertEquals(SystemEdge.Kind.SYSTEM_AFTER_SET, e.chain().get(0).kind());
        assertEquals(dev.orrery.schedule.graph.OrderEdge.Declaration.AFTER_IF_PRESENT, e.chain().get(0).declared().declaration());
    }

    @Test
    @DisplayName("explain follows order through an empty set when the schedule orders through empty sets")
    void through_an_empty_set() {
        SystemSet renderSet = SystemSet.define("Render");
        SystemSet physicsSet = SystemSet.builder("Physics").before(renderSet).build();
        SystemSet inputSet = SystemSet.builder("Input").before(physicsSet).build();
        EcsSystem draw = EcsSystem.builder("draw").sets(renderSet).run(NOOP).build();
        EcsSystem poll = EcsSystem.builder("poll").sets(inputSet).run(NOOP).build();
        Schedule s = Schedule.builder("main").sets(inputSet, physicsSet, renderSet).systems(draw, poll)
                .orderThroughEmptySets(true).build();
        Explanation e = new Explainer(s).explain("poll", "draw");
        assertEquals(Explanation.Reason.EDGE_CHAIN, e.reason());
        assertEquals(1, e.chain().size());
        assertEquals(SystemEdge.Kind.SET_BEFORE, e.chain().get(0).kind());
        assertEquals("Input", e.chain().get(0).declaredBy());
        // without the option the empty set orders nothing (SCH-134), and declaration order decides
        Schedule plain = Schedule.builder("main").sets(inputSet, physicsSet, renderSet).systems(draw, poll).build();
        assertEquals(Explanation.Reason.DECLARATION_ORDER, new Explainer(plain).explain("draw", "poll").reason());
    }

    @Test
    @DisplayName("explain over large set-before-set declarations stays linear (no member-pair expansion)")
    void large_sets() {
        SystemSet b = SystemSet.define("B");
        SystemSet a = SystemSet.builder("A").before(b).build();
        java.util.List<EcsSystem> systems = new java.util.ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            systems.add(EcsSystem.builder("a" + i).sets(a).run(NOOP).build());
            systems.add(EcsSystem.builder("b" + i).sets(b).run(NOOP).build());
        }
        Schedule s = Schedule.builder("main").sets(a, b).systems(systems).build();
        Explanation e = new Explainer(s).explain("a2999", "b0");
        assertEquals(Explanation.Reason.EDGE_CHAIN, e.reason());
        assertEquals("set A: before set B (plugin main)", e.chain().get(0).declaration());
    }
}
