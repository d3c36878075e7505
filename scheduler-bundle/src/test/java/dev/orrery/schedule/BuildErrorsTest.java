package dev.orrery.schedule;

import static dev.orrery.schedule.Fixtures.fails;
import static dev.orrery.schedule.Fixtures.sys;
import static dev.orrery.schedule.Fixtures.sysB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.graph.BuildItem;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The build error as data (kind, items, sources) for the host, and the staging of validation: all
 * problems of one stage together, none that only follows from an earlier stage's problem.
 */
class BuildErrorsTest {

    @Test
    void SCH_141_the_exception_carries_the_schedule_name_kinds_items_and_sources() {
        EcsSystem shared = sys("shared");
        Plugin physics = Plugin.builder("physics").systems(shared).build();
        Plugin audio = Plugin.builder("audio").systems(shared, sysB("mix").after(sys("ghost")).build()).build();
        ScheduleBuildException e = fails(Schedule.builder("frame").plugins(physics, audio));
        assertEquals("frame", e.scheduleName());
        assertEquals(List.of(BuildProblem.Kind.DUPLICATE_SYSTEM, BuildProblem.Kind.UNKNOWN_SYSTEM),
                e.problems().stream().map(BuildProblem::kind).toList());
        assertEquals(Set.of("physics", "audio"), e.sources());
        assertEquals(List.of(new BuildItem(BuildItem.Kind.SYSTEM, "mix", "audio"),
                new BuildItem(BuildItem.Kind.SYSTEM, "ghost", "audio")), e.problems().get(1).items());
        assertEquals("schedule 'frame': 2 problems:\n"
                + "  - system 'shared' is listed twice, by plugin 'physics' and by plugin 'audio'\n"
                + "  - system 'mix' (declared by plugin 'audio') lists system 'ghost' in after, but 'ghost' is not a "
                + "system of this schedule", e.getMessage());
        assertTrue(e instanceof IllegalArgumentException);
        assertThrows(UnsupportedOperationException.class, () -> e.problems().clear());
    }

    @Test
    void unknown_references_stop_the_build_before_phase_cycles_are_looked_for() {
        Phase ghost = Phase.define("Ghost");
        Phase cyclic = Phase.builder("Cyclic").dependsOn(Phase.ON_STORE).before(Phase.ON_LOAD).build();
        Phase refersToGhost = Phase.builder("RefersToGhost").dependsOn(ghost).build();
        ScheduleBuildException e = fails(Schedule.builder("main").phases(cyclic, refersToGhost));
        assertEquals(List.of(BuildProblem.Kind.UNKNOWN_PHASE_REFERENCE),
                e.problems().stream().map(BuildProblem::kind).toList());
    }

    @Test
    void a_phase_cycle_stops_the_build_before_system_edges_are_checked() {
        Phase cyclic = Phase.builder("Cyclic").dependsOn(Phase.ON_STORE).before(Phase.ON_LOAD).build();
        EcsSystem a = sys("a");
        EcsSystem b = sysB("b").after(a).before(a).build();
        ScheduleBuildException e = fails(Schedule.builder("main").phases(cyclic).systems(a, b));
        assertEquals(List.of(BuildProblem.Kind.PHASE_CYCLE), e.problems().stream().map(BuildProblem::kind).toList());
    }

    @Test
    void edges_against_phase_order_and_cycles_are_reported_together() {
        EcsSystem load = sys("load", Phase.ON_LOAD);
        EcsSystem a = sysB("a").before(load).build();
        EcsSystem b = sysB("b").after(a).before(a).build();
        ScheduleBuildException e = fails(Schedule.builder("main").systems(load, a, b));
        assertEquals(List.of(BuildProblem.Kind.EDGE_AGAINST_PHASE_ORDER, BuildProblem.Kind.SYSTEM_CYCLE),
                e.problems().stream().map(BuildProblem::kind).toList());
    }

    @Test
    void the_same_input_gives_the_same_error_on_every_build() {
        SystemSet set = SystemSet.define("S");
        EcsSystem a = sysB("a").sets(set).build();
        EcsSystem b = sysB("b").after(a).before(set).build();
        EcsSystem c = sysB("c").after(b).build();
        EcsSystem d = sysB("d").after(c).before(b).build();
        ScheduleBuilder builder = Schedule.builder("main").sets(set).systems(d, c, b, a);
        String first = fails(builder).getMessage();
        for (int i = 0; i < 20; i++) {
            assertEquals(first, fails(builder).getMessage());
        }
        assertEquals("schedule 'main': the before/after edges of systems in phase 'OnUpdate' form 2 cycles: "
                + "[1] 'a' → 'b' → [set 'S'] → 'a': 'a' runs before 'b' (b.after(a), schedule 'main'); 'b' runs before "
                + "set 'S' (b.before(S), schedule 'main'); set 'S' contains 'a' (a.sets(S), schedule 'main'); "
                + "[2] 'b' → 'c' → 'd' → 'b': 'b' runs before 'c' (c.after(b), schedule 'main'); 'c' runs before 'd' "
                + "(d.after(c), schedule 'main'); 'd' runs before 'b' (d.before(b), schedule 'main')", first);
    }
}
