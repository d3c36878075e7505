package dev.orrery.schedule;

import static dev.orrery.schedule.Fixtures.builtinsWith;
import static dev.orrery.schedule.Fixtures.fails;
import static dev.orrery.schedule.Fixtures.names;
import static dev.orrery.schedule.Fixtures.sys;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Builtin and custom phases, their definition and their order (SCH-001..004, SCH-100..102). */
class PhasesTest {

    @Test
    void SCH_001_builtin_phases_exist_in_the_spec_order() {
        assertEquals(List.of("OnStart", "OnLoad", "PostLoad", "PreUpdate", "OnUpdate", "OnValidate", "PostUpdate",
                "PreStore", "OnStore"), names(Phase.BUILTIN));
        assertEquals(List.of(Phase.ON_START, Phase.ON_LOAD, Phase.POST_LOAD, Phase.PRE_UPDATE, Phase.ON_UPDATE,
                Phase.ON_VALIDATE, Phase.POST_UPDATE, Phase.PRE_STORE, Phase.ON_STORE), Phase.BUILTIN);
        Phase.BUILTIN.forEach(p -> assertTrue(p.isBuiltin(), p.name()));
        assertThrows(UnsupportedOperationException.class, () -> Phase.BUILTIN.add(Phase.define("X")));
        // an empty schedule lists exactly the builtin phases, in that order
        assertEquals(Phase.BUILTIN, Schedule.builder("main").build().phases());
    }

    @Test
    void SCH_002_systems_of_builtin_phases_are_ordered_by_phase_not_by_declaration() {
        EcsSystem store = sys("store", Phase.ON_STORE);
        EcsSystem update = sys("update", Phase.ON_UPDATE);
        EcsSystem start = sys("start", Phase.ON_START);
        EcsSystem load = sys("load", Phase.ON_LOAD);
        EcsSystem validate = sys("validate", Phase.ON_VALIDATE);
        Schedule s = Schedule.builder("main").systems(store, update, start, load, validate).build();
        assertEquals(List.of(start, load, update, validate, store), s.systems());
    }

    @Test
    void SCH_003_custom_phase_runs_after_every_phase_in_dependsOn() {
        Phase a = Phase.builder("A").dependsOn(Phase.ON_LOAD).build();
        Phase late = Phase.builder("Late").dependsOn(a, Phase.ON_VALIDATE, Phase.PRE_UPDATE).build();
        Schedule s = Schedule.builder("main").phases(late, a).build();
        List<Phase> order = s.phases();
        for (Phase dep : late.dependsOn()) {
            assertTrue(order.indexOf(dep) < order.indexOf(late), dep + " before Late");
        }
        assertEquals(order.indexOf(Phase.ON_VALIDATE) + 1, order.indexOf(late));
    }

    @Test
    void SCH_004_custom_phases_may_depend_on_custom_phases_transitively() {
        Phase c = Phase.builder("C").dependsOn(Phase.ON_UPDATE).build();
        Phase b = Phase.builder("B").dependsOn(c).build();
        Phase a = Phase.builder("A").dependsOn(b).build();
        Schedule s = Schedule.builder("main").phases(a, b, c).build();
        assertEquals(builtinsWith("OnUpdate", "C", "B", "A"), names(s.phases()));
    }

    // ---- SCH-008: one test per example ----

    @Test
    void SCH_008_dependsOn_OnUpdate_is_placed_right_after_OnUpdate() {
        Phase x = Phase.builder("X").dependsOn(Phase.ON_UPDATE).build();
        assertEquals(builtinsWith("OnUpdate", "X"), names(Schedule.builder("main").phases(x).build().phases()));
    }

    @Test
    void SCH_008_before_OnValidate_is_placed_right_after_OnUpdate() {
        Phase x = Phase.builder("X").before(Phase.ON_VALIDATE).build();
        assertEquals(builtinsWith("OnUpdate", "X"), names(Schedule.builder("main").phases(x).build().phases()));
    }

    @Test
    void SCH_008_before_OnStart_is_placed_first() {
        Phase x = Phase.builder("X").before(Phase.ON_START).build();
        assertEquals(builtinsWith(null, "X"), names(Schedule.builder("main").phases(x).build().phases()));
    }

    @Test
    void SCH_008_dependsOn_OnStore_is_placed_last() {
        Phase x = Phase.builder("X").dependsOn(Phase.ON_STORE).build();
        assertEquals(builtinsWith("OnStore", "X"), names(Schedule.builder("main").phases(x).build().phases()));
    }

    @Test
    void SCH_008_dependsOn_OnUpdate_and_before_OnStore_is_placed_right_after_OnUpdate() {
        Phase x = Phase.builder("X").dependsOn(Phase.ON_UPDATE).before(Phase.ON_STORE).build();
        assertEquals(builtinsWith("OnUpdate", "X"), names(Schedule.builder("main").phases(x).build().phases()));
    }

