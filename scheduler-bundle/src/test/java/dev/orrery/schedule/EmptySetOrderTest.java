package dev.orrery.schedule;

import static dev.orrery.schedule.Fixtures.fails;
import static dev.orrery.schedule.Fixtures.names;
import static dev.orrery.schedule.Fixtures.sysB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.graph.BuildCycle;
import dev.orrery.schedule.graph.OrderEdge;
import dev.orrery.schedule.graph.OrderGraph;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (Orrery's own): {@link ScheduleBuilder#orderThroughEmptySets}. The case: a
 * core plugin declares Input before Physics before Render, one system in each from three plugins; when
 * the physics plugin leaves, input and render keep their order with the option, and are ordered by
 * declaration alone without it (SCH-134 to the letter).
 */
class EmptySetOrderTest {
    private static final SystemSet RENDER = SystemSet.define("Render");
    private static final SystemSet PHYSICS = SystemSet.builder("Physics").before(RENDER).build();
    private static final SystemSet INPUT = SystemSet.builder("Input").before(PHYSICS).build();
    private static final Plugin CORE = Plugin.builder("core").sets(INPUT, PHYSICS, RENDER).build();
    // declared render first, so declaration order alone would run it first
    private static final Plugin RENDERER = Plugin.builder("render").systems(sysB("draw").sets(RENDER).build()).build();
    private static final Plugin PHYSICS_PLUGIN = Plugin.builder("physics").systems(sysB("step").sets(PHYSICS).build()).build();
    private static final Plugin INPUT_PLUGIN = Plugin.builder("input").systems(sysB("poll").sets(INPUT).build()).build();

    @Test
    void with_all_three_plugins_both_modes_give_input_physics_render() {
        assertEquals(List.of("poll", "step", "draw"), names(Schedule.builder("main")
                .plugins(CORE, RENDERER, PHYSICS_PLUGIN, INPUT_PLUGIN).build().systems()));
        assertEquals(List.of("poll", "step", "draw"), names(Schedule.builder("main")
                .plugins(CORE, RENDERER, PHYSICS_PLUGIN, INPUT_PLUGIN).orderThroughEmptySets(true).build().systems()));
    }

    @Test
    void SCH_134_without_the_option_an_empty_set_orders_nothing_and_declaration_order_decides() {
        assertEquals(List.of("draw", "poll"), names(Schedule.builder("main")
                .plugins(CORE, RENDERER, INPUT_PLUGIN).build().systems()));
    }

    @Test
    void with_the_option_input_stays_before_render_while_physics_is_empty() {
        Schedule s = Schedule.builder("main").plugins(CORE, RENDERER, INPUT_PLUGIN).orderThroughEmptySets(true).build();
        assertEquals(List.of("poll", "draw"), names(s.systems()));
        assertTrue(s.orderGraph().ordersThroughEmptySets());
        OrderGraph.Link link = s.orderGraph().linksFrom(s.systems().get(0).name()).get(0);
        assertEquals("draw", link.to().name());
        assertEquals(List.of("Input.before(Physics)", "Physics.before(Render)"),
                link.edges().stream().map(OrderEdge::code).toList());
        assertEquals(1, s.orderGraph().path(s.systems().get(0).name(), s.systems().get(1).name()).size());
    }

    @Test
    void through_a_chain_of_empty_sets_and_from_a_system_edge() {
        SystemSet c = SystemSet.define("C");
        SystemSet b = SystemSet.builder("B").before(c).build();
        SystemSet a = SystemSet.define("A");
        EcsSystem last = sysB("last").after(c).build();
        EcsSystem first = sysB("first").before(a).build();
        SystemSet aToB = SystemSet.builder("AB").after(a).before(b).build();
        ScheduleBuilder builder = Schedule.builder("main").sets(a, aToB, b, c).systems(last, first);
        assertEquals(List.of("last", "first"), names(builder.build().systems()));
        assertEquals(List.of("first", "last"), names(builder.orderThroughEmptySets(true).build().systems()));
    }

    @Test
    void a_cycle_through_empty_sets_only_is_a_cycle_problem_with_the_option() {
        SystemSet e2 = SystemSet.define("E2");
        SystemSet e1 = SystemSet.builder("E1").before(e2).after(e2).build();
        EcsSystem x = sysB("x").before(e1).build();
        ScheduleBuilder builder = Schedule.builder("main").sets(e1, e2).systems(x);
        assertEquals(List.of("x"), names(builder.build().systems()));
        ScheduleBuildException e = fails(builder.orderThroughEmptySets(true));
        BuildProblem p = e.problems().get(0);
        assertEquals(BuildProblem.Kind.SYSTEM_CYCLE, p.kind());
        assertEquals("[set 'E1'] → [set 'E2'] → [set 'E1']", p.cycles().get(0).path());
        assertEquals(BuildCycle.Meaning.THROUGH_EMPTY_SET, p.cycles().get(0).steps().get(0).meaning());
        assertFalse(p.message().isEmpty());
    }
}
