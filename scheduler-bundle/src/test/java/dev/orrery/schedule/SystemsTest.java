package dev.orrery.schedule;

import static dev.orrery.schedule.Fixtures.NOOP;
import static dev.orrery.schedule.Fixtures.fails;
import static dev.orrery.schedule.Fixtures.sys;
import static dev.orrery.schedule.Fixtures.sysB;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.graph.BuildCycle;
import dev.orrery.schedule.graph.BuildItem;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Systems, their order and its validation (SCH-010, SCH-012..018, SCH-020..023, SCH-106). */
class SystemsTest {

    @Test
    void SCH_010_define_returns_a_descriptor_with_defaults() {
        EcsSystem s = EcsSystem.define("s", NOOP);
        assertEquals("s", s.name());
        assertSame(NOOP, s.run());
        assertSame(Phase.ON_UPDATE, s.phase());
        assertEquals(List.of(), s.before());
        assertEquals(List.of(), s.after());
        assertEquals(List.of(), s.sets());
        assertEquals(List.of(), s.conditions());
    }

    @Test
    void SCH_010_builder_keeps_every_option_as_unmodifiable_copies() {
        EcsSystem other = sys("other");
        SystemSet set = SystemSet.define("set");
        Condition cond = world -> true;
        EcsSystem s = sysB("s").phase(Phase.ON_LOAD).before(other).after(set).sets(set).runIf(cond).build();
        assertSame(Phase.ON_LOAD, s.phase());
        assertEquals(List.of(other), s.before());
        assertEquals(List.of(set), s.after());
        assertEquals(List.of(set), s.sets());
        assertEquals(List.of(cond), s.conditions());
        assertSame(s.conditions(), s.config().conditions());
        assertThrows(UnsupportedOperationException.class, () -> s.before().add(other));
        assertThrows(UnsupportedOperationException.class, () -> s.sets().add(set));
    }

    @Test
    void SCH_010_missing_or_empty_name_throws_naming_defineSystem() {
        for (String bad : new String[] {null, ""}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EcsSystem.builder(bad));
            assertTrue(e.getMessage().contains("defineSystem"), e.getMessage());
            assertTrue(e.getMessage().contains("name is missing or empty"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> EcsSystem.define(bad, NOOP));
        }
    }

    @Test
    void SCH_012_systems_without_edges_keep_declaration_order() {
        EcsSystem c = sys("c");
        EcsSystem a = sys("a");
        EcsSystem b = sys("b");
        Schedule s = Schedule.builder("main").systems(c, a, b).build();
        assertEquals(List.of(c, a, b), s.systemsOf(Phase.ON_UPDATE));
    }

    @Test
    void SCH_013_after_and_before_order_systems_in_one_phase() {
        EcsSystem a = sys("a");
        EcsSystem b = sys("b");
        EcsSystem afterA = sysB("afterA").after(a).build();
        EcsSystem beforeB = sysB("beforeB").before(b).build();
        Schedule s = Schedule.builder("main").systems(afterA, b, beforeB, a).build();
        List<EcsSystem> order = s.systemsOf(Phase.ON_UPDATE);
        assertTrue(order.indexOf(a) < order.indexOf(afterA), order.toString());
        assertTrue(order.indexOf(beforeB) < order.indexOf(b), order.toString());
        assertEquals(List.of(beforeB, b, a, afterA), order);
    }

    @Test
    void SCH_014_among_ready_systems_the_earliest_declared_runs_first() {
        // declared a, b, c with c before a: b and c are ready first; b is declared earlier, so b, c, a
        EcsSystem a = sys("a");
        EcsSystem b = sys("b");
        EcsSystem c = sysB("c").before(a).build();
        assertEquals(List.of(b, c, a), Schedule.builder("main").systems(a, b, c).build().systemsOf(Phase.ON_UPDATE));
        // a longer example: d after a; e before b
        EcsSystem d = sysB("d").after(a).build();
        EcsSystem e = sysB("e").before(b).build();
        assertEquals(List.of(a, d, e, b), Schedule.builder("main").systems(d, a, b, e).build().systemsOf(Phase.ON_UPDATE));
    }