    @Test
    void SCH_008_two_phases_on_one_anchor_keep_declaration_order() {
        Phase a = Phase.builder("A").dependsOn(Phase.ON_UPDATE).build();
        Phase b = Phase.builder("B").dependsOn(Phase.ON_UPDATE).build();
        assertEquals(builtinsWith("OnUpdate", "A", "B"), names(Schedule.builder("main").phases(a, b).build().phases()));
    }

    @Test
    void SCH_008_a_dependent_of_A_follows_the_declaration_order() {
        Phase a = Phase.builder("A").dependsOn(Phase.ON_UPDATE).build();
        Phase b = Phase.builder("B").dependsOn(Phase.ON_UPDATE).build();
        Phase c = Phase.builder("C").dependsOn(a).build();
        assertEquals(builtinsWith("OnUpdate", "A", "B", "C"),
                names(Schedule.builder("main").phases(a, b, c).build().phases()));
        assertEquals(builtinsWith("OnUpdate", "A", "C", "B"),
                names(Schedule.builder("main").phases(a, c, b).build().phases()));
    }

    @Test
    void SCH_008_a_floating_phase_before_a_rooted_one_is_placed_right_before_it() {
        Phase y = Phase.builder("Y").dependsOn(Phase.ON_UPDATE).build();
        Phase x = Phase.builder("X").before(y).build();
        assertEquals(builtinsWith("OnUpdate", "X", "Y"), names(Schedule.builder("main").phases(y, x).build().phases()));
        assertEquals(builtinsWith("OnUpdate", "X", "Y"), names(Schedule.builder("main").phases(x, y).build().phases()));
    }

    @Test
    void SCH_008_a_detached_chain_runs_after_OnStore() {
        Phase t1 = Phase.define("T1");
        Phase t2 = Phase.builder("T2").dependsOn(t1).build();
        Phase t3 = Phase.builder("T3").dependsOn(t2).build();
        assertEquals(builtinsWith("OnStore", "T1", "T2", "T3"),
                names(Schedule.builder("main").phases(t1, t2, t3).build().phases()));
    }

    @Test
    void SCH_008_phases_is_unmodifiable_and_the_same_list_on_every_access() {
        Phase x = Phase.builder("X").dependsOn(Phase.ON_UPDATE).build();
        Phase m = Phase.builder("M").dependsOn(Phase.ON_LOAD).manual(true).build();
        Schedule s = Schedule.builder("main").phases(x, m).build();
        assertSame(s.phases(), s.phases());
        assertTrue(s.phases().contains(m), "manual phases are listed");
        assertThrows(UnsupportedOperationException.class, () -> s.phases().add(x));
        assertThrows(UnsupportedOperationException.class, () -> s.phases().remove(0));
    }

    // ---- SCH-100 ----

    @Test
    void SCH_100_define_returns_a_phase_with_defaults() {
        Phase p = Phase.define("P");
        assertEquals("P", p.name());
        assertEquals(List.of(), p.dependsOn());
        assertEquals(List.of(), p.before());
        assertFalse(p.manual());
        assertFalse(p.isBuiltin());
    }

    @Test
    void SCH_100_builder_keeps_dependsOn_before_and_manual_and_copies_them() {
        Phase other = Phase.define("Other");
        Phase p = Phase.builder("P").dependsOn(Phase.ON_UPDATE, other).before(Phase.ON_STORE).manual(true).build();
        assertEquals(List.of(Phase.ON_UPDATE, other), p.dependsOn());
        assertEquals(List.of(Phase.ON_STORE), p.before());
        assertTrue(p.manual());
        assertThrows(UnsupportedOperationException.class, () -> p.dependsOn().add(other));
        assertThrows(UnsupportedOperationException.class, () -> p.before().add(other));
    }

    @Test
    void SCH_100_builtin_phases_are_never_manual() {
        Phase.BUILTIN.forEach(p -> assertFalse(p.manual(), p.name()));
        Schedule s = Schedule.builder("main").build();
        Phase.BUILTIN.forEach(p -> assertFalse(s.isManual(p), p.name()));
    }

