package dev.orrery.schedule;

import static dev.orrery.schedule.Fixtures.fails;
import static dev.orrery.schedule.Fixtures.names;
import static dev.orrery.schedule.Fixtures.sys;
import static dev.orrery.schedule.Fixtures.sysB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.graph.AccessReport;
import dev.orrery.schedule.graph.BuildCycle;
import dev.orrery.schedule.graph.OrderEdge;
import dev.orrery.world.Trait;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Beyond the spec (Orrery's own): edge cases of the order graph features, as a demanding user tries them. */
class GraphEdgeCasesTest {

    @Test
    void cycle_messages_do_not_depend_on_the_declaration_order_of_systems_sets_or_plugins() {
        Random random = new Random(14);
        for (int round = 0; round < 200; round++) {
            int n = 3 + random.nextInt(4);
            // random sets and edges: system i in set S(i%2); random system/set edges
            SystemSet s0 = SystemSet.define("S0");
            SystemSet s1 = SystemSet.builder("S1").before(s0).build();
            List<EcsSystem> systems = new ArrayList<>();
            List<EcsSystem> done = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                EcsSystem.Builder b = sysB("s" + i).sets(i % 3 == 0 ? s0 : s1);
                for (EcsSystem d : done) {
                    int r = random.nextInt(6);
                    if (r == 0) {
                        b.before(d);
                    } else if (r == 1) {
                        b.after(d);
                    } else if (r == 2) {
                        b.beforeIfPresent(d.name());
                    }
                }
                if (random.nextInt(4) == 0) {
                    b.before(random.nextBoolean() ? s0 : s1);
                }
                EcsSystem s = b.build();
                systems.add(s);
                done.add(s);
            }
            String first = null;
            List<BuildProblem> firstProblems = null;
            for (int perm = 0; perm < 4; perm++) {
                List<EcsSystem> order = new ArrayList<>(systems);
                Collections.shuffle(order, random);
                List<SystemSet> sets = random.nextBoolean() ? List.of(s0, s1) : List.of(s1, s0);
                String msg;
                List<BuildProblem> problems;
                try {
                    Schedule.builder("main").sets(sets).systems(order).build();
                    msg = "built";
                    problems = List.of();
                } catch (ScheduleBuildException e) {
                    msg = e.getMessage();
                    problems = e.problems();
                }
                if (first == null) {
                    first = msg;
                    firstProblems = problems;
                } else {
                    assertEquals(first, msg, "round " + round);
                    assertEquals(firstProblems, problems, "round " + round);
                }
            }
        }
    }

    @Test
    void a_name_of_both_a_set_and_a_system_orders_against_both() {
        SystemSet physics = SystemSet.define("physics");
        EcsSystem member = sysB("m").sets(physics).build();
        EcsSystem sameName = sys("physics");
        EcsSystem draw = sysB("draw").afterIfPresent("physics").build();
        Schedule s = Schedule.builder("main").sets(physics).systems(draw, member, sameName).build();
        assertEquals(List.of("m", "physics", "draw"), names(s.systems()));
    }

    @Test
    void if_present_naming_itself_or_its_own_set_is_a_cycle_like_the_by_object_form() {
        ScheduleBuildException e = fails(Schedule.builder("main").systems(sysB("a").afterIfPresent("a").build()));
        assertEquals(BuildProblem.Kind.SYSTEM_CYCLE, e.problems().get(0).kind(), e.getMessage());
        SystemSet set = SystemSet.define("S");
        ScheduleBuildException e2 = fails(Schedule.builder("main").sets(set)
                .systems(sysB("a").sets(set).beforeIfPresent("S").build()));
        assertEquals(BuildProblem.Kind.SYSTEM_CYCLE, e2.problems().get(0).kind(), e2.getMessage());
    }

    @Test
    void if_present_on_sets_across_plugins_with_the_target_plugin_absent_or_present() {
        SystemSet physics = SystemSet.define("physics/set");
        SystemSet render = SystemSet.builder("render/set").afterIfPresent("physics/set").build();
        Plugin physicsPlugin = Plugin.builder("physics").sets(physics)
                .systems(sysB("physics/step").sets(physics).build()).build();
        Plugin renderPlugin = Plugin.builder("render").sets(render)
                .systems(sysB("render/draw").sets(render).build(), sysB("render/ui").sets(render).build()).build();
        assertEquals(List.of("render/draw", "render/ui"),
                names(Schedule.builder("main").plugins(renderPlugin).build().systems()));
        Schedule both = Schedule.builder("main").plugins(renderPlugin, physicsPlugin).build();
        assertEquals(List.of("physics/step", "render/draw", "render/ui"), names(both.systems()));
        OrderEdge edge = both.orderGraph().edges().get(0);
        assertEquals("render", edge.source());
        assertEquals(OrderEdge.Declaration.AFTER_IF_PRESENT, edge.declaration());
        // suspended by the host: the derived schedule keeps the remaining order, without edges to the gone
        Schedule without = both.withoutPlugins(Set.of("physics"));
        assertEquals(List.of("render/draw", "render/ui"), names(without.systems()));
        assertTrue(without.orderGraph().linksFrom(without.systems().get(0).name()).isEmpty());
    }

    /** Input before Physics before Render, one system in each; physics (and others) leave. */
    private static final SystemSet RENDER = SystemSet.define("Render");
    private static final SystemSet PHYSICS = SystemSet.builder("Physics").before(RENDER).build();
    private static final SystemSet INPUT = SystemSet.builder("Input").before(PHYSICS).build();
    private static final Plugin CORE = Plugin.builder("core").sets(INPUT, PHYSICS, RENDER).build();
    private static final Plugin RENDERER = Plugin.builder("render").systems(sysB("draw").sets(RENDER).build()).build();
    private static final Plugin PHYSICS_PLUGIN = Plugin.builder("physics").systems(sysB("step").sets(PHYSICS).build()).build();
    private static final Plugin INPUT_PLUGIN = Plugin.builder("input").systems(sysB("poll").sets(INPUT).build()).build();

    @Test
    void with_the_option_a_host_suspension_and_the_rebuild_after_it_keep_input_before_render() {
        Schedule all = Schedule.builder("main").plugins(CORE, RENDERER, PHYSICS_PLUGIN, INPUT_PLUGIN)
                .orderThroughEmptySets(true).build();
        Schedule suspended = all.withoutPlugins(Set.of("physics"));
        assertEquals(List.of("poll", "draw"), names(suspended.systems()));
        assertTrue(suspended.orderGraph().ordersThroughEmptySets());
        assertEquals(1, suspended.orderGraph().path(suspended.systems().get(0).name(), suspended.systems().get(1).name()).size(),
                suspended.orderGraph().toString());
        Schedule rebuilt = Schedule.builder("main").plugins(CORE, RENDERER, INPUT_PLUGIN).adoptStateOf(suspended)
                .orderThroughEmptySets(true).build();
        assertEquals(List.of("poll", "draw"), names(rebuilt.systems()));
    }

    @Test
    void a_set_whose_only_members_lie_in_another_phase_is_not_empty_its_edges_against_phase_order_stay_errors() {
        // a manual phase comes after the automatic ones (SCH-102): Physics before Render contradicts it
        Phase fixed = Phase.builder("Fixed").manual(true).build();
        Plugin physicsFixed = Plugin.builder("physics").phases(fixed)
                .systems(sysB("step").phase(fixed).sets(PHYSICS).build()).build();
        ScheduleBuildException e = fails(Schedule.builder("main").plugins(CORE, RENDERER, physicsFixed, INPUT_PLUGIN)
                .orderThroughEmptySets(true));
        assertEquals(BuildProblem.Kind.EDGE_AGAINST_PHASE_ORDER, e.problems().get(0).kind());
        assertTrue(e.getMessage().contains("set 'Physics' (declared by plugin 'core') is ordered before set 'Render'"),
                e.getMessage());
    }

    @Test
    void with_the_option_by_name_edges_also_pass_through_an_empty_set() {
        SystemSet render = SystemSet.builder("Render").afterIfPresent("Physics").build();
        SystemSet physics = SystemSet.builder("Physics").afterIfPresent("Input").build();
        SystemSet input = SystemSet.define("Input");
        Plugin core = Plugin.builder("core").sets(render, physics, input).build();
        Plugin renderer = Plugin.builder("render").systems(sysB("draw").sets(render).build()).build();
        Plugin inputs = Plugin.builder("input").systems(sysB("poll").sets(input).build()).build();
        assertEquals(List.of("draw", "poll"),
                names(Schedule.builder("main").plugins(core, renderer, inputs).build().systems()));
        assertEquals(List.of("poll", "draw"), names(Schedule.builder("main").plugins(core, renderer, inputs)
                .orderThroughEmptySets(true).build().systems()));
    }

    @Test
    void with_the_option_a_chain_of_three_empty_sets_between_two_systems() {
        SystemSet d = SystemSet.define("D");
        SystemSet c = SystemSet.builder("C").before(d).build();
        SystemSet b = SystemSet.builder("B").before(c).build();
        SystemSet a = SystemSet.builder("A").before(b).build();
        SystemSet x = SystemSet.builder("X").before(a).build();
        EcsSystem last = sysB("last").sets(d).build();
        EcsSystem first = sysB("first").sets(x).build();
        ScheduleBuilder builder = Schedule.builder("main").sets(d, c, b, a, x).systems(last, first);
        assertEquals(List.of("last", "first"), names(builder.build().systems()));
        assertEquals(List.of("first", "last"), names(builder.orderThroughEmptySets(true).build().systems()));
    }

    // --- access ---

    private static final Trait<int[]> POS = Trait.of("pos", () -> new int[1]);
    private static final Trait<int[]> VEL = Trait.of("vel", () -> new int[1]);

    @Test
    void access_report_kinds_paths_phases_and_self() {
        EcsSystem w1 = sysB("w1").writes(POS).build();
        EcsSystem r1 = sysB("r1").reads(POS).build();
        EcsSystem w2 = sysB("w2").writes(POS).reads(POS).build();
        EcsSystem rr = sysB("rr").reads(VEL).build();
        EcsSystem rr2 = sysB("rr2").reads(VEL).build();
        EcsSystem other = sysB("other").phase(Phase.POST_UPDATE).reads(POS).build();
        Schedule s = Schedule.builder("main").systems(w1, r1, w2, rr, rr2, other).build();
        AccessReport report = s.accessReport();
        List<String> reads = report.unorderedReads().stream()
                .map(u -> u.writer().name() + "->" + u.reader().name()).toList();
        assertEquals(List.of("w1->r1", "w1->w2"), reads);
        List<String> conflicts = report.conflicts().stream()
                .map(c -> c.first().name() + "/" + c.second().name() + ":" + c.kind()).toList();
        assertEquals(List.of("w1/r1:READ_WRITE", "w1/w2:WRITE_WRITE", "r1/w2:READ_WRITE"), conflicts);
        // an ordering path (even through a third system) silences both
        EcsSystem a = sysB("a").writes(POS).build();
        EcsSystem mid = sysB("mid").after(a).build();
        EcsSystem b = sysB("b").reads(POS).after(mid).build();
        assertTrue(Schedule.builder("main").systems(b, mid, a).build().accessReport().isEmpty());
    }

    @Test
    void access_paths_through_sets_and_through_empty_sets_with_the_option_count_as_ordered() {
        SystemSet late = SystemSet.define("Late");
        SystemSet mid = SystemSet.builder("Mid").before(late).build();
        SystemSet early = SystemSet.builder("Early").before(mid).build();
        EcsSystem writer = sysB("writer").sets(early).writes(POS).build();
        EcsSystem reader = sysB("reader").sets(late).reads(POS).build();
        ScheduleBuilder b = Schedule.builder("main").sets(late, mid, early).systems(reader, writer);
        Schedule without = b.build();
        assertEquals(List.of("reader", "writer"), names(without.systems()));
        assertEquals(1, without.accessReport().conflicts().size());
        assertTrue(without.accessReport().unorderedReads().isEmpty(), "the read comes first: nothing read after write");
        Schedule with = b.orderThroughEmptySets(true).build();
        assertEquals(List.of("writer", "reader"), names(with.systems()));
        assertTrue(with.accessReport().isEmpty(), with.accessReport().toString());
        EcsSystem writer2 = sysB("writer2").sets(early).writes(POS).build();
        EcsSystem reader2 = sysB("reader2").sets(mid).reads(POS).build();
        assertTrue(Schedule.builder("main").sets(late, mid, early).systems(reader2, writer2).build()
                .accessReport().isEmpty());
    }

    @Test
    void sets_ordered_by_name_against_each_other_in_a_cycle_report_one_step_per_set_edge() {
        SystemSet s1 = SystemSet.builder("S1").afterIfPresent("S2").build();
        SystemSet s2 = SystemSet.builder("S2").afterIfPresent("S1").build();
        List<EcsSystem> systems = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            systems.add(sysB("a" + i).sets(s1).build());
            systems.add(sysB("b" + i).sets(s2).build());
        }
        // The time this takes is CycleReportBenchmark's; here: the enumeration stopped at its bound.
        ScheduleBuildException e = fails(Schedule.builder("main").sets(s1, s2).systems(systems));
        BuildProblem p = e.problems().get(0);
        assertEquals(BuildProblem.Kind.SYSTEM_CYCLE, p.kind());
        assertTrue(p.cycles().size() + p.moreCycles() <= BuildProblem.COUNTED_CYCLES,
                p.cycles().size() + " shown + " + p.moreCycles() + " more");
        assertTrue(p.message().length() < 5_000, p.message().length() + " chars: " + p.message().substring(0, 400));
    }

    @Test
    void a_dense_tangle_is_enumerated_in_bounded_time() {
        List<EcsSystem> wired = new ArrayList<>();
        int n = 40;
        for (int i = 0; i < n; i++) {
            EcsSystem.Builder b = sysB("s" + i);
            for (int j = 0; j < n; j++) {
                if (j != i) {
                    b.beforeIfPresent("s" + j);
                }
            }
            wired.add(b.build());
        }
        // The time this takes is CycleReportBenchmark's; here: the enumeration stopped at its bound
        // (a complete digraph of 40 nodes has more cycles than could ever be enumerated).
        BuildProblem p = fails(Schedule.builder("main").systems(wired)).problems().get(0);
        assertEquals(BuildProblem.SHOWN_CYCLES, p.cycles().size());
        assertEquals(BuildProblem.COUNTED_CYCLES - BuildProblem.SHOWN_CYCLES, p.moreCycles());
        assertTrue(p.message().contains("and at least"), p.message().substring(p.message().length() - 100));
    }

    @Test
    void a_cycle_of_empty_sets_that_no_system_is_ordered_against_is_harmless() {
        SystemSet e1 = SystemSet.builder("E1").afterIfPresent("E2").build();
        SystemSet e2 = SystemSet.builder("E2").afterIfPresent("E1").build();
        Schedule s = Schedule.builder("main").sets(e1, e2).systems(sys("x")).orderThroughEmptySets(true).build();
        assertEquals(List.of("x"), names(s.systems()));
    }

    @Test
    void a_cycle_through_an_empty_set_names_the_set_once_in_its_path_and_keeps_the_step() {
        SystemSet e = SystemSet.define("E");
        EcsSystem a = sysB("a").before(e).build();
        EcsSystem z = sysB("z").after(e).before(a).build();
        BuildProblem p = fails(Schedule.builder("main").sets(e).systems(z, a).orderThroughEmptySets(true))
                .problems().get(0);
        BuildCycle cycle = p.cycles().get(0);
        assertEquals("'a' → [set 'E'] → 'z' → 'a'", cycle.path());
        assertEquals(List.of("a", "E", "z"), cycle.names());
        assertEquals(List.of(BuildCycle.Meaning.RUNS_BEFORE, BuildCycle.Meaning.THROUGH_EMPTY_SET,
                BuildCycle.Meaning.RUNS_BEFORE, BuildCycle.Meaning.RUNS_BEFORE),
                cycle.steps().stream().map(BuildCycle.Step::meaning).toList());
        assertTrue(p.message().contains("set 'E' has no members and passes order through (orderThroughEmptySets)"),
                p.message());
    }

    @Test
    void a_suspension_filters_the_access_report_and_the_graph_while_a_rebuild_reports_the_pair_again() {
        EcsSystem writer = sysB("writer").writes(POS).build();
        EcsSystem mid = sysB("mid").after(writer).build();
        EcsSystem reader = sysB("reader").reads(POS).after(mid).build();
        Plugin core = Plugin.builder("core").systems(reader, writer).build();
        Plugin bridge = Plugin.builder("bridge").systems(mid).build();
        // reader's after(mid) needs mid by object; the derived schedule keeps the order without it
        Schedule all = Schedule.builder("main").plugins(core, bridge).build();
        assertEquals(List.of("writer", "mid", "reader"), names(all.systems()));
        assertTrue(all.accessReport().isEmpty());
        Schedule suspended = all.withoutPlugins(Set.of("bridge"));
        assertEquals(List.of("writer", "reader"), names(suspended.systems()), "run order kept");
        assertTrue(suspended.orderGraph().path(writer.name(), reader.name()).isEmpty(), "no declared path left");
        assertTrue(suspended.accessReport().isEmpty(), "filtered, not analysed again (documented)");
        EcsSystem reader2 = sysB("reader").reads(POS).afterIfPresent("mid").build();
        Schedule rebuilt = Schedule.builder("main").plugins(Plugin.builder("core").systems(reader2, writer).build())
                .build();
        assertEquals(1, rebuilt.accessReport().conflicts().size(), "the rebuild reports the pair");
    }

    @Test
    void with_the_option_an_empty_set_passes_order_only_within_a_phase_and_the_graph_says_the_same() {
        // as documented on orderThroughEmptySets: "in each phase where both have members"
        SystemSet e = SystemSet.define("E");
        EcsSystem late = sysB("late").phase(Phase.PRE_UPDATE).after(e).build();
        EcsSystem early = sysB("early").before(e).build();
        ScheduleBuilder against = Schedule.builder("main").sets(e).systems(late, early);
        assertEquals(List.of("late", "early"), names(against.build().systems()), "SCH-134: nothing");
        Schedule with = against.orderThroughEmptySets(true).build();
        assertEquals(List.of("late", "early"), names(with.systems()), "across phases: neither order nor problem");
        assertEquals(List.of(), with.orderGraph().linksFrom(early.name()), "no link contradicting the phase order");
        assertEquals(List.of(), with.orderGraph().linksTo(late.name()));
        EcsSystem sameOne = sysB("same").after(e).build();
        Schedule same = Schedule.builder("main").sets(e).systems(sameOne, late, early).orderThroughEmptySets(true).build();
        assertEquals(List.of("same"), same.orderGraph().linksFrom(early.name()).stream().map(l -> l.to().name()).toList());
        assertEquals(List.of("early"), same.orderGraph().linksTo(sameOne.name()).stream().map(l -> l.from().name()).toList());
    }

    @Test
    void phase_cycle_messages_do_not_depend_on_the_declaration_order_of_phases() {
        Random random = new Random(103);
        for (int round = 0; round < 200; round++) {
            int n = 2 + random.nextInt(4);
            List<Phase> phases = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Phase.Builder b = Phase.builder("P" + i).dependsOn(Phase.ON_UPDATE);
                for (Phase d : phases) {
                    int r = random.nextInt(4);
                    if (r == 0) {
                        b.dependsOn(d);
                    } else if (r == 1) {
                        b.before(d);
                    }
                }
                phases.add(b.build());
            }
            String first = null;
            for (int perm = 0; perm < 4; perm++) {
                List<Phase> order = new ArrayList<>(phases);
                Collections.shuffle(order, random);
                String msg;
                try {
                    Schedule.builder("main").phases(order).build();
                    msg = "built";
                } catch (ScheduleBuildException e) {
                    msg = e.getMessage() + e.problems();
                }
                if (first == null) {
                    first = msg;
                } else {
                    assertEquals(first, msg, "round " + round);
                }
            }
        }
    }
}
