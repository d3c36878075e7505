package dev.orrery.schedule;

import static dev.orrery.schedule.Fixtures.builtinsWith;
import static dev.orrery.schedule.Fixtures.fails;
import static dev.orrery.schedule.Fixtures.names;
import static dev.orrery.schedule.Fixtures.sys;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.graph.BuildItem;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Phase validation (SCH-006, SCH-007, SCH-103) and manual phases (SCH-104, SCH-105). */
class PhaseValidationTest {

    @Test
    void SCH_006_unknown_phase_in_dependsOn_throws_naming_both_phases() {
        Phase ghost = Phase.define("Ghost");
        Phase x = Phase.builder("X").dependsOn(ghost).build();
        ScheduleBuildException e = fails(Schedule.builder("main").phases(x));
        assertEquals("schedule 'main': phase 'X' (declared by schedule 'main') lists phase 'Ghost' in dependsOn, "
                + "but 'Ghost' is neither a builtin phase nor a phase of this schedule", e.getMessage());
        BuildProblem p = e.problems().get(0);
        assertEquals(BuildProblem.Kind.UNKNOWN_PHASE_REFERENCE, p.kind());
        assertEquals(List.of(new BuildItem(BuildItem.Kind.PHASE, "X", "main"),
                new BuildItem(BuildItem.Kind.PHASE, "Ghost", "main")), p.items());
    }

    @Test
    void SCH_006_unknown_phase_in_before_throws_naming_both_phases() {
        Phase ghost = Phase.define("Ghost");
        Phase x = Phase.builder("X").before(ghost).build();
        Plugin plugin = Plugin.builder("p").phases(x).build();
        ScheduleBuildException e = fails(Schedule.builder("main").plugins(plugin));
        assertEquals("schedule 'main': phase 'X' (declared by plugin 'p') lists phase 'Ghost' in before, "
                + "but 'Ghost' is neither a builtin phase nor a phase of this schedule", e.getMessage());
        assertEquals(List.of(new BuildItem(BuildItem.Kind.PHASE, "X", "p"),
                new BuildItem(BuildItem.Kind.PHASE, "Ghost", "p")), e.problems().get(0).items());
    }

    @Test
    void SCH_006_a_different_phase_object_with_a_declared_name_is_unknown() {
        Phase declared = Phase.define("Twin");
        Phase twin = Phase.define("Twin");
        Phase x = Phase.builder("X").dependsOn(twin).build();
        ScheduleBuildException e = fails(Schedule.builder("main").phases(declared, x));
        assertEquals(BuildProblem.Kind.UNKNOWN_PHASE_REFERENCE, e.problems().get(0).kind());
        assertTrue(e.getMessage().contains("phase 'X'") && e.getMessage().contains("phase 'Twin'"), e.getMessage());
        assertTrue(e.getMessage().contains("references are by object"), e.getMessage());
    }

    @Test
    void SCH_006_all_unknown_references_are_reported_together() {
        Phase g1 = Phase.define("G1");
        Phase g2 = Phase.define("G2");
        Phase x = Phase.builder("X").dependsOn(g1).build();
        Phase y = Phase.builder("Y").before(g2).build();
        ScheduleBuildException e = fails(Schedule.builder("main").phases(x, y));
        assertEquals(2, e.problems().size());
        assertTrue(e.getMessage().startsWith("schedule 'main': 2 problems:"), e.getMessage());
        assertTrue(e.getMessage().contains("'G1'") && e.getMessage().contains("'G2'"), e.getMessage());
    }

    @Test
    void SCH_007_the_same_phase_twice_throws() {
        Phase x = Phase.builder("X").dependsOn(Phase.ON_UPDATE).build();
        ScheduleBuildException e = fails(Schedule.builder("main").phases(x, x));
        assertEquals("schedule 'main': phase 'X' is listed twice, both by schedule 'main'", e.getMessage());
        assertEquals(BuildProblem.Kind.DUPLICATE_PHASE, e.problems().get(0).kind());
    }

    @Test
    void SCH_007_a_builtin_phase_among_the_phases_throws() {
        ScheduleBuildException e = fails(Schedule.builder("main").phases(Phase.ON_UPDATE));
        assertEquals("schedule 'main': builtin phase 'OnUpdate' is listed as a custom phase (declared by schedule "
                + "'main'); builtin phases are always part of a schedule and must not be listed", e.getMessage());
        assertEquals(BuildProblem.Kind.BUILTIN_PHASE_DECLARED, e.problems().get(0).kind());
    }

    @Test
    void SCH_007_a_custom_phase_named_like_a_builtin_throws() {
        ScheduleBuildException e = fails(Schedule.builder("main").phases(Phase.define("OnUpdate")));
        assertEquals("schedule 'main': custom phase 'OnUpdate' (declared by schedule 'main') has the name of a "
                + "builtin phase", e.getMessage());
        assertEquals(BuildProblem.Kind.DUPLICATE_PHASE, e.problems().get(0).kind());
    }

