package dev.orrery.schedule;

import static dev.orrery.schedule.Fixtures.sys;
import static dev.orrery.schedule.Fixtures.sysB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.graph.BuildItem;
import dev.orrery.schedule.graph.OrderEdge;
import dev.orrery.schedule.graph.OrderGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Beyond the spec (Orrery's own): {@link Schedule#orderGraph()}, the resolved edges with provenance. */
class OrderGraphTest {
    @Test
    void edges_carry_who_declared_them_how_and_from_which_plugin() {
        SystemSet render = SystemSet.define("render");
        SystemSet physics = SystemSet.builder("physics").before(render).build();
        EcsSystem step = sysB("step").sets(physics).build();
        EcsSystem draw = sysB("draw").sets(render).build();
        EcsSystem input = sysB("input").before(physics).build();
        EcsSystem late = sysB("late").after(draw).build();
        Plugin core = Plugin.builder("core").sets(physics, render).systems(step).build();
        Plugin gfx = Plugin.builder("gfx").systems(draw, late).build();
        Schedule s = Schedule.builder("main").plugins(core, gfx).systems(input).build();
        OrderGraph g = s.orderGraph();
        assertSame(g, s.orderGraph());
        assertEquals(List.of(
                        "'draw' runs before 'late' (late.after(draw), from 'gfx')",
                        "'input' runs before set 'physics' (input.before(physics), from 'main')",
                        "set 'physics' runs before set 'render' (physics.before(render), from 'core')"),
                g.edges().stream().map(OrderEdge::toString).toList());
        assertEquals(List.of(new BuildItem(BuildItem.Kind.SYSTEM, "step", "core")), g.members(physics.name()));
        assertEquals(List.of("input->step", "step->draw", "draw->late"), List.of(
                link(g.linksFrom(input.name()).get(0)), link(g.linksFrom(step.name()).get(0)), link(g.linksFrom(draw.name()).get(0))));
        assertEquals(List.of("step->draw"), g.linksTo(draw.name()).stream().map(OrderGraphTest::link).toList());
        List<OrderGraph.Link> path = g.path(input.name(), late.name());
        assertEquals(List.of("input->step", "step->draw", "draw->late"), path.stream().map(OrderGraphTest::link).toList());
        assertEquals(OrderEdge.Declaration.BEFORE, path.get(1).edges().get(0).declaration());
        assertEquals(new BuildItem(BuildItem.Kind.SET, "physics", "core"), path.get(1).edges().get(0).declaredBy());
        assertEquals(List.of(), g.path(late.name(), input.name()));
    }

    private static String link(OrderGraph.Link l) {
        return l.from().name() + "->" + l.to().name();
    }

    @Test
    void set_before_set_stays_one_edge_and_a_path_is_found_without_expanding_member_pairs() {
        SystemSet b = SystemSet.define("B");
        SystemSet a = SystemSet.builder("A").before(b).build();
        List<EcsSystem> systems = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            systems.add(sysB("a" + i).sets(a).build());
            systems.add(sysB("b" + i).sets(b).build());
        }
        Schedule s = Schedule.builder("main").sets(a, b).systems(systems).build();
        assertEquals(1, s.orderGraph().edges().size());
        assertEquals(2000, s.orderGraph().members(a.name()).size());
        assertEquals(1, s.orderGraph().path(systems.get(0).name(), systems.get(3999).name()).size());
    }

    @Test
    void without_plugins_drops_the_removed_systems_and_their_edges() {
        EcsSystem a = sys("a");
        EcsSystem b = sysB("b").after(a).build();
        Plugin p = Plugin.builder("p").systems(b).build();
        Schedule s = Schedule.builder("main").plugins(p).systems(a).build();
        assertEquals(1, s.orderGraph().edges().size());
        Schedule less = s.withoutPlugins(Set.of("p"));
        assertEquals(List.of(), less.orderGraph().edges());
        assertTrue(less.orderGraph().linksFrom(a.name()).isEmpty());
    }
}
