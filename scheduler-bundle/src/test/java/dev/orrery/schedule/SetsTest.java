package dev.orrery.schedule;

import static dev.orrery.schedule.Fixtures.fails;
import static dev.orrery.schedule.Fixtures.sys;
import static dev.orrery.schedule.Fixtures.sysB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.graph.BuildItem;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** System sets: definition, membership, expansion, phase order, cycles, references (SCH-126..131, 133, 134). */
class SetsTest {

    @Test
    void SCH_126_define_returns_a_set_with_defaults() {
        SystemSet s = SystemSet.define("S");
        assertEquals("S", s.name());
        assertEquals(List.of(), s.before());
        assertEquals(List.of(), s.after());
        assertEquals(List.of(), s.conditions());
    }

    @Test
    void SCH_126_builder_keeps_before_after_and_runIf() {
        SystemSet a = SystemSet.define("A");
        SystemSet b = SystemSet.define("B");
        Condition cond = world -> false;
        SystemSet s = SystemSet.builder("S").before(a).after(b).runIf(cond).build();
        assertEquals(List.of(a), s.before());
        assertEquals(List.of(b), s.after());
        assertEquals(List.of(cond), s.conditions());
        assertSame(s.before(), s.config().before());
        assertThrows(UnsupportedOperationException.class, () -> s.before().add(b));
    }

    @Test
    void SCH_126_missing_or_empty_name_throws_naming_defineSet() {
        for (String bad : new String[] {null, ""}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SystemSet.builder(bad));
            assertTrue(e.getMessage().contains("defineSet"), e.getMessage());
            assertTrue(e.getMessage().contains("name is missing or empty"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> SystemSet.define(bad));
        }
    }

    @Test
    void SCH_127_a_system_in_several_sets_is_a_member_of_each() {
        SystemSet physics = SystemSet.define("physics");
        SystemSet audio = SystemSet.define("audio");
        EcsSystem both = sysB("both").sets(physics, audio).build();
        EcsSystem afterPhysics = sysB("afterPhysics").after(physics).build();
        EcsSystem beforeAudio = sysB("beforeAudio").before(audio).build();
        Schedule s = Schedule.builder("main").sets(physics, audio).systems(afterPhysics, both, beforeAudio).build();
        List<EcsSystem> order = s.systemsOf(Phase.ON_UPDATE);
        assertEquals(List.of(beforeAudio, both, afterPhysics), order);
    }

    @Test
    void SCH_128_a_set_target_expands_to_all_members() {
        SystemSet set = SystemSet.define("S");
        EcsSystem m1 = sysB("m1").sets(set).build();
        EcsSystem m2 = sysB("m2").sets(set).build();
        EcsSystem first = sysB("first").before(set).build();
        EcsSystem last = sysB("last").after(set).build();
        Schedule s = Schedule.builder("main").sets(set).systems(last, m1, m2, first).build();
        assertEquals(List.of(first, m1, m2, last), s.systemsOf(Phase.ON_UPDATE));
    }

    @Test
    void SCH_129_set_before_set_orders_every_member_pair() {
        SystemSet b = SystemSet.define("B");
        SystemSet a = SystemSet.builder("A").before(b).build();
        EcsSystem b1 = sysB("b1").sets(b).build();
        EcsSystem b2 = sysB("b2").sets(b).build();
        EcsSystem a1 = sysB("a1").sets(a).build();
        EcsSystem a2 = sysB("a2").sets(a).build();
        EcsSystem free = sys("free");
        Schedule s = Schedule.builder("main").sets(a, b).systems(b1, free, b2, a1, a2).build();
        assertEquals(List.of(free, a1, a2, b1, b2), s.systemsOf(Phase.ON_UPDATE));
        // declared from the other side (B after A), the same order
        SystemSet a3 = SystemSet.define("A");
        SystemSet b3 = SystemSet.builder("B").after(a3).build();
        EcsSystem c1 = sysB("b1").sets(b3).build();
        EcsSystem c2 = sysB("b2").sets(b3).build();
        EcsSystem d1 = sysB("a1").sets(a3).build();
        EcsSystem d2 = sysB("a2").sets(a3).build();
        Schedule s2 = Schedule.builder("main").sets(a3, b3).systems(c1, sys("free"), c2, d1, d2).build();
        assertEquals(Fixtures.names(s.systems()), Fixtures.names(s2.systems()));
    }