    @Test
    void SCH_103_a_phase_after_OnStore_and_before_OnLoad_is_a_cycle_naming_it() {
        Phase bad = Phase.builder("Bad").dependsOn(Phase.ON_STORE).before(Phase.ON_LOAD).build();
        ScheduleBuildException e = fails(Schedule.builder("main").phases(bad));
        assertEquals("schedule 'main': the phase graph has a cycle: 'Bad' → 'OnLoad' → 'PostLoad' → "
                + "'PreUpdate' → 'OnUpdate' → 'OnValidate' → 'PostUpdate' → 'PreStore' → 'OnStore' → 'Bad': "
                + "'Bad' runs before 'OnLoad' (Bad.before(OnLoad), schedule 'main'); 'OnLoad' runs before 'PostLoad' "
                + "(builtin order); 'PostLoad' runs before 'PreUpdate' (builtin order); 'PreUpdate' runs before "
                + "'OnUpdate' (builtin order); 'OnUpdate' runs before 'OnValidate' (builtin order); 'OnValidate' runs "
                + "before 'PostUpdate' (builtin order); 'PostUpdate' runs before 'PreStore' (builtin order); 'PreStore' "
                + "runs before 'OnStore' (builtin order); 'OnStore' runs before 'Bad' (Bad.dependsOn(OnStore), "
                + "schedule 'main')", e.getMessage());
        BuildProblem p = e.problems().get(0);
        assertEquals(BuildProblem.Kind.PHASE_CYCLE, p.kind());
        assertEquals(List.of(new BuildItem(BuildItem.Kind.PHASE, "Bad", "main")), p.items());
    }

    @Test
    void SCH_103_dependsOn_and_before_the_same_phase_is_a_cycle_naming_both() {
        Phase a = Phase.builder("A").dependsOn(Phase.ON_UPDATE).build();
        Phase b = Phase.builder("B").dependsOn(a).before(a).build();
        ScheduleBuildException e = fails(Schedule.builder("main").phases(a, b));
        assertEquals("schedule 'main': the phase graph has a cycle: 'A' → 'B' → 'A': 'A' runs before 'B' "
                + "(B.dependsOn(A), schedule 'main'); 'B' runs before 'A' (B.before(A), schedule 'main')", e.getMessage());
        assertEquals(List.of(new BuildItem(BuildItem.Kind.PHASE, "A", "main"), new BuildItem(BuildItem.Kind.PHASE, "B", "main")),
                e.problems().get(0).items());
    }

    @Test
    void SCH_103_the_cycle_starts_at_the_least_named_custom_phase_whatever_the_edge_side_or_declaration_order() {
        // the same cycle A → B → C → A, declared through different dependsOn/before sides
        Phase a1 = Phase.define("A");
        Phase b1 = Phase.builder("B").dependsOn(a1).build();
        Phase c1 = Phase.builder("C").dependsOn(b1).before(a1).build();
        Phase c2 = Phase.define("C");
        Phase a2 = Phase.builder("A").dependsOn(c2).build();
        Phase b2 = Phase.builder("B").dependsOn(a2).before(c2).build();
        String m1 = fails(Schedule.builder("main").phases(a1, b1, c1)).getMessage();
        String m2 = fails(Schedule.builder("main").phases(a2, b2, c2)).getMessage();
        assertEquals("schedule 'main': the phase graph has a cycle: 'A' → 'B' → 'C' → 'A': 'A' runs before 'B' "
                + "(B.dependsOn(A), schedule 'main'); 'B' runs before 'C' (C.dependsOn(B), schedule 'main'); "
                + "'C' runs before 'A' (C.before(A), schedule 'main')", m1);
        assertEquals("schedule 'main': the phase graph has a cycle: 'A' → 'B' → 'C' → 'A': 'A' runs before 'B' "
                + "(B.dependsOn(A), schedule 'main'); 'B' runs before 'C' (B.before(C), schedule 'main'); "
                + "'C' runs before 'A' (A.dependsOn(C), schedule 'main')", m2);
        // Orrery's own canonical form: declared in another order, the same message
        String m3 = fails(Schedule.builder("main").phases(c1, b1, a1)).getMessage();
        assertEquals(m1, m3);
    }

    @Test
    void SCH_103_independent_phase_cycles_are_each_reported() {
        Phase a = Phase.builder("A").dependsOn(Phase.ON_STORE).before(Phase.ON_UPDATE).build();
        Phase x = Phase.define("X");
        Phase y = Phase.builder("Y").dependsOn(x).before(x).build();
        ScheduleBuildException e = fails(Schedule.builder("main").phases(y, x, a));
        assertEquals(2, e.problems().size());
        // groups in canonical order (by their least custom phase name)
        assertTrue(e.problems().get(0).message().startsWith("the phase graph has a cycle: 'A' → 'OnUpdate' → "),
                e.problems().get(0).message());
        assertTrue(e.problems().get(1).message().startsWith("the phase graph has a cycle: 'X' → 'Y' → 'X': "),
                e.problems().get(1).message());
    }

