package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.World;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Beyond the spec (docs/architecture.md, 1): a rebuilt schedule adopts the state trait of the one it replaces. */
class StateCarryOverTest {
    private final Trace trace = new Trace();
    private final World world = new World();

    @Test
    @DisplayName("Carry-over: a rebuilt schedule adopting the state keeps disabled flags and OnStart completion")
    void adopted_state_keeps_disabled_flags_and_on_start() {
        EcsSystem start = trace.system("start", Phase.ON_START);
        EcsSystem a = trace.system("a");
        EcsSystem b = trace.system("b");
        Schedule v1 = Schedule.builder("game").systems(start, a, b).build();
        v1.disable(world, a);
        v1.run(world, 0);
        assertEquals(List.of("start", "b"), trace.take());

        // a rebuild with new system objects of the same names, plus a new one
        EcsSystem start2 = trace.system("start", Phase.ON_START);
        EcsSystem a2 = trace.system("a");
        EcsSystem b2 = trace.system("b");
        EcsSystem c2 = trace.system("c");
        Schedule v2 = Schedule.builder("game").systems(start2, a2, b2, c2).adoptStateOf(v1).build();

        assertSame(v1.state(), v2.state());
        assertFalse(v2.isEnabled(world, a2), "disabled by name, carried over");
        v2.run(world, 0);
        assertEquals(List.of("b", "c"), trace.take(), "OnStart already done: 'start' does not run again");
    }

    @Test
    @DisplayName("Carry-over: without adoptStateOf a rebuild starts from a fresh state trait")
    void without_adoption_state_is_fresh() {
        EcsSystem start = trace.system("start", Phase.ON_START);
        EcsSystem a = trace.system("a");
        Schedule v1 = Schedule.builder("game").systems(start, a).build();
        v1.disable(world, a);
        v1.run(world, 0);
        trace.take();

        Schedule v2 = Schedule.builder("game").systems(start, a).build();
        assertNotSame(v1.state(), v2.state());
        assertTrue(v2.isEnabled(world, a));
        v2.run(world, 0);
        assertEquals(List.of("start", "a"), trace.take());
    }

    @Test
    @DisplayName("Carry-over: a rebuild that drops a disabled system and later gets it back keeps it disabled")
    void dropped_disabled_system_comes_back_disabled() {
        EcsSystem keep = trace.system("keep");
        EcsSystem toggled = trace.system("plugin/toggled");
        Schedule v1 = Schedule.builder("game").systems(keep, toggled).build();
        v1.disable(world, toggled);
        v1.run(world, 0);
        assertEquals(List.of("keep"), trace.take());

        // the plugin leaves: its name stays in disabled and is ignored (SCH-125)
        EcsSystem other = trace.system("other");
        Schedule v2 = Schedule.builder("game").systems(keep, other).adoptStateOf(v1).build();
        v2.run(world, 0);
        v2.disable(world, other);
        v2.enable(world, other);
        assertEquals(List.of("keep", "other"), trace.take());
        assertEquals(List.of("plugin/toggled"), world.get(v2.state()).disabled(), "the name survives the rebuild");

        // the plugin comes back, as new objects: still disabled
        EcsSystem toggledAgain = trace.system("plugin/toggled");
        Schedule v3 = Schedule.builder("game").systems(keep, other, toggledAgain).adoptStateOf(v2).build();
        assertFalse(v3.isEnabled(world, toggledAgain));
        v3.run(world, 0);
        assertEquals(List.of("keep", "other"), trace.take());
        v3.enable(world, toggledAgain);
        v3.run(world, 0);
        assertEquals(List.of("keep", "other", "plugin/toggled"), trace.take());
    }

    @Test
    @DisplayName("Carry-over: adopting the state of a schedule with another name is a build error naming both")
    void adopting_another_name_fails() {
        Schedule v1 = Schedule.builder("game").systems(trace.system("a")).build();
        ScheduleBuildException e = assertThrows(ScheduleBuildException.class,
                () -> Schedule.builder("other").systems(trace.system("a")).adoptStateOf(v1).build());
        assertTrue(e.getMessage().contains("'other'") && e.getMessage().contains("'game'"), e.getMessage());
        assertEquals(BuildProblem.Kind.ADOPTED_STATE_NAME_MISMATCH, e.problems().get(0).kind());
    }

    @Test
    @DisplayName("Carry-over: the enabled cache of the new schedule reads the adopted record, including changes made through the old one")
    void both_schedules_read_the_same_record() {
        EcsSystem a = trace.system("a");
        Schedule v1 = Schedule.builder("game").systems(a).build();
        v1.run(world, 0);
        Schedule v2 = Schedule.builder("game").systems(a).adoptStateOf(v1).build();
        assertTrue(v2.isEnabled(world, a));
        v1.disable(world, a);
        assertFalse(v2.isEnabled(world, a));
        v2.run(world, 0);
        assertEquals(List.of("a"), trace.take(), "only the first run ran 'a'");
    }
}
