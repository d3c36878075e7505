package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Errors and re-entrancy: SCH-037, 043..045. */
class ReentrancyAndErrorsTest {
    private final Trace trace = new Trace();

    @Test
    @DisplayName("SCH-037 an error from a system or condition propagates unchanged, later systems do not run, the schedule stays usable")
    void SCH_037_errors_propagate_unchanged() {
        RuntimeException systemError = new IllegalStateException("system failed");
        Error conditionError = new AssertionError("condition failed");
        boolean[] failSystem = {true};
        boolean[] failCondition = {false};
        Schedule schedule = Schedule.builder("s037").systems(
                trace.system("before"),
                EcsSystem.define("thrower", (w, dt) -> {
                    if (failSystem[0]) {
                        throw systemError;
                    }
                    trace.events.add("thrower");
                }),
                EcsSystem.builder("gated").run(trace.records("gated")).runIf(w -> {
                    if (failCondition[0]) {
                        throw conditionError;
                    }
                    return true;
                }).build(),
                trace.system("after", Phase.ON_STORE)).build();
        World world = new World();

        assertSame(systemError, assertThrows(IllegalStateException.class, () -> schedule.run(world, 0)));
        assertEquals(List.of("before"), trace.take());

        failSystem[0] = false;
        failCondition[0] = true;
        assertSame(conditionError, assertThrows(AssertionError.class, () -> schedule.run(world, 0)));
        assertEquals(List.of("before", "thrower"), trace.take());

        failCondition[0] = false;
        schedule.run(world, 0);
        assertEquals(List.of("before", "thrower", "gated", "after"), trace.take(), "usable after errors");
    }

    @Test
    @DisplayName("SCH-043 calling the same schedule on the same world from inside its run throws, and the nested call runs nothing")
    void SCH_043_reentrant_call_throws() {
        List<Throwable> caught = new ArrayList<>();
        Schedule[] self = new Schedule[1];
        self[0] = Schedule.builder("s043").systems(
                trace.system("start", Phase.ON_START),
                EcsSystem.define("nest", (w, dt) -> {
                    caught.add(assertThrows(IllegalStateException.class, () -> self[0].run(w, 0)));
                    caught.add(assertThrows(IllegalStateException.class, () -> self[0].runPhase(w, Phase.ON_STORE, 0)));
                    caught.add(assertThrows(IllegalStateException.class,
                            () -> self[0].runPhases(w, Phase.ON_START, Phase.ON_STORE, 0)));
                }),
                trace.system("store", Phase.ON_STORE)).build();

        self[0].run(new World(), 0);

        assertEquals(List.of("start", "store"), trace.take(), "the nested calls ran no system (not even OnStart or OnStore)");
        assertEquals(3, caught.size());
        for (Throwable t : caught) {
            assertTrue(t.getMessage().contains("schedule 's043'") && t.getMessage().contains("already running"), t.getMessage());
        }
    }

    @Test
    @DisplayName("SCH-044 the executing marker is cleared when a run API returns or throws")
    void SCH_044_marker_cleared() {
        boolean[] fail = {true};
        Schedule schedule = Schedule.builder("s044").systems(EcsSystem.define("maybe", (w, dt) -> {
            if (fail[0]) {
                throw new IllegalArgumentException("system says no");
            }
            trace.events.add("ran");
        })).build();
        World world = new World();

        assertThrows(IllegalArgumentException.class, () -> schedule.run(world, 0));
        assertThrows(IllegalArgumentException.class, () -> schedule.runPhase(world, Phase.ON_UPDATE, 0));
        assertThrows(IllegalArgumentException.class, () -> schedule.runPhases(world, Phase.ON_UPDATE, Phase.ON_STORE, 0));
        fail[0] = false;
        assertDoesNotThrow(() -> schedule.run(world, 0));
        assertDoesNotThrow(() -> schedule.runPhase(world, Phase.ON_UPDATE, 0));
        assertDoesNotThrow(() -> schedule.runPhases(world, Phase.ON_UPDATE, Phase.ON_STORE, 0));
        assertEquals(List.of("ran", "ran", "ran"), trace.take());
    }

    @Test
    @DisplayName("SCH-045 re-entrancy is per schedule and world: A may call B on the same world, and A on another world")
    void SCH_045_scoped_per_schedule_and_world() {
        World one = new World();
        World two = new World();
        Schedule b = Schedule.builder("s045-b").systems(
                EcsSystem.define("b", (w, dt) -> trace.events.add("b" + (w == one ? 1 : 2)))).build();
        Schedule[] a = new Schedule[1];
        a[0] = Schedule.builder("s045-a").systems(EcsSystem.define("a", (w, dt) -> {
            trace.events.add("a" + (w == one ? 1 : 2));
            if (w == one) {
                b.run(one, dt);     // another schedule, same world
                a[0].run(two, dt);  // same schedule, another world
            }
        })).build();

        a[0].run(one, 0);

        assertEquals(List.of("a1", "b1", "a2"), trace.take());
        a[0].run(two, 0); // world two's marker was cleared too
        assertEquals(List.of("a2"), trace.take());
    }
}