    @Test
    void SCH_015_edges_across_phases_that_agree_with_phase_order_are_accepted_without_effect() {
        EcsSystem load = sys("load", Phase.ON_LOAD);
        EcsSystem u1 = sys("u1");
        EcsSystem u2 = sysB("u2").after(load).build();
        EcsSystem store = sysB("store").phase(Phase.ON_STORE).after(u1).build();
        EcsSystem u0 = sysB("u0").before(store).build();
        Schedule s = Schedule.builder("main").systems(u1, u2, store, u0, load).build();
        assertEquals(List.of(load, u1, u2, u0, store), s.systems());
    }

    @Test
    void SCH_016_a_before_edge_against_phase_order_throws_naming_both_systems_and_phases() {
        EcsSystem load = sys("load", Phase.ON_LOAD);
        EcsSystem update = sysB("update").before(load).build();
        ScheduleBuildException e = fails(Schedule.builder("main").systems(load, update));
        assertEquals("schedule 'main': system 'update' (declared by schedule 'main') lists system 'load' in before, "
                + "so system 'update' (phase 'OnUpdate') would have to run before system 'load' (phase 'OnLoad'), "
                + "but phase 'OnLoad' runs before phase 'OnUpdate'", e.getMessage());
        BuildProblem p = e.problems().get(0);
        assertEquals(BuildProblem.Kind.EDGE_AGAINST_PHASE_ORDER, p.kind());
        assertEquals(List.of(new BuildItem(BuildItem.Kind.SYSTEM, "update", "main"),
                new BuildItem(BuildItem.Kind.SYSTEM, "load", "main")), p.items());
    }

    @Test
    void SCH_016_an_after_edge_against_phase_order_throws_naming_both_systems_and_phases() {
        EcsSystem store = sys("store", Phase.ON_STORE);
        EcsSystem update = sysB("update").after(store).build();
        ScheduleBuildException e = fails(Schedule.builder("main").systems(store, update));
        assertEquals("schedule 'main': system 'update' (declared by schedule 'main') lists system 'store' in after, "
                + "so system 'store' (phase 'OnStore') would have to run before system 'update' (phase 'OnUpdate'), "
                + "but phase 'OnUpdate' runs before phase 'OnStore'", e.getMessage());
    }

    @Test
    void SCH_016_against_a_custom_or_manual_phase_uses_the_phases_order() {
        Phase detached = Phase.define("Turn");
        EcsSystem turn = sys("turn", detached);
        EcsSystem update = sysB("update").after(turn).build();
        ScheduleBuildException e = fails(Schedule.builder("main").phases(detached).systems(turn, update));
        assertTrue(e.getMessage().contains("system 'turn' (phase 'Turn') would have to run before system 'update' "
                + "(phase 'OnUpdate'), but phase 'OnUpdate' runs before phase 'Turn'"), e.getMessage());
        // the other direction agrees with phases order (Turn is placed after OnStore)
        EcsSystem update2 = sysB("update2").before(turn).build();
        assertDoesNotThrow(() -> Schedule.builder("main").phases(detached).systems(turn, update2).build());
    }

    @Test
    void SCH_017_a_cycle_throws_printing_the_systems_as_an_ordered_path() {
        EcsSystem a = sys("a");
        EcsSystem b = sysB("b").after(a).build();
        EcsSystem c = sysB("c").after(b).before(a).build();
        ScheduleBuildException e = fails(Schedule.builder("main").systems(a, b, c));
        assertEquals("schedule 'main': the before/after edges of systems in phase 'OnUpdate' form a cycle: "
                + "'a' → 'b' → 'c' → 'a': 'a' runs before 'b' (b.after(a), schedule 'main'); 'b' runs before 'c' "
                + "(c.after(b), schedule 'main'); 'c' runs before 'a' (c.before(a), schedule 'main')", e.getMessage());
        BuildProblem p = e.problems().get(0);
        assertEquals(BuildProblem.Kind.SYSTEM_CYCLE, p.kind());
        assertEquals(List.of("a", "b", "c"), p.items().stream().map(BuildItem::name).toList());
    }

