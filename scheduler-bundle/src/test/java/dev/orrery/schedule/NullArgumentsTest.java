package dev.orrery.schedule;

import static dev.orrery.schedule.Fixtures.sys;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Every method of a built schedule rejects a null world, phase or system the same way: a
 * {@link NullPointerException} whose message names the schedule (SCH-141), the method and the
 * parameter, before any system runs or any state changes.
 */
class NullArgumentsTest {
    private final List<String> ran = new ArrayList<>();
    private final EcsSystem a = EcsSystem.define("a", Phase.ON_START, (w, dt) -> ran.add("a"));
    private final Schedule schedule = Schedule.builder("main").systems(a, sys("b")).build();
    private final World world = new World();

    @Test
    void SCH_141_a_null_parameter_is_a_NullPointerException_naming_schedule_method_and_parameter() {
        Map<String, Executable> calls = new LinkedHashMap<>();
        calls.put("schedule 'main': systemsOf: phase is null", () -> schedule.systemsOf(null));
        calls.put("schedule 'main': isManual: phase is null", () -> schedule.isManual(null));
        calls.put("schedule 'main': sourceOf: system is null", () -> schedule.sourceOf(null));
        calls.put("schedule 'main': run: world is null", () -> schedule.run(null, 0));
        calls.put("schedule 'main': runPhase: world is null", () -> schedule.runPhase(null, Phase.ON_START, 0));
        calls.put("schedule 'main': runPhase: phase is null", () -> schedule.runPhase(world, null, 0));
        calls.put("schedule 'main': runPhases: from phase is null",
                () -> schedule.runPhases(world, null, Phase.ON_STORE, 0));
        calls.put("schedule 'main': runPhases: to phase is null",
                () -> schedule.runPhases(world, Phase.ON_START, null, 0));
        calls.put("schedule 'main': enable: system is null", () -> schedule.enable(world, null));
        calls.put("schedule 'main': disable: system is null", () -> schedule.disable(world, null));
        calls.put("schedule 'main': isEnabled: system is null", () -> schedule.isEnabled(world, null));
        calls.put("schedule 'main': enable: world is null", () -> schedule.enable(null, a));
        calls.forEach((message, call) ->
                assertEquals(message, assertThrows(NullPointerException.class, call).getMessage()));
        assertEquals(List.of(), ran);
        assertFalse(world.has(schedule.state()), "no state was added by a rejected call");
    }

    @Test
    void SCH_115_a_null_phase_is_reported_before_an_invalid_dt() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> schedule.runPhase(world, null, Double.NaN));
        assertEquals("schedule 'main': runPhase: phase is null", e.getMessage());
    }

    @Test
    @DisplayName("a null argument is a NullPointerException whatever the other arguments are (stray phase, bad dt, unknown system, blank plugin name)")
    void null_checks_come_before_every_other_check() {
        Phase stray = Phase.define("stray");
        World other = new World();
        Map<String, Executable> calls = new LinkedHashMap<>();
        calls.put("schedule 'main': runPhases: to phase is null", () -> schedule.runPhases(world, stray, null, 0));
        calls.put("schedule 'main': runPhases: from phase is null", () -> schedule.runPhases(world, null, stray, -1));
        calls.put("schedule 'main': runPhases: world is null", () -> schedule.runPhases(null, stray, null, Double.NaN));
        calls.put("schedule 'main': runPhase: world is null", () -> schedule.runPhase(null, stray, Double.NaN));
        calls.put("schedule 'main': run: world is null", () -> schedule.run(null, Double.NaN));
        EcsSystem foreign = sys("foreign");
        calls.put("schedule 'main': enable: world is null", () -> schedule.enable(null, foreign));
        calls.put("schedule 'main': disable: world is null", () -> schedule.disable(null, foreign));
        calls.put("schedule 'main': isEnabled: world is null", () -> schedule.isEnabled(null, foreign));
        calls.put("schedule 'main': withoutPlugins: pluginNames contains null",
                () -> schedule.withoutPlugins(Arrays.asList(" ", null)));
        calls.forEach((message, call) ->
                assertEquals(message, assertThrows(NullPointerException.class, call).getMessage()));
        assertEquals(List.of(), ran);
        assertFalse(world.has(schedule.state()));
        assertFalse(other.has(schedule.state()));
    }
}