    // ---- SCH-104 / SCH-105 ----

    @Test
    void SCH_104_a_phase_with_no_edges_is_detached_and_manual() {
        Phase lonely = Phase.define("Lonely");
        Schedule s = Schedule.builder("main").phases(lonely).build();
        assertTrue(s.isManual(lonely));
    }

    @Test
    void SCH_104_a_chain_without_builtin_is_detached_and_manual() {
        Phase t1 = Phase.define("T1");
        Phase t2 = Phase.builder("T2").dependsOn(t1).build();
        Phase t3 = Phase.builder("T3").before(t2).build();
        Schedule s = Schedule.builder("main").phases(t1, t2, t3).build();
        assertTrue(s.isManual(t1));
        assertTrue(s.isManual(t2));
        assertTrue(s.isManual(t3));
    }

    @Test
    void SCH_104_phases_connected_to_a_builtin_are_automatic_in_either_direction() {
        Phase after = Phase.builder("After").dependsOn(Phase.ON_UPDATE).build();
        Phase before = Phase.builder("Before").before(Phase.ON_LOAD).build();
        Phase viaOther = Phase.builder("ViaOther").dependsOn(before).build();
        Phase feeding = Phase.builder("Feeding").before(after).build();
        Schedule s = Schedule.builder("main").phases(after, before, viaOther, feeding).build();
        for (Phase p : List.of(after, before, viaOther, feeding)) {
            assertFalse(s.isManual(p), p.name());
        }
        Phase.BUILTIN.forEach(p -> assertFalse(s.isManual(p), p.name()));
    }

    @Test
    void SCH_104_manual_true_makes_a_connected_phase_manual() {
        Phase m = Phase.builder("M").dependsOn(Phase.ON_UPDATE).manual(true).build();
        Schedule s = Schedule.builder("main").phases(m).build();
        assertTrue(s.isManual(m));
    }

    @Test
    void SCH_104_isManual_throws_for_a_phase_not_in_the_schedule() {
        Schedule s = Schedule.builder("main").build();
        Phase stranger = Phase.define("Stranger");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.isManual(stranger));
        assertEquals("schedule 'main': isManual: phase 'Stranger' is not in this schedule", e.getMessage());
    }

    @Test
    void SCH_105_manual_does_not_propagate_to_neighbours() {
        Phase m = Phase.builder("M").dependsOn(Phase.ON_UPDATE).manual(true).build();
        Phase after = Phase.builder("AfterM").dependsOn(m).build();
        Phase before = Phase.builder("BeforeM").before(m).build();
        Schedule s = Schedule.builder("main").phases(m, after, before).build();
        assertTrue(s.isManual(m));
        assertFalse(s.isManual(after), "depends on a manual phase, connected to OnUpdate");
        assertFalse(s.isManual(before), "runs before a manual phase, connected to OnUpdate");
    }

    @Test
    void SCH_105_a_detached_neighbour_of_a_manual_detached_phase_stays_manual() {
        Phase m = Phase.builder("M").manual(true).build();
        Phase after = Phase.builder("AfterM").dependsOn(m).build();
        Schedule s = Schedule.builder("main").phases(m, after).build();
        assertTrue(s.isManual(after), "detached itself");
    }

    @Test
    void SCH_105_marking_a_phase_manual_does_not_change_the_phase_order() {
        for (boolean manual : new boolean[] {false, true}) {
            Phase a = Phase.builder("A").dependsOn(Phase.ON_UPDATE).manual(manual).build();
            Phase b = Phase.builder("B").dependsOn(a).build();
            Phase c = Phase.builder("C").before(a).build();
            Schedule s = Schedule.builder("main").phases(b, a, c).build();
            assertEquals(builtinsWith("OnUpdate", "C", "A", "B"), names(s.phases()), "manual=" + manual);
        }
    }

    @Test
    void SCH_019_a_system_in_an_undeclared_phase_throws() {
        Phase ghost = Phase.builder("Ghost").dependsOn(Phase.ON_UPDATE).build();
        EcsSystem s = sys("s", ghost);
        ScheduleBuildException e = fails(Schedule.builder("main").systems(s));
        assertEquals("schedule 'main': system 's' (declared by schedule 'main') is in phase 'Ghost', which is "
                + "neither a builtin phase nor a phase of this schedule", e.getMessage());
        assertEquals(BuildProblem.Kind.UNKNOWN_SYSTEM_PHASE, e.problems().get(0).kind());
        assertEquals(List.of(new BuildItem(BuildItem.Kind.SYSTEM, "s", "main"),
                new BuildItem(BuildItem.Kind.PHASE, "Ghost", "main")), e.problems().get(0).items());
        // declared, it builds
        Schedule.builder("main").phases(ghost).systems(s).build();
    }
}
