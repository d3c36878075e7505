package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Run conditions and synchronous systems: SCH-116, 118..122. */
class ConditionsTest {
    private final Trace trace = new Trace();
    private final World world = new World();

    @Test
    @DisplayName("SCH-116 systems are synchronous: guaranteed by the type (RunFunction returns void); the call completes before the next system")
    void SCH_116_synchronous_by_type() throws NoSuchMethodException {
        // In Java a run function returns void, so it cannot hand the schedule a thenable: the
        // TypeScript check "throw if run returns a thenable" has nothing to check. What is left to test:
        // the signature, and that each system's call has finished before the next one starts.
        assertEquals(void.class, RunFunction.class.getMethod("run", World.class, double.class).getReturnType());
        List<String> seen = new ArrayList<>();
        Schedule schedule = Schedule.builder("s116").systems(
                EcsSystem.define("first", (w, dt) -> {
                    seen.add("first begins");
                    seen.add("first ends");
                }),
                EcsSystem.define("second", (w, dt) -> seen.add("second"))).build();
        schedule.run(world, 0);
        assertEquals(List.of("first begins", "first ends", "second"), seen);
    }

    @Test
    @DisplayName("SCH-118 a system runs iff enabled, its sets' conditions (in sets order) and its own hold; checked right before, short-circuiting, never cached")
    void SCH_118_check_order_and_short_circuit() {
        boolean[] s1 = {true};
        boolean[] s2 = {true};
        boolean[] own = {true};
        SystemSet set1 = SystemSet.builder("set1").runIf(w -> {
            trace.events.add("?set1");
            return s1[0];
        }).build();
        SystemSet set2 = SystemSet.builder("set2").runIf(w -> {
            trace.events.add("?set2");
            return s2[0];
        }).build();
        SystemSet plain = SystemSet.define("plain");
        EcsSystem gated = EcsSystem.builder("gated").run(trace.records("gated")).sets(set1, plain, set2).runIf(w -> {
            trace.events.add("?own");
            return own[0];
        }).build();
        // sets declared in the other order: the system's sets array decides
        Schedule schedule = Schedule.builder("s118").sets(set2, plain, set1).systems(gated).build();

        schedule.run(world, 0);
        assertEquals(List.of("?set1", "?set2", "?own", "gated"), trace.take());
        schedule.run(world, 0);
        assertEquals(List.of("?set1", "?set2", "?own", "gated"), trace.take(), "evaluated again on every call");

        s1[0] = false;
        schedule.run(world, 0);
        assertEquals(List.of("?set1"), trace.take(), "a failed set condition skips the later checks");
        s1[0] = true;
        s2[0] = false;
        schedule.run(world, 0);
        assertEquals(List.of("?set1", "?set2"), trace.take());
        s2[0] = true;
        own[0] = false;
        schedule.run(world, 0);
        assertEquals(List.of("?set1", "?set2", "?own"), trace.take());

        own[0] = true;
        schedule.disable(world, gated);
        schedule.run(world, 0);
        assertEquals(List.of(), trace.take(), "the enabled flag is checked first: no condition evaluated");
    }

    @Test
    @DisplayName("SCH-118 conditions are evaluated per system and see the changes of earlier systems in the same call")
    void SCH_118_per_system_and_not_cached() {
        Trait<int[]> turn = Trait.of("turn", () -> new int[] {0});
        SystemSet onTurnOne = SystemSet.builder("onTurnOne").runIf(w -> {
            trace.events.add("?turn=" + w.get(turn)[0]);
            return w.get(turn)[0] == 1;
        }).build();
        Schedule schedule = Schedule.builder("s118b").sets(onTurnOne).systems(
                EcsSystem.builder("x").run(trace.records("x")).sets(onTurnOne).build(),
                EcsSystem.define("advance", (w, dt) -> w.get(turn)[0]++),
                EcsSystem.builder("y").run(trace.records("y")).sets(onTurnOne).build()).build();
        world.add(turn);

        schedule.run(world, 0);

        assertEquals(List.of("?turn=0", "?turn=1", "y"), trace.take());
    }