    @Test
    void SCH_017_the_cycle_is_the_same_however_its_edges_are_declared() {
        // edges a → b → c → a, declared from the other sides and with objects created in another order
        EcsSystem a1 = sys("a");
        EcsSystem b1 = sysB("b").after(a1).build();
        EcsSystem c1 = sysB("c").after(b1).before(a1).build();
        EcsSystem c2 = sys("c");
        EcsSystem b2 = sysB("b").before(c2).build();
        EcsSystem a2 = sysB("a").before(b2).after(c2).build();
        BuildCycle c1Cycle = fails(Schedule.builder("main").systems(a1, b1, c1)).problems().get(0).cycles().get(0);
        BuildCycle c2Cycle = fails(Schedule.builder("main").systems(a2, b2, c2)).problems().get(0).cycles().get(0);
        assertEquals(c1Cycle.path(), c2Cycle.path());
        // each step names the declaration that made it, on whichever side it was declared
        assertEquals(List.of("b.after(a)"), c1Cycle.steps().get(0).declarations());
        assertEquals(List.of("a.before(b)"), c2Cycle.steps().get(0).declarations());
        // Orrery's own canonical form: the path starts at the least name, whatever the declaration order
        String m3 = fails(Schedule.builder("main").systems(b1, c1, a1)).getMessage();
        assertEquals(fails(Schedule.builder("main").systems(a1, b1, c1)).getMessage(), m3);
        assertTrue(m3.contains("form a cycle: 'a' → 'b' → 'c' → 'a': "), m3);
    }

    @Test
    void SCH_017_every_cycle_of_each_group_is_reported_in_canonical_order() {
        // a → b → a and a → c → d → a share a; separate cycle x → y → x in OnLoad
        EcsSystem a = sys("a");
        EcsSystem b = sysB("b").after(a).before(a).build();
        EcsSystem c = sysB("c").after(a).build();
        EcsSystem d = sysB("d").after(c).before(a).build();
        EcsSystem x = sys("x", Phase.ON_LOAD);
        EcsSystem y = sysB("y").phase(Phase.ON_LOAD).after(x).before(x).build();
        ScheduleBuildException e = fails(Schedule.builder("main").systems(d, c, b, a, y, x));
        assertEquals(2, e.problems().size(), e.getMessage());
        assertEquals("the before/after edges of systems in phase 'OnUpdate' form 2 cycles: "
                + "[1] 'a' → 'b' → 'a': 'a' runs before 'b' (b.after(a), schedule 'main'); 'b' runs before 'a' "
                + "(b.before(a), schedule 'main'); "
                + "[2] 'a' → 'c' → 'd' → 'a': 'a' runs before 'c' (c.after(a), schedule 'main'); 'c' runs before 'd' "
                + "(d.after(c), schedule 'main'); 'd' runs before 'a' (d.before(a), schedule 'main')",
                e.problems().get(0).message());
        assertEquals("the before/after edges of systems in phase 'OnLoad' form a cycle: 'x' → 'y' → 'x': "
                + "'x' runs before 'y' (y.after(x), schedule 'main'); 'y' runs before 'x' (y.before(x), schedule 'main')",
                e.problems().get(1).message());
        assertEquals(List.of(List.of("a", "b"), List.of("a", "c", "d")),
                e.problems().get(0).cycles().stream().map(BuildCycle::names).toList());
        assertEquals(0, e.problems().get(0).moreCycles());
    }

