package dev.orrery.schedule;

import static dev.orrery.schedule.Fixtures.fails;
import static dev.orrery.schedule.Fixtures.sys;
import static dev.orrery.schedule.Fixtures.sysB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Name, phases, systems, systemsOf, isManual, sourceOf, and the schedule name in errors (SCH-140..143). */
class IntrospectionTest {

    @Test
    void SCH_140_name_is_required() {
        for (String bad : new String[] {null, ""}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Schedule.builder(bad));
            assertTrue(e.getMessage().contains("name is missing or empty"), e.getMessage());
        }
    }

    @Test
    void SCH_140_name_is_returned_and_is_the_default_name_of_the_state() {
        Schedule s = Schedule.builder("dnd/turn").build();
        assertEquals("dnd/turn", s.name());
        assertEquals("dnd/turn", s.state().createDefault().name());
    }

    @Test
    void SCH_141_every_build_error_names_the_schedule() {
        Phase ghost = Phase.define("Ghost");
        EcsSystem a = sys("a");
        List<Supplier<ScheduleBuilder>> broken = List.of(
                () -> Schedule.builder("frame").phases(Phase.builder("X").dependsOn(ghost).build()),
                () -> Schedule.builder("frame").phases(Phase.ON_LOAD),
                () -> Schedule.builder("frame").phases(Phase.builder("B").dependsOn(Phase.ON_STORE).before(Phase.ON_START).build()),
                () -> Schedule.builder("frame").systems(a, a),
                () -> Schedule.builder("frame").systems(sys("x", ghost)),
                () -> Schedule.builder("frame").systems(sysB("b").after(a).build()),
                () -> Schedule.builder("frame").systems(sysB("b").sets(SystemSet.define("S")).build()),
                () -> Schedule.builder("frame").systems(sys("l", Phase.ON_LOAD), sysB("b").after(sys("l2", Phase.ON_STORE)).build()),
                () -> {
                    EcsSystem late = sys("late", Phase.ON_STORE);
                    return Schedule.builder("frame").systems(late, sysB("b").after(late).before(sys("x")).build());
                });
        for (Supplier<ScheduleBuilder> b : broken) {
            ScheduleBuildException e = fails(b.get());
            assertTrue(e.getMessage().startsWith("schedule 'frame': "), e.getMessage());
            assertEquals("frame", e.scheduleName());
        }
    }

    @Test
    void SCH_141_introspection_errors_name_the_schedule() {
        Schedule s = Schedule.builder("frame").systems(sys("a")).build();
        Phase stranger = Phase.define("Stranger");
        EcsSystem outsider = sys("outsider");
        assertEquals("schedule 'frame': systemsOf: phase 'Stranger' is not in this schedule",
                assertThrows(IllegalArgumentException.class, () -> s.systemsOf(stranger)).getMessage());
        assertEquals("schedule 'frame': isManual: phase 'Stranger' is not in this schedule",
                assertThrows(IllegalArgumentException.class, () -> s.isManual(stranger)).getMessage());
        assertEquals("schedule 'frame': sourceOf: system 'outsider' is not in this schedule",
                assertThrows(IllegalArgumentException.class, () -> s.sourceOf(outsider)).getMessage());
        assertEquals("schedule 'frame': sourceOf: system 'a' is not in this schedule (another system object with that name is; "
                + "systems are matched by object)",
                assertThrows(IllegalArgumentException.class, () -> s.sourceOf(sys("a"))).getMessage());
    }

    @Test
    void SCH_142_systems_lists_all_systems_in_execution_order_manual_phases_included() {
        Phase turn = Phase.define("Turn");
        Phase early = Phase.builder("Early").before(Phase.ON_START).build();
        EcsSystem t = sys("t", turn);
        EcsSystem u2 = sys("u2");
        EcsSystem u1 = sysB("u1").before(u2).build();
        EcsSystem e = sys("e", early);
        EcsSystem l = sys("l", Phase.ON_LOAD);
        Schedule s = Schedule.builder("main").phases(turn, early).systems(t, u2, u1, e, l).build();
        assertEquals(List.of(e, l, u1, u2, t), s.systems());
        assertSame(s.systems(), s.systems());
        assertThrows(UnsupportedOperationException.class, () -> s.systems().add(t));
        assertThrows(UnsupportedOperationException.class, () -> s.systems().set(0, t));
    }

    @Test
    void SCH_143_systemsOf_returns_each_phases_systems_in_order_with_a_stable_identity() {
        Phase turn = Phase.define("Turn");
        EcsSystem t2 = sys("t2", turn);
        EcsSystem t1 = sysB("t1").phase(turn).before(t2).build();
        EcsSystem u = sys("u");
        Schedule s = Schedule.builder("main").phases(turn).systems(t2, u, t1).build();
        assertEquals(List.of(t1, t2), s.systemsOf(turn));
        assertEquals(List.of(u), s.systemsOf(Phase.ON_UPDATE));
        assertEquals(List.of(), s.systemsOf(Phase.ON_LOAD));
        assertSame(s.systemsOf(turn), s.systemsOf(turn));
        assertSame(s.systemsOf(Phase.ON_LOAD), s.systemsOf(Phase.ON_LOAD));
        assertThrows(UnsupportedOperationException.class, () -> s.systemsOf(turn).add(u));
    }

    @Test
    void SCH_143_systemsOf_throws_for_a_phase_not_in_the_schedule() {
        Schedule s = Schedule.builder("main").build();
        Phase undeclared = Phase.builder("Undeclared").dependsOn(Phase.ON_UPDATE).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.systemsOf(undeclared));
        assertEquals("schedule 'main': systemsOf: phase 'Undeclared' is not in this schedule", e.getMessage());
    }

    @Test
    void sourceOf_names_the_declaring_plugin_or_the_schedule() {
        EcsSystem fromPlugin = sys("fromPlugin");
        EcsSystem own = sys("own");
        Schedule s = Schedule.builder("main").plugins(Plugin.builder("prefab").systems(fromPlugin).build())
                .systems(own).build();
        assertEquals("prefab", s.sourceOf(fromPlugin));
        assertEquals("main", s.sourceOf(own));
    }
}