    @Test
    void SCH_130_a_set_spans_phases_and_agreeing_expanded_edges_have_no_effect() {
        SystemSet set = SystemSet.define("S");
        EcsSystem early = sysB("early").phase(Phase.ON_LOAD).sets(set).build();
        EcsSystem mid = sysB("mid").sets(set).build();
        EcsSystem late = sysB("late").phase(Phase.ON_STORE).sets(set).build();
        EcsSystem x = sysB("x").after(set).build(); // after early (OnLoad, agrees), mid (same phase); late: OnStore!
        ScheduleBuildException e = fails(Schedule.builder("main").sets(set).systems(x, early, mid, late));
        assertEquals("schedule 'main': system 'x' (declared by schedule 'main') lists set 'S' in after, which has member "
                + "system 'late', so system 'late' (phase 'OnStore') would have to run before system 'x' "
                + "(phase 'OnUpdate'), but phase 'OnUpdate' runs before phase 'OnStore'", e.getMessage());
        assertEquals(BuildProblem.Kind.EDGE_AGAINST_PHASE_ORDER, e.problems().get(0).kind());
        assertEquals(List.of(new BuildItem(BuildItem.Kind.SYSTEM, "x", "main"), new BuildItem(BuildItem.Kind.SET, "S", "main"),
                new BuildItem(BuildItem.Kind.SYSTEM, "late", "main")), e.problems().get(0).items());

        SystemSet set2 = SystemSet.define("S");
        EcsSystem early2 = sysB("early").phase(Phase.ON_LOAD).sets(set2).build();
        EcsSystem mid2 = sysB("mid").sets(set2).build();
        EcsSystem x2 = sysB("x").after(set2).build();
        Schedule s = Schedule.builder("main").sets(set2).systems(x2, early2, mid2).build();
        assertEquals(List.of(early2, mid2, x2), s.systems());
        assertEquals(List.of(early2), s.systemsOf(Phase.ON_LOAD), "sets do not change phase membership");
    }

    @Test
    void SCH_130_set_order_against_phase_order_throws_naming_sets_systems_and_phases() {
        SystemSet render = SystemSet.define("render");
        SystemSet input = SystemSet.builder("input").after(render).build();
        EcsSystem draw = sysB("draw").sets(render).build();
        EcsSystem poll = sysB("poll").phase(Phase.ON_LOAD).sets(input).build();
        ScheduleBuildException e = fails(Schedule.builder("main").sets(render, input).systems(draw, poll));
        assertEquals("schedule 'main': set 'render' (declared by schedule 'main') is ordered before set 'input' "
                + "(declared by schedule 'main'), so system 'draw' (phase 'OnUpdate') would have to run before system "
                + "'poll' (phase 'OnLoad'), but phase 'OnLoad' runs before phase 'OnUpdate'", e.getMessage());
        assertEquals(List.of("render", "input", "draw", "poll"),
                e.problems().get(0).items().stream().map(BuildItem::name).toList());
    }

