package dev.orrery.schedule;

import static dev.orrery.schedule.Fixtures.fails;
import static dev.orrery.schedule.Fixtures.sys;
import static dev.orrery.schedule.Fixtures.sysB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.graph.BuildCycle;
import dev.orrery.schedule.graph.BuildItem;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (Orrery's own, extends SCH-017, SCH-131): a build error lists every elementary cycle
 * of each strongly connected group, bounded, in a canonical form, each step saying what it means and
 * who declared it; the problem carries the same as data.
 */
@Tag("engine-independent")
class EveryCycleTest {
    /** The tangle: a.before(b).after(b) and c.before(b).after(b), declared a, b, c or c, b, a. */
    private static ScheduleBuildException tangle(boolean reversed) {
        EcsSystem b = sys("b");
        EcsSystem a = sysB("a").before(b).after(b).build();
        EcsSystem c = sysB("c").before(b).after(b).build();
        return fails(Schedule.builder("main").systems(reversed ? List.of(c, b, a) : List.of(a, b, c)));
    }

    @Test
    void SCH_017_a_tangle_lists_every_cycle_and_names_every_system() {
        ScheduleBuildException e = tangle(false);
        assertEquals(1, e.problems().size(), e.getMessage());
        BuildProblem p = e.problems().get(0);
        assertEquals("the before/after edges of systems in phase 'OnUpdate' form 2 cycles: "
                + "[1] 'a' → 'b' → 'a': 'a' runs before 'b' (a.before(b), schedule 'main'); 'b' runs before 'a' "
                + "(a.after(b), schedule 'main'); "
                + "[2] 'b' → 'c' → 'b': 'b' runs before 'c' (c.after(b), schedule 'main'); 'c' runs before 'b' "
                + "(c.before(b), schedule 'main')", p.message());
        assertEquals(List.of(List.of("a", "b"), List.of("b", "c")), p.cycles().stream().map(BuildCycle::names).toList());
        assertEquals(List.of("a", "b", "c"), p.items().stream().map(BuildItem::name).toList());
        BuildCycle.Step step = p.cycles().get(0).steps().get(1);
        assertEquals(BuildCycle.Meaning.RUNS_BEFORE, step.meaning());
        assertEquals(new BuildItem(BuildItem.Kind.SYSTEM, "b", "main"), step.from());
        assertEquals(List.of("a.after(b)"), step.declarations());
        assertEquals(List.of(new BuildItem(BuildItem.Kind.SYSTEM, "a", "main")), step.declaredBy());
    }

    @Test
    void SCH_017_declared_in_reverse_order_the_message_is_the_same() {
        assertEquals(tangle(false).getMessage(), tangle(true).getMessage());
        assertEquals(tangle(false).problems(), tangle(true).problems());
    }

    @Test
    void SCH_017_a_cycle_across_plugins_names_the_plugin_of_each_declaration() {
        SystemSet physicsSet = SystemSet.define("physics/set");
        EcsSystem step = sysB("physics/step").sets(physicsSet).build();
        EcsSystem draw = sysB("render/draw").after(physicsSet).build();
        EcsSystem stepAfterDraw = sysB("physics/late").sets(physicsSet).after(draw).build();
        Plugin physics = Plugin.builder("physics").sets(physicsSet).systems(step, stepAfterDraw).build();
        Plugin render = Plugin.builder("render").systems(draw).build();
        ScheduleBuildException e = fails(Schedule.builder("main").plugins(render, physics));
        assertEquals("schedule 'main': the before/after edges of systems in phase 'OnUpdate' form a cycle: "
                + "'physics/late' → [set 'physics/set'] → 'render/draw' → 'physics/late': "
                + "'physics/late' is in set 'physics/set' (physics/late.sets(physics/set), plugin 'physics'); "
                + "set 'physics/set' runs before 'render/draw' (render/draw.after(physics/set), plugin 'render'); "
                + "'render/draw' runs before 'physics/late' (physics/late.after(render/draw), plugin 'physics')",
                e.getMessage());
        assertEquals(List.of(new BuildItem(BuildItem.Kind.SYSTEM, "physics/late", "physics"),
                new BuildItem(BuildItem.Kind.SYSTEM, "render/draw", "render"),
                new BuildItem(BuildItem.Kind.SET, "physics/set", "physics")), e.problems().get(0).items());
    }

    @Test
    void SCH_017_at_most_ten_cycles_are_shown_per_build_then_and_N_more() {
        // a complete digraph on 5 systems has 84 elementary cycles
        // each system names every other in beforeIfPresent
        List<EcsSystem> wired = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            EcsSystem.Builder b = sysB("s" + i);
            for (int j = 0; j < 5; j++) {
                if (j != i) {
                    b.beforeIfPresent("s" + j);
                }
            }
            wired.add(b.build());
        }
        ScheduleBuildException e = fails(Schedule.builder("main").systems(wired));
        BuildProblem p = e.problems().get(0);
        assertEquals(BuildProblem.SHOWN_CYCLES, p.cycles().size());
        assertEquals(84 - 10, p.moreCycles());
        assertTrue(p.message().startsWith("the before/after edges of systems in phase 'OnUpdate' form 84 cycles: [1] "
                + "'s0' → 's1' → 's0': "), p.message());
        assertTrue(p.message().endsWith("; and 74 more"), p.message());
    }

    @Test
    void SCH_017_the_budget_is_shared_by_all_groups_and_each_group_shows_one_at_least() {
        List<EcsSystem> systems = new ArrayList<>();
        for (int g = 0; g < 12; g++) {
            EcsSystem x = sys("g" + (char) ('a' + g) + "1");
            systems.add(x);
            systems.add(sysB("g" + (char) ('a' + g) + "2").before(x).after(x).build());
        }
        ScheduleBuildException e = fails(Schedule.builder("main").systems(systems));
        assertEquals(12, e.problems().size());
        e.problems().forEach(p -> assertEquals(1, p.cycles().size()));
    }

    @Test
    void SCH_103_phase_cycles_list_every_cycle_with_their_declarations() {
        Phase a = Phase.builder("A").dependsOn(Phase.ON_UPDATE).build();
        Phase b = Phase.builder("B").dependsOn(a).before(a).build();
        Phase c = Phase.builder("C").dependsOn(a).before(a).build();
        ScheduleBuildException e = fails(Schedule.builder("main").plugins(
                Plugin.builder("x").phases(a).build(), Plugin.builder("y").phases(c, b).build()));
        assertEquals("schedule 'main': the phase graph has 2 cycles: [1] 'A' → 'B' → 'A': 'A' runs before 'B' "
                + "(B.dependsOn(A), plugin 'y'); 'B' runs before 'A' (B.before(A), plugin 'y'); [2] 'A' → 'C' → 'A': "
                + "'A' runs before 'C' (C.dependsOn(A), plugin 'y'); 'C' runs before 'A' (C.before(A), plugin 'y')",
                e.getMessage());
        assertEquals(BuildProblem.Kind.PHASE_CYCLE, e.problems().get(0).kind());
    }

    @Test
    void SCH_017_a_cycle_through_thousands_of_systems_is_reported_without_exhausting_the_stack() {
        int n = 20_000;
        List<EcsSystem> systems = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            systems.add(sysB(String.format("s%05d", i)).beforeIfPresent(String.format("s%05d", (i + 1) % n)).build());
        }
        BuildProblem p = fails(Schedule.builder("main").systems(systems)).problems().get(0);
        assertEquals(1, p.cycles().size());
        assertEquals(n, p.cycles().get(0).steps().size());
        assertEquals("s00000", p.cycles().get(0).names().get(0));
    }
}