    @Test
    void SCH_100_missing_or_empty_name_throws_naming_definePhase() {
        for (String bad : new String[] {null, ""}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Phase.builder(bad));
            assertTrue(e.getMessage().contains("definePhase"), e.getMessage());
            assertTrue(e.getMessage().contains("name is missing or empty"), e.getMessage());
            IllegalArgumentException e2 = assertThrows(IllegalArgumentException.class, () -> Phase.define(bad));
            assertEquals(e.getMessage(), e2.getMessage());
        }
    }

    // ---- SCH-101 / SCH-102 ----

    @Test
    void SCH_101_every_edge_of_the_phase_graph_is_satisfied() {
        Phase a = Phase.builder("A").dependsOn(Phase.ON_LOAD).before(Phase.ON_STORE).build();
        Phase b = Phase.builder("B").dependsOn(a).before(Phase.ON_VALIDATE).build();
        Phase c = Phase.builder("C").before(b).build();
        Phase d = Phase.builder("D").dependsOn(c, Phase.PRE_UPDATE).build();
        List<Phase> order = Schedule.builder("main").phases(d, c, b, a).build().phases();
        for (int i = 1; i < Phase.BUILTIN.size(); i++) {
            assertTrue(order.indexOf(Phase.BUILTIN.get(i - 1)) < order.indexOf(Phase.BUILTIN.get(i)));
        }
        for (Phase p : List.of(a, b, c, d)) {
            p.dependsOn().forEach(dep -> assertTrue(order.indexOf(dep) < order.indexOf(p), dep + " → " + p));
            p.before().forEach(t -> assertTrue(order.indexOf(p) < order.indexOf(t), p + " → " + t));
        }
    }

    @Test
    void SCH_102_a_rooted_phase_runs_directly_after_its_last_predecessor() {
        Phase a = Phase.builder("A").dependsOn(Phase.ON_LOAD).build();
        Phase b = Phase.builder("B").dependsOn(a, Phase.PRE_UPDATE).build();
        assertEquals(List.of("OnStart", "OnLoad", "A", "PostLoad", "PreUpdate", "B", "OnUpdate", "OnValidate",
                "PostUpdate", "PreStore", "OnStore"), names(Schedule.builder("main").phases(b, a).build().phases()));
    }

    @Test
    void SCH_102_a_floating_chain_is_promoted_through_to_its_earliest_successor() {
        // W before X before Y, Y dependsOn OnUpdate: W and X are floating and promoted once OnUpdate is emitted
        Phase y = Phase.builder("Y").dependsOn(Phase.ON_UPDATE).build();
        Phase x = Phase.builder("X").before(y).build();
        Phase w = Phase.builder("W").before(x).build();
        assertEquals(builtinsWith("OnUpdate", "W", "X", "Y"),
                names(Schedule.builder("main").phases(y, x, w).build().phases()));
    }

    @Test
    void SCH_102_a_floating_phase_waits_until_its_successor_has_only_emitted_or_floating_predecessors() {
        // F before R, R dependsOn OnStore: F is not promoted while OnStore is pending, so it does not run first
        Phase r = Phase.builder("R").dependsOn(Phase.ON_STORE).build();
        Phase f = Phase.builder("F").before(r).build();
        assertEquals(builtinsWith("OnStore", "F", "R"), names(Schedule.builder("main").phases(f, r).build().phases()));
    }

    @Test
    void SCH_102_a_floating_phase_before_a_builtin_runs_right_before_it() {
        Phase f = Phase.builder("F").before(Phase.ON_LOAD).build();
        Phase g = Phase.builder("G").before(f).build();
        assertEquals(List.of("OnStart", "G", "F", "OnLoad"),
                names(Schedule.builder("main").phases(f, g).build().phases()).subList(0, 4));
    }

    @Test
    void SCH_102_ready_custom_phases_at_one_point_sit_in_declaration_order() {
        // R1 rooted after OnUpdate; F floating before OnValidate: both ready right after OnUpdate, in declaration order
        Phase f = Phase.builder("F").before(Phase.ON_VALIDATE).build();
        Phase r1 = Phase.builder("R1").dependsOn(Phase.ON_UPDATE).build();
        assertEquals(builtinsWith("OnUpdate", "F", "R1"), names(Schedule.builder("main").phases(f, r1).build().phases()));
        assertEquals(builtinsWith("OnUpdate", "R1", "F"), names(Schedule.builder("main").phases(r1, f).build().phases()));
    }

    @Test
    void SCH_102_never_promoted_floating_phases_run_after_everything_in_declaration_order() {
        // G before OnUpdate is promoted; F dependsOn G precedes nothing, so it is never promoted: it runs after
        // OnStore, together with the detached D, in declaration order (F, then D).
        Phase g = Phase.builder("G").before(Phase.ON_UPDATE).build();
        Phase f = Phase.builder("F").dependsOn(g).build();
        Phase d = Phase.define("D");
        Schedule s = Schedule.builder("main").phases(g, f, d).build();
        assertEquals(List.of("OnStart", "OnLoad", "PostLoad", "PreUpdate", "G", "OnUpdate", "OnValidate",
                "PostUpdate", "PreStore", "OnStore", "F", "D"), names(s.phases()));
        assertFalse(s.isManual(f), "F is connected to OnUpdate through G, so it is automatic");
        assertTrue(s.isManual(d));
    }

    @Test
    void SCH_102_the_builtin_chain_is_never_reordered() {
        Phase a = Phase.builder("A").before(Phase.ON_START).build();
        Phase b = Phase.builder("B").dependsOn(a).before(Phase.ON_STORE).build();
        Phase c = Phase.builder("C").dependsOn(Phase.ON_LOAD).build();
        List<Phase> order = Schedule.builder("main").phases(c, b, a).build().phases();
        List<Phase> builtinsInOrder = order.stream().filter(Phase::isBuiltin).toList();
        assertEquals(Phase.BUILTIN, builtinsInOrder);
    }
}