    @Test
    void SCH_017_a_system_ordered_against_its_own_set_is_a_self_cycle() {
        // A system cannot list itself (it does not exist yet when defined); through its own set it can (SCH-131).
        SystemSet set = SystemSet.define("S");
        EcsSystem a = sysB("a").sets(set).before(set).build();
        ScheduleBuildException e = fails(Schedule.builder("main").sets(set).systems(a));
        assertEquals("schedule 'main': the before/after edges of systems in phase 'OnUpdate' form a cycle: "
                + "'a' → [set 'S'] → 'a': 'a' runs before set 'S' (a.before(S), schedule 'main'); "
                + "set 'S' contains 'a' (a.sets(S), schedule 'main')", e.getMessage());
    }

    @Test
    void SCH_018_an_unknown_system_in_before_throws_naming_both() {
        EcsSystem ghost = sys("ghost");
        EcsSystem a = sysB("a").before(ghost).build();
        ScheduleBuildException e = fails(Schedule.builder("main").systems(a));
        assertEquals("schedule 'main': system 'a' (declared by schedule 'main') lists system 'ghost' in before, "
                + "but 'ghost' is not a system of this schedule", e.getMessage());
        assertEquals(BuildProblem.Kind.UNKNOWN_SYSTEM, e.problems().get(0).kind());
        assertEquals(List.of(new BuildItem(BuildItem.Kind.SYSTEM, "a", "main"),
                new BuildItem(BuildItem.Kind.SYSTEM, "ghost", "main")), e.problems().get(0).items());
    }

    @Test
    void SCH_018_an_unknown_system_in_after_throws_naming_both() {
        EcsSystem ghost = sys("ghost");
        EcsSystem a = sysB("a").after(ghost).build();
        ScheduleBuildException e = fails(Schedule.builder("main").systems(a));
        assertEquals("schedule 'main': system 'a' (declared by schedule 'main') lists system 'ghost' in after, "
                + "but 'ghost' is not a system of this schedule", e.getMessage());
    }

    @Test
    void SCH_020_the_same_system_twice_throws_naming_it() {
        EcsSystem a = sys("a");
        ScheduleBuildException e = fails(Schedule.builder("main").systems(a, sys("b"), a));
        assertEquals("schedule 'main': system 'a' is listed twice, both by schedule 'main'", e.getMessage());
        BuildProblem p = e.problems().get(0);
        assertEquals(BuildProblem.Kind.DUPLICATE_SYSTEM, p.kind());
        assertEquals(List.of(new BuildItem(BuildItem.Kind.SYSTEM, "a", "main"),
                new BuildItem(BuildItem.Kind.SYSTEM, "a", "main")), p.items());
    }

    @Test
    void SCH_021_definitions_are_not_validated_until_the_build() {
        EcsSystem ghost = sys("ghost", Phase.define("Nowhere"));
        SystemSet undeclared = SystemSet.define("undeclared");
        EcsSystem a = assertDoesNotThrow(() -> sysB("a").before(ghost).after(undeclared).sets(undeclared)
                .phase(Phase.define("AlsoNowhere")).build());
        Phase bad = assertDoesNotThrow(() -> Phase.builder("Bad").dependsOn(Phase.ON_STORE).before(Phase.ON_LOAD).build());
        ScheduleBuilder builder = assertDoesNotThrow(() -> Schedule.builder("main").systems(a).phases(bad));
        ScheduleBuildException e = fails(builder);
        // all reference problems of the first stage at once: phase of a, ghost, undeclared in after and sets
        assertEquals(List.of(BuildProblem.Kind.UNKNOWN_SYSTEM_PHASE, BuildProblem.Kind.UNKNOWN_SET,
                BuildProblem.Kind.UNKNOWN_SYSTEM, BuildProblem.Kind.UNKNOWN_SET),
                e.problems().stream().map(BuildProblem::kind).toList());
    }

