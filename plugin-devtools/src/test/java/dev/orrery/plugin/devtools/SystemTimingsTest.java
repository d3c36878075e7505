package dev.orrery.plugin.devtools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.SkipReason;
import dev.orrery.schedule.SystemSet;
import dev.orrery.testsupport.memory.AllocationMeter;
import dev.orrery.testsupport.memory.Measurement;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SystemTimingsTest {
    private final ManualClock clock = new ManualClock();
    private final SystemTimings timings = new SystemTimings(clock);
    private final World world = new World();

    private static Map<String, SystemTiming> byName(List<SystemTiming> list) {
        return list.stream().collect(Collectors.toMap(SystemTiming::system, Function.identity()));
    }

    @Test
    @DisplayName("last, mean and max duration in µs and the run count, measured between beforeSystem and afterSystem")
    void durations_and_run_count() {
        long[] costs = {30, 10, 20};
        int[] call = {0};
        EcsSystem work = EcsSystem.define("work", (w, dt) -> clock.advanceMicros(costs[call[0]++]));
        EcsSystem idle = EcsSystem.define("idle", (w, dt) -> { });
        Schedule s = Schedule.builder("main").systems(work, idle).hooks(timings).build();
        for (int i = 0; i < 3; i++) {
            s.run(world, 0.016);
        }

        SystemTiming t = byName(timings.snapshot("main")).get("work");
        assertEquals(3, t.runs());
        assertEquals(20.0, t.lastMicros(), 1e-9);
        assertEquals(20.0, t.meanMicros(), 1e-9);
        assertEquals(30.0, t.maxMicros(), 1e-9);
        assertEquals(0, t.skipped(SkipReason.DISABLED));
        assertEquals(0, t.skipped(SkipReason.CONDITION));
        assertEquals("OnUpdate", t.phase());
        assertEquals(0, t.position());
        SystemTiming i = byName(timings.snapshot("main")).get("idle");
        assertEquals(3, i.runs());
        assertEquals(0.0, i.maxMicros(), 1e-9);
        assertEquals(1, i.position());
    }

    @Test
    @DisplayName("skips are counted by reason: disabled, and a set or own condition that returned false")
    void skips_by_reason() {
        SystemSet closed = SystemSet.builder("closed").runIf(w -> false).build();
        EcsSystem off = EcsSystem.define("off", (w, dt) -> { });
        EcsSystem gated = EcsSystem.builder("gated").sets(closed).run((w, dt) -> { }).build();
        EcsSystem own = EcsSystem.builder("own").runIf(w -> false).run((w, dt) -> { }).build();
        Schedule s = Schedule.builder("main").sets(closed).systems(off, gated, own).hooks(timings).build();
        s.disable(world, off);
        s.run(world, 0);
        s.run(world, 0);

        Map<String, SystemTiming> t = byName(timings.snapshot());
        assertEquals(2, t.get("off").skippedDisabled());
        assertEquals(0, t.get("off").skippedCondition());
        assertEquals(0, t.get("off").runs());
        assertEquals(2, t.get("gated").skipped(SkipReason.CONDITION));
        assertEquals(2, t.get("own").skipped(SkipReason.CONDITION));
        assertEquals(0, t.get("own").skipped(SkipReason.DISABLED));
    }

    @Test
    @DisplayName("a run that throws is not counted and does not spoil the next one")
    void throwing_run_not_counted() {
        boolean[] fail = {true};
        EcsSystem flaky = EcsSystem.define("flaky", (w, dt) -> {
            clock.advanceMicros(500);
            if (fail[0]) {
                throw new IllegalStateException("boom");
            }
        });
        Schedule s = Schedule.builder("main").systems(flaky).hooks(timings).build();
        assertThrows(IllegalStateException.class, () -> s.run(world, 0));
        assertEquals(0, timings.snapshot("main").get(0).runs());
        fail[0] = false;
        clock.advanceMicros(10_000); // time passes between frames; it must not be charged to the next run
        s.run(world, 0);
        SystemTiming t = timings.snapshot("main").get(0);
        assertEquals(1, t.runs());
        assertEquals(500.0, t.lastMicros(), 1e-9);
    }

    @Test
    @DisplayName("across a rebuild (same schedule name) counters carry over by system name; new systems start at zero")
    void carry_over_across_rebuild() {
        EcsSystem a = EcsSystem.define("a", (w, dt) -> clock.advanceMicros(7));
        EcsSystem gone = EcsSystem.define("gone", (w, dt) -> { });
        Schedule first = Schedule.builder("main").systems(a, gone).hooks(timings).build();
        first.run(world, 0);
        first.run(world, 0);

        EcsSystem fresh = EcsSystem.define("fresh", (w, dt) -> { });
        Schedule second = Schedule.builder("main").plugins(Plugin.builder("p").systems(fresh).build())
                .systems(a).hooks(timings).adoptStateOf(first).build();
        second.run(world, 0);

        Map<String, SystemTiming> t = byName(timings.snapshot("main"));
        assertEquals(List.of("fresh", "a"), timings.snapshot("main").stream().map(SystemTiming::system).toList());
        assertEquals(3, t.get("a").runs());
        assertEquals(7.0, t.get("a").maxMicros(), 1e-9);
        assertEquals(1, t.get("a").position());
        assertEquals(1, t.get("fresh").runs());
    }

    @Test
    @DisplayName("two schedules, one stepped from a system of the other, are kept apart")
    void nested_schedules() {
        EcsSystem move = EcsSystem.define("move", Phase.define("Turn"), (w, dt) -> clock.advanceMicros(3));
        Phase turnPhase = move.phase();
        Schedule turn = Schedule.builder("turn").phases(turnPhase).systems(move).hooks(timings).build();
        EcsSystem driver = EcsSystem.define("driver", (w, dt) -> {
            clock.advanceMicros(1);
            turn.runPhase(w, turnPhase, dt);
            clock.advanceMicros(1);
        });
        Schedule main = Schedule.builder("main").systems(driver).hooks(timings).build();
        main.run(world, 0);
        main.run(world, 0);

        assertEquals(List.of("main", "turn"), timings.snapshot().stream().map(SystemTiming::schedule).toList());
        SystemTiming d = timings.snapshot("main").get(0);
        SystemTiming m = timings.snapshot("turn").get(0);
        assertEquals(2, d.runs());
        assertEquals(5.0, d.lastMicros(), 1e-9);
        assertEquals(2, m.runs());
        assertEquals(3.0, m.lastMicros(), 1e-9);
    }

    @Test
    @DisplayName("reset sets every counter back to zero")
    void reset_clears() {
        EcsSystem a = EcsSystem.define("a", (w, dt) -> clock.advanceMicros(4));
        Schedule s = Schedule.builder("main").systems(a).hooks(timings).build();
        s.run(world, 0);
        timings.reset();
        SystemTiming t = timings.snapshot("main").get(0);
        assertEquals(0, t.runs());
        assertEquals(0.0, t.maxMicros(), 1e-9);
        assertEquals(0.0, t.meanMicros(), 1e-9);
        assertTrue(timings.snapshot("other").isEmpty());
    }

    @Test
    @DisplayName("SCH-149 with the timings as hooks, warm run calls allocate nothing (no allocation per hook call)")
    void SCH_149_no_allocation_per_hook_call() {
        assumeTrue(AllocationMeter.isSupported(), "this JVM cannot count allocated bytes per thread");
        SystemTimings real = new SystemTimings();
        long[] counter = new long[1];
        SystemSet closed = SystemSet.builder("closed").runIf(w -> counter[0] < 0).build();
        List<EcsSystem> systems = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            EcsSystem.Builder b = EcsSystem.builder("sys" + i).phase(i % 2 == 0 ? Phase.ON_UPDATE : Phase.ON_STORE)
                    .run((w, dt) -> counter[0]++);
            if (i % 7 == 0) {
                b.sets(closed);
            }
            systems.add(b.build());
        }
        Schedule main = Schedule.builder("main").sets(closed).systems(systems).hooks(real).build();
        Schedule other = Schedule.builder("other").systems(EcsSystem.define("x", (w, dt) -> counter[0]++))
                .hooks(real).build();
        main.disable(world, systems.get(3));
        Runnable calls = () -> {
            for (int i = 0; i < 20_000; i++) {
                main.run(world, 0.016);
                other.run(world, 0.016); // switching schedules allocates nothing either
            }
        };
        // Two warm-up windows, then windows until one allocates nothing: a JIT deoptimization in a loaded
        // JVM re-creates objects that escape analysis had removed, once; code that allocates per call
        // does so in every window.
        Measurement m = AllocationMeter.standard().measure(20_000, calls);
        long windows = m.warmUpWindows() + m.windowBytes().size();

        assertTrue(m.isAllocationFree(), m.describe("20,000 iterations of 2 warm run calls with timings hooks"));
        assertEquals(20_000L * windows, byName(real.snapshot("main")).get("sys3").skippedDisabled());
        assertEquals(20_000L * windows, byName(real.snapshot("other")).get("x").runs());
    }

    @Test
    @DisplayName("sampled timings time one run call in samplePeriod per world; counts are sampled counts")
    void sampled_timings() {
        long[] now = {0};
        SystemTimings timings = new SystemTimings(() -> now[0] += 10, 4);
        assertEquals(4, timings.samplePeriod());
        assertEquals(1, new SystemTimings().samplePeriod());
        int[] ran = {0};
        EcsSystem work = EcsSystem.define("work", (w, dt) -> ran[0]++);
        Schedule s = Schedule.builder("main").systems(work).hooks(timings).build();
        World world = new World();
        for (int k = 0; k < 10; k++) {
            s.run(world, 0.1);
        }
        assertEquals(10, ran[0], "every call runs the systems");
        SystemTiming t = timings.snapshot("main").get(0);
        assertEquals(3, t.runs(), "calls 0, 4 and 8 were timed");
        assertEquals(10, t.lastNanos());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SystemTimings(System::nanoTime, 0));
        assertEquals("SystemTimings: samplePeriod 0 is below 1", e.getMessage());
    }
}