    @Test
    void SCH_131_a_cycle_through_a_set_names_the_systems_and_marks_the_set() {
        SystemSet set = SystemSet.define("S");
        EcsSystem a = sysB("a").sets(set).build();
        EcsSystem b = sysB("b").after(a).before(set).build();
        ScheduleBuildException e = fails(Schedule.builder("main").sets(set).systems(a, b));
        assertEquals("schedule 'main': the before/after edges of systems in phase 'OnUpdate' form a cycle: "
                + "'a' → 'b' → [set 'S'] → 'a': 'a' runs before 'b' (b.after(a), schedule 'main'); 'b' runs before "
                + "set 'S' (b.before(S), schedule 'main'); set 'S' contains 'a' (a.sets(S), schedule 'main')",
                e.getMessage());
        BuildProblem p = e.problems().get(0);
        assertEquals(BuildProblem.Kind.SYSTEM_CYCLE, p.kind());
        assertEquals(List.of(new BuildItem(BuildItem.Kind.SYSTEM, "a", "main"),
                new BuildItem(BuildItem.Kind.SYSTEM, "b", "main"),
                new BuildItem(BuildItem.Kind.SET, "S", "main")), p.items());
    }

    @Test
    void SCH_131_a_cycle_through_set_to_set_edges_marks_both_sets() {
        SystemSet sb = SystemSet.define("B");
        SystemSet sa = SystemSet.builder("A").before(sb).build();
        EcsSystem a = sysB("a").sets(sa).build();
        EcsSystem b = sysB("b").sets(sb).before(a).build();
        ScheduleBuildException e = fails(Schedule.builder("main").sets(sa, sb).systems(a, b));
        assertEquals("schedule 'main': the before/after edges of systems in phase 'OnUpdate' form a cycle: "
                + "'a' → [set 'A'] → [set 'B'] → 'b' → 'a': 'a' is in set 'A' (a.sets(A), schedule 'main'); "
                + "set 'A' runs before set 'B' (A.before(B), schedule 'main'); set 'B' contains 'b' (b.sets(B), "
                + "schedule 'main'); 'b' runs before 'a' (b.before(a), schedule 'main')", e.getMessage());
    }

    @Test
    void SCH_131_listing_its_own_set_in_before_or_after_is_a_self_edge() {
        SystemSet set = SystemSet.define("S");
        EcsSystem a = sysB("a").sets(set).after(set).build();
        ScheduleBuildException e = fails(Schedule.builder("main").sets(set).systems(a));
        assertEquals("schedule 'main': the before/after edges of systems in phase 'OnUpdate' form a cycle: "
                + "'a' → [set 'S'] → 'a': 'a' is in set 'S' (a.sets(S), schedule 'main'); set 'S' runs before 'a' "
                + "(a.after(S), schedule 'main')", e.getMessage());
    }

    @Test
    void SCH_131_the_set_cycle_message_is_the_same_however_the_set_edge_is_declared() {
        SystemSet b1 = SystemSet.define("B");
        SystemSet a1 = SystemSet.builder("A").before(b1).build();
        SystemSet a2 = SystemSet.define("A");
        SystemSet b2 = SystemSet.builder("B").after(a2).build();
        String m1 = fails(Schedule.builder("main").sets(a1, b1).systems(
                sysB("x").sets(a1).build(), sysB("y").sets(b1).build(), sysB("z").sets(b1, a1).build())).getMessage();
        String m2 = fails(Schedule.builder("main").sets(a2, b2).systems(
                sysB("x").sets(a2).build(), sysB("y").sets(b2).build(), sysB("z").sets(b2, a2).build())).getMessage();
        assertEquals("schedule 'main': the before/after edges of systems in phase 'OnUpdate' form a cycle: "
                + "'z' → [set 'A'] → [set 'B'] → 'z': 'z' is in set 'A' (z.sets(A), schedule 'main'); set 'A' runs "
                + "before set 'B' (A.before(B), schedule 'main'); set 'B' contains 'z' (z.sets(B), schedule 'main')", m1);
        // the same path; the step names the side that declared it
        assertEquals(m1.replace("A.before(B)", "B.after(A)"), m2);
    }