    @Test
    @DisplayName("SCH-119 a skipped system (disabled, or a condition returned false) does not call run")
    void SCH_119_skipped_system_does_not_run() {
        int[] runs = {0};
        EcsSystem disabled = EcsSystem.define("disabled", (w, dt) -> runs[0]++);
        EcsSystem byOwn = EcsSystem.builder("byOwn").run((w, dt) -> runs[0]++).runIf(w -> false).build();
        SystemSet closed = SystemSet.builder("closed").runIf(w -> false).build();
        EcsSystem bySet = EcsSystem.builder("bySet").run((w, dt) -> runs[0]++).sets(closed).build();
        Schedule schedule = Schedule.builder("s119").sets(closed).systems(disabled, byOwn, bySet).build();
        schedule.disable(world, disabled);

        schedule.run(world, 0);
        schedule.runPhase(world, Phase.ON_UPDATE, 0);

        assertEquals(0, runs[0]);
    }

    @Test
    @DisplayName("SCH-120 runIf is called synchronously with only the world")
    void SCH_120_condition_called_with_the_world() throws NoSuchMethodException {
        assertEquals(1, Condition.class.getMethod("test", World.class).getParameterCount());
        List<World> seen = new ArrayList<>();
        boolean[] inCall = {false};
        Schedule schedule = Schedule.builder("s120").systems(
                EcsSystem.define("mark", Phase.ON_LOAD, (w, dt) -> inCall[0] = true),
                EcsSystem.builder("gated").run((w, dt) -> { }).runIf(w -> {
                    seen.add(inCall[0] ? w : null);
                    return true;
                }).build()).build();

        schedule.run(world, 0.5);
        inCall[0] = false;

        assertEquals(1, seen.size());
        assertSame(world, seen.get(0), "called during the run call, with the run call's world");
    }

    @Test
    @DisplayName("SCH-121 non-boolean results cannot happen (Condition returns boolean); a throwing set or own condition propagates unchanged")
    void SCH_121_boolean_by_type_and_throwing_condition_propagates() throws NoSuchMethodException {
        // In Java Condition.test returns a primitive boolean: no promise, undefined or other
        // non-boolean can come back, so the TypeScript check has nothing to check. What still can
        // happen is an exception, which propagates unchanged like a system's (SCH-037).
        assertEquals(boolean.class, Condition.class.getMethod("test", World.class).getReturnType());

        RuntimeException failure = new UnsupportedOperationException("set condition failed");
        boolean[] fail = {true};
        SystemSet failing = SystemSet.builder("failing").runIf(w -> {
            trace.events.add("?failing");
            if (fail[0]) {
                throw failure;
            }
            return true;
        }).build();
        SystemSet later = SystemSet.builder("later").runIf(trace.condition("later", true)).build();
        Schedule schedule = Schedule.builder("s121").sets(failing, later).systems(
                EcsSystem.builder("member").run(trace.records("member")).sets(failing, later).build(),
                trace.system("after")).build();

        assertSame(failure, assertThrows(UnsupportedOperationException.class, () -> schedule.run(world, 0)));
        assertEquals(List.of("?failing"), trace.take(), "set order: the later set's condition and later systems did not run");
        fail[0] = false;
        assertDoesNotThrow(() -> schedule.run(world, 0), "the executing marker was cleared");
        assertEquals(List.of("?failing", "?later", "member", "after"), trace.take());
    }

    @Test
    @DisplayName("SCH-122 conditions apply in runPhase and runPhases, manual phases included")
    void SCH_122_conditions_in_stepping_apis() {
        Phase detached = Phase.define("Detached");
        boolean[] open = {false};
        SystemSet gate = SystemSet.builder("gate").runIf(w -> open[0]).build();
        Schedule schedule = Schedule.builder("s122").phases(detached).sets(gate).systems(
                EcsSystem.builder("auto").run(trace.records("auto")).runIf(w -> open[0]).build(),
                EcsSystem.builder("manual").phase(detached).run(trace.records("manual")).sets(gate).build()).build();

        schedule.runPhase(world, Phase.ON_UPDATE, 0);
        schedule.runPhases(world, Phase.ON_START, Phase.ON_STORE, 0);
        schedule.runPhase(world, detached, 0);
        schedule.runPhases(world, detached, detached, 0);
        assertEquals(List.of(), trace.take());

        open[0] = true;
        schedule.runPhase(world, Phase.ON_UPDATE, 0);
        schedule.runPhases(world, Phase.ON_START, Phase.ON_STORE, 0);
        schedule.runPhase(world, detached, 0);
        schedule.runPhases(world, detached, detached, 0);
        assertEquals(List.of("auto", "auto", "manual", "manual"), trace.take());
    }
}
