package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** OnStart once per world: SCH-036, 061, 112..114. */
class OnStartTest {
    private final Trace trace = new Trace();

    private Schedule startAndUpdate(String name) {
        return Schedule.builder(name).systems(
                trace.system("start", Phase.ON_START), trace.system("update")).build();
    }

    @Test
    @DisplayName("SCH-036 OnStart systems run only the first time OnStart executes in a world, by any run API")
    void SCH_036_on_start_once_per_world_any_api() {
        Schedule schedule = startAndUpdate("s036");

        World byRun = new World();
        schedule.run(byRun, 0);
        schedule.run(byRun, 0);
        schedule.runPhase(byRun, Phase.ON_START, 0);
        schedule.runPhases(byRun, Phase.ON_START, Phase.ON_STORE, 0);
        assertEquals(List.of("start", "update", "update", "update"), trace.take(), "other phases unaffected");

        World byRunPhase = new World();
        schedule.runPhase(byRunPhase, Phase.ON_START, 0);
        schedule.run(byRunPhase, 0);
        schedule.runPhases(byRunPhase, Phase.ON_START, Phase.ON_UPDATE, 0);
        assertEquals(List.of("start", "update", "update"), trace.take());

        World byRunPhases = new World();
        schedule.runPhases(byRunPhases, Phase.ON_START, Phase.ON_LOAD, 0);
        schedule.runPhase(byRunPhases, Phase.ON_START, 0);
        schedule.run(byRunPhases, 0);
        assertEquals(List.of("start", "update"), trace.take());
    }

    @Test
    @DisplayName("SCH-036 only OnStart runs once: a custom phase that dependsOn OnStart runs on every pass (documented next to the flecs difference)")
    void SCH_036_phases_depending_on_on_start_run_every_pass() {
        Phase afterStart = Phase.builder("AfterStart").dependsOn(Phase.ON_START).build();
        Schedule schedule = Schedule.builder("s036b").phases(afterStart).systems(
                trace.system("start", Phase.ON_START), trace.system("afterStart", afterStart)).build();
        World world = new World();
        schedule.run(world, 0);
        schedule.run(world, 0);
        schedule.runPhases(world, Phase.ON_START, Phase.ON_UPDATE, 0);
        schedule.runPhase(world, afterStart, 0);
        assertEquals(List.of("start", "afterStart", "afterStart", "afterStart", "afterStart"), trace.take());
    }

    @Test
    @DisplayName("SCH-061 one schedule on two worlds tracks OnStart separately, in each world's own state trait")
    void SCH_061_on_start_per_world() {
        Schedule schedule = startAndUpdate("s061");
        World one = new World();
        World two = new World();

        schedule.run(one, 0);
        assertTrue(one.get(schedule.state()).onStartDone());
        assertFalse(two.has(schedule.state()), "world two untouched");
        schedule.run(two, 0);
        schedule.run(one, 0);
        schedule.run(two, 0);

        assertEquals(List.of("start", "update", "start", "update", "update", "update"), trace.take());
        assertTrue(two.get(schedule.state()).onStartDone());
        assertFalse(one.get(schedule.state()) == two.get(schedule.state()), "separate records");
    }

    @Test
    @DisplayName("SCH-112 onStartDone is set at the end of the OnStart phase only when every OnStart system completed")
    void SCH_112_done_only_after_phase_completed() {
        RuntimeException boom = new RuntimeException("boom");
        boolean[] fail = {true};
        List<Boolean> doneSeenInOnLoad = new ArrayList<>();
        Schedule[] holder = new Schedule[1];
        holder[0] = Schedule.builder("s112").systems(
                trace.system("first", Phase.ON_START),
                EcsSystem.define("second", Phase.ON_START, (w, dt) -> {
                    trace.events.add("second");
                    if (fail[0]) {
                        throw boom;
                    }
                }),
                EcsSystem.define("load", Phase.ON_LOAD, (w, dt) -> doneSeenInOnLoad.add(w.get(holder[0].state()).onStartDone())),
                EcsSystem.define("update", (w, dt) -> {
                    throw new IllegalStateException("update fails");
                })).build();
        Schedule schedule = holder[0];
        World world = new World();

        assertSame(boom, assertThrows(RuntimeException.class, () -> schedule.run(world, 0)));
        assertFalse(world.get(schedule.state()).onStartDone(), "a throwing OnStart system leaves onStartDone false");
        assertEquals(List.of("first", "second"), trace.take());

        fail[0] = false;
        assertThrows(IllegalStateException.class, () -> schedule.run(world, 0));
        assertEquals(List.of("first", "second"), trace.take(), "the whole phase ran again, including 'first'");
        assertEquals(List.of(true), doneSeenInOnLoad, "done at the end of OnStart, before the rest of the call");
        assertTrue(world.get(schedule.state()).onStartDone(), "a later failure in the call does not undo it");

        assertThrows(IllegalStateException.class, () -> schedule.run(world, 0));
        assertEquals(List.of(), trace.take());
    }

    @Test
    @DisplayName("SCH-113 an OnStart phase with all systems disabled or gated, or with none, counts as done once completed")
    void SCH_113_skipped_or_empty_on_start_counts_as_done() {
        EcsSystem disabled = trace.system("disabled", Phase.ON_START);
        boolean[] gate = {false};
        EcsSystem gated = EcsSystem.builder("gated").phase(Phase.ON_START).run(trace.records("gated"))
                .runIf(w -> gate[0]).build();
        Schedule schedule = Schedule.builder("s113").systems(disabled, gated, trace.system("update")).build();
        World world = new World();
        schedule.disable(world, disabled);

        schedule.run(world, 0);
        assertTrue(world.get(schedule.state()).onStartDone());
        schedule.enable(world, disabled);
        gate[0] = true;
        schedule.run(world, 0);
        assertEquals(List.of("update", "update"), trace.take(), "OnStart is done: its systems are not considered again");

        Schedule none = Schedule.builder("s113-none").systems(trace.system("u")).build();
        World other = new World();
        none.runPhase(other, Phase.ON_START, 0);
        assertTrue(other.get(none.state()).onStartDone(), "no OnStart systems: done once the phase completed");
    }

    @Test
    @DisplayName("SCH-114 OnStart runs only when the call's range includes it; other calls do not mark it done")
    void SCH_114_on_start_only_when_in_range() {
        Phase t1 = Phase.define("T1");
        Phase t2 = Phase.builder("T2").dependsOn(t1).build();
        Schedule schedule = Schedule.builder("s114").phases(t1, t2).systems(
                trace.system("start", Phase.ON_START), trace.system("update"), trace.system("t1", t1),
                trace.system("t2", t2)).build();
        World world = new World();

        schedule.runPhase(world, Phase.ON_UPDATE, 0);
        schedule.runPhases(world, Phase.ON_LOAD, Phase.ON_STORE, 0);
        schedule.runPhases(world, t1, t2, 0);
        schedule.runPhase(world, t2, 0);
        assertEquals(List.of("update", "update", "t1", "t2", "t2"), trace.take());
        assertFalse(world.get(schedule.state()).onStartDone());

        schedule.runPhases(world, Phase.ON_START, Phase.ON_UPDATE, 0);
        assertEquals(List.of("start", "update"), trace.take());
        assertTrue(world.get(schedule.state()).onStartDone());
    }
}