    @Test
    void SCH_133_an_undeclared_set_in_sets_throws_naming_system_and_set() {
        SystemSet set = SystemSet.define("S");
        EcsSystem a = sysB("a").sets(set).build();
        ScheduleBuildException e = fails(Schedule.builder("main").systems(a));
        assertEquals("schedule 'main': system 'a' (declared by schedule 'main') lists set 'S' in sets, but 'S' is not "
                + "a set of this schedule", e.getMessage());
        assertEquals(BuildProblem.Kind.UNKNOWN_SET, e.problems().get(0).kind());
        assertEquals(List.of(new BuildItem(BuildItem.Kind.SYSTEM, "a", "main"), new BuildItem(BuildItem.Kind.SET, "S", "main")),
                e.problems().get(0).items());
    }

    @Test
    void SCH_133_an_undeclared_set_in_before_or_after_throws_naming_system_and_set() {
        SystemSet set = SystemSet.define("S");
        ScheduleBuildException e = fails(Schedule.builder("main").systems(sysB("a").before(set).build()));
        assertEquals("schedule 'main': system 'a' (declared by schedule 'main') lists set 'S' in before, but 'S' is "
                + "not a set of this schedule", e.getMessage());
        e = fails(Schedule.builder("main").systems(sysB("a").after(set).build()));
        assertTrue(e.getMessage().contains("lists set 'S' in after"), e.getMessage());
    }

    @Test
    void SCH_133_an_undeclared_set_in_a_sets_before_or_after_throws_naming_both_sets() {
        SystemSet hidden = SystemSet.define("hidden");
        SystemSet a = SystemSet.builder("A").after(hidden).build();
        Plugin plugin = Plugin.builder("p").sets(a).build();
        ScheduleBuildException e = fails(Schedule.builder("main").plugins(plugin));
        assertEquals("schedule 'main': set 'A' (declared by plugin 'p') lists set 'hidden' in after, but 'hidden' is "
                + "not a set of this schedule", e.getMessage());
        assertEquals(List.of(new BuildItem(BuildItem.Kind.SET, "A", "p"), new BuildItem(BuildItem.Kind.SET, "hidden", "p")),
                e.problems().get(0).items());
    }

    @Test
    void SCH_134_an_empty_set_is_allowed_and_its_edges_expand_to_nothing() {
        AtomicInteger evaluated = new AtomicInteger();
        SystemSet empty = SystemSet.builder("empty").runIf(world -> evaluated.incrementAndGet() > 0).build();
        SystemSet full = SystemSet.builder("full").after(empty).build();
        EcsSystem m = sysB("m").sets(full).build();
        EcsSystem x = sysB("x").before(empty).after(empty).build();
        EcsSystem y = sys("y");
        Schedule s = Schedule.builder("main").sets(empty, full).systems(y, m, x).build();
        assertEquals(List.of(y, m, x), s.systemsOf(Phase.ON_UPDATE));
        assertEquals(0, evaluated.get(), "the build never evaluates a condition");
    }

    @Test
    void SCH_138_two_sets_with_the_same_name_throw_naming_both_sources() {
        Plugin p = Plugin.builder("p").sets(SystemSet.define("S")).build();
        ScheduleBuildException e = fails(Schedule.builder("main").plugins(p).sets(SystemSet.define("S")));
        assertEquals("schedule 'main': two different sets are named 'S', declared by plugin 'p' and by schedule 'main'",
                e.getMessage());
        assertEquals(BuildProblem.Kind.DUPLICATE_SET, e.problems().get(0).kind());
        assertEquals(List.of(new BuildItem(BuildItem.Kind.SET, "S", "p"), new BuildItem(BuildItem.Kind.SET, "S", "main")),
                e.problems().get(0).items());
    }

    @Test
    void SCH_138_the_same_set_object_twice_throws_naming_both_sources() {
        SystemSet s = SystemSet.define("S");
        Plugin p = Plugin.builder("p").sets(s).build();
        Plugin q = Plugin.builder("q").sets(s).build();
        ScheduleBuildException e = fails(Schedule.builder("main").plugins(p, q));
        assertEquals("schedule 'main': set 'S' is listed twice, by plugin 'p' and by plugin 'q'", e.getMessage());
    }
}