    @Test
    void SCH_023_two_systems_with_the_same_name_throw_naming_it() {
        ScheduleBuildException e = fails(Schedule.builder("main").systems(sys("a"), sys("a")));
        assertEquals("schedule 'main': two different systems are named 'a', declared both by schedule 'main'; "
                + "system names must be unique in a schedule", e.getMessage());
        assertEquals(BuildProblem.Kind.DUPLICATE_SYSTEM, e.problems().get(0).kind());
    }

    @Test
    void SCH_023_an_edge_to_a_same_named_other_object_is_rejected_as_unknown() {
        EcsSystem a = sys("a");
        EcsSystem impostor = sys("a");
        EcsSystem b = sysB("b").after(impostor).build();
        ScheduleBuildException e = fails(Schedule.builder("main").systems(a, b));
        assertEquals(BuildProblem.Kind.UNKNOWN_SYSTEM, e.problems().get(0).kind());
        assertEquals("schedule 'main': system 'b' (declared by schedule 'main') lists system 'a' in after, but 'a' "
                + "is not a system of this schedule (a different system object with that name is; references are "
                + "by object, not by name)", e.getMessage());
    }

    @Test
    void SCH_022_the_order_depends_on_the_lists_only_not_on_definition_order() {
        EcsSystem z = sys("z");
        EcsSystem y = sys("y");
        EcsSystem x = sysB("x").before(z).build();
        Phase p2 = Phase.builder("P2").dependsOn(Phase.ON_UPDATE).build();
        Phase p1 = Phase.builder("P1").dependsOn(Phase.ON_UPDATE).build();
        Schedule s1 = Schedule.builder("main").phases(p1, p2).systems(x, y, z).build();
        Schedule s2 = Schedule.builder("main").phases(p1, p2).systems(x, y, z).build();
        assertEquals(List.of(x, y, z), s1.systems());
        assertEquals(s1.systems(), s2.systems());
        assertEquals(s1.phases(), s2.phases());
        assertEquals(List.of(p1, p2), s1.phases().subList(5, 7));
        // other arrays, other (equally deterministic) order
        assertEquals(List.of(y, x, z), Schedule.builder("main").systems(y, z, x).build().systems());
    }

    @Test
    void SCH_106_plan_is_computed_once_and_lists_keep_their_identity() {
        EcsSystem a = sys("a");
        EcsSystem b = sys("b", Phase.ON_LOAD);
        Schedule s = Schedule.builder("main").systems(a, b).build();
        assertSame(s.phases(), s.phases());
        assertSame(s.systems(), s.systems());
        assertSame(s.systemsOf(Phase.ON_UPDATE), s.systemsOf(Phase.ON_UPDATE));
        assertSame(s.systemsOf(Phase.ON_STORE), s.systemsOf(Phase.ON_STORE));
    }

    @Test
    void SCH_106_changing_the_input_after_the_build_changes_nothing() {
        EcsSystem a = sys("a");
        EcsSystem b = sys("b");
        List<EcsSystem> input = new ArrayList<>(List.of(a, b));
        List<Phase> phases = new ArrayList<>(List.of(Phase.builder("X").dependsOn(Phase.ON_UPDATE).build()));
        ScheduleBuilder builder = Schedule.builder("main").systems(input).phases(phases);
        Schedule s = builder.build();
        List<Phase> phasesBefore = List.copyOf(s.phases());
        input.clear();
        input.add(sys("c"));
        phases.clear();
        builder.systems(sys("d")).phases(Phase.define("Y"));
        assertEquals(List.of(a, b), s.systems());
        assertEquals(List.of(a, b), s.systemsOf(Phase.ON_UPDATE));
        assertEquals(phasesBefore, s.phases());
        // the builder itself kept what it was given, so a second build sees the additions
        assertEquals(List.of("a", "b", "d"), Fixtures.names(builder.build().systems()));
    }
}
