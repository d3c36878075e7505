package dev.orrery.schedule;

import static dev.orrery.schedule.Fixtures.fails;
import static dev.orrery.schedule.Fixtures.names;
import static dev.orrery.schedule.Fixtures.sys;
import static dev.orrery.schedule.Fixtures.sysB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.graph.BuildItem;
import dev.orrery.schedule.graph.OrderEdge;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (Orrery's own optional ordering, after the coroutine-pipeline reference):
 * {@code beforeIfPresent}/{@code afterIfPresent} by name on systems and sets: an edge when the named
 * system or set is present, nothing (no problem, no waiting) when it is absent.
 */
class IfPresentTest {
    private static final SystemSet PHYSICS = SystemSet.define("physics");
    private static final Plugin PHYSICS_PLUGIN = Plugin.builder("physics").sets(PHYSICS)
            .systems(sysB("physics/step").sets(PHYSICS).build()).build();
    private static final Plugin RENDER_PLUGIN = Plugin.builder("render")
            .systems(sysB("render/draw").afterIfPresent("physics").build()).build();

    @Test
    void render_runs_after_the_physics_set_when_physics_is_installed() {
        Schedule s = Schedule.builder("main").plugins(RENDER_PLUGIN, PHYSICS_PLUGIN).build();
        assertEquals(List.of("physics/step", "render/draw"), names(s.systems()));
        OrderEdge e = s.orderGraph().edges().get(0);
        assertEquals(OrderEdge.Declaration.AFTER_IF_PRESENT, e.declaration());
        assertEquals("render/draw.afterIfPresent(\"physics\")", e.code());
        assertEquals("render", e.source());
        assertEquals(new BuildItem(BuildItem.Kind.SET, PHYSICS.name(), "physics"), e.from());
    }

    @Test
    void without_physics_render_builds_and_runs_alone() {
        Schedule s = Schedule.builder("main").plugins(RENDER_PLUGIN).build();
        assertEquals(List.of("render/draw"), names(s.systems()));
        assertEquals(List.of(), s.orderGraph().edges());
    }

    @Test
    void by_name_on_a_system_names_a_system_and_beforeIfPresent_orders_it_after() {
        EcsSystem b = sys("b");
        EcsSystem a = sysB("a").beforeIfPresent("b").beforeIfPresent("ghost").build();
        assertEquals(List.of("a", "b"), names(Schedule.builder("main").systems(b, a).build().systems()));
    }

    @Test
    void a_set_orders_its_members_by_name_against_a_set_or_a_system() {
        SystemSet late = SystemSet.builder("late").afterIfPresent("early").afterIfPresent("solo")
                .beforeIfPresent("absent").build();
        SystemSet early = SystemSet.define("early");
        Schedule s = Schedule.builder("main").sets(late, early).systems(
                sysB("l").sets(late).build(), sys("solo"), sysB("e").sets(early).build()).build();
        assertEquals(List.of("solo", "e", "l"), names(s.systems()));
    }

    @Test
    void a_name_present_in_another_phase_against_the_phase_order_is_a_problem_naming_the_declaration() {
        EcsSystem load = sys("load", Phase.ON_LOAD);
        EcsSystem update = sysB("update").beforeIfPresent("load").build();
        ScheduleBuildException e = fails(Schedule.builder("main").systems(load, update));
        assertEquals(BuildProblem.Kind.EDGE_AGAINST_PHASE_ORDER, e.problems().get(0).kind());
        assertTrue(e.getMessage().contains("system 'update' (declared by schedule 'main') names system 'load' in "
                + "beforeIfPresent"), e.getMessage());
    }

    @Test
    void a_cycle_through_a_by_name_edge_shows_the_declaration() {
        EcsSystem a = sysB("a").afterIfPresent("b").build();
        EcsSystem b = sysB("b").afterIfPresent("a").build();
        ScheduleBuildException e = fails(Schedule.builder("main").systems(a, b));
        assertEquals("schedule 'main': the before/after edges of systems in phase 'OnUpdate' form a cycle: "
                + "'a' → 'b' → 'a': 'a' runs before 'b' (b.afterIfPresent(\"a\"), schedule 'main'); 'b' runs before "
                + "'a' (a.afterIfPresent(\"b\"), schedule 'main')", e.getMessage());
    }

    @Test
    void blank_names_are_rejected_naming_the_builder() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sysB("a").afterIfPresent(" "));
        assertEquals("defineSystem 'a': afterIfPresent: name is missing or empty (or blank)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SystemSet.builder("S").beforeIfPresent(null));
    }
}
