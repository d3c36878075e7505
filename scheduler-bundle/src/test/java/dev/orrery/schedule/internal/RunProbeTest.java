package dev.orrery.schedule.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.HookContext;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.testsupport.memory.AllocationMeter;
import dev.orrery.testsupport.memory.Measurement;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Orrery's own: {@link RunProbe} names the system a schedule is at, on the loop, on the
 * generated dispatcher and on the hooked path, through nested run calls and escaped exceptions, and
 * from another thread.
 */
class RunProbeTest {
    private final RunProbe probe = new RunProbe();
    private final List<String> seen = new ArrayList<>();

    /** @return "schedule/system@plugin" as the probe answers now, or "-" */
    private String now() {
        return probe.running().map(r -> r.schedule() + "/" + r.system().name() + "@" + r.plugin()).orElse("-");
    }

    private EcsSystem recording(String name) {
        return EcsSystem.define(name, (w, dt) -> seen.add(now()));
    }

    /** "loop", "sync" (generated in build) or "hooks" (the loop with hooks on every call). */
    private CompiledSchedule build(String mode, Supplier<dev.orrery.schedule.ScheduleBuilder> builder) {
        if (mode.equals("hooks")) {
            return GeneratedDispatchTest.build("loop", () -> builder.get().hooks(new ScheduleHooks() {
                @Override
                public void beforeSystem(HookContext ctx) {
                    seen.add("before " + now());
                }
            }).build());
        }
        return GeneratedDispatchTest.build(mode, () -> builder.get().build());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"loop", "sync", "hooks"})
    @DisplayName("each system, its condition and its hooks see it published; nothing between run calls")
    void publishes_the_system_it_is_at(String mode) {
        EcsSystem b = EcsSystem.builder("b").runIf(w -> seen.add("cond " + now())).run((w, dt) -> seen.add(now()))
                .build();
        Plugin plugin = Plugin.builder("p").systems(recording("a"), b).build();
        CompiledSchedule schedule = build(mode, () -> Schedule.builder("s").plugins(plugin)
                .systems(EcsSystem.define("c", Phase.POST_UPDATE, (w, dt) -> seen.add(now()))).probe(probe));
        assertEquals(!mode.equals("loop") && !mode.equals("hooks"), schedule.isGenerated(), "a probe keeps generation");
        World world = new World();
        assertEquals("-", now(), "before any run call");

        schedule.run(world, 0.016);

        List<String> expected = mode.equals("hooks")
                ? List.of("before s/a@p", "s/a@p", "cond s/b@p", "before s/b@p", "s/b@p", "before s/c@s", "s/c@s")
                : List.of("s/a@p", "cond s/b@p", "s/b@p", "s/c@s");
        assertEquals(expected, seen);
        assertEquals("-", now(), "after the run call");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"loop", "sync"})
    @DisplayName("a system that steps another schedule is published again once the inner call returns")
    void nested_run_calls(String mode) {
        CompiledSchedule inner = build(mode, () -> Schedule.builder("inner").systems(recording("x")).probe(probe));
        World world = new World();
        EcsSystem outer = EcsSystem.define("outer", (w, dt) -> {
            seen.add(now());
            inner.run(w, dt);
            seen.add(now());
        });
        CompiledSchedule main = build(mode, () -> Schedule.builder("main").systems(outer, recording("after"))
                .probe(probe));

        main.run(world, 0.016);

        assertEquals(List.of("main/outer@main", "inner/x@inner", "main/outer@main", "main/after@main"), seen);
        assertEquals("-", now());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"loop", "sync"})
    @DisplayName("after an exception escaped a run call nothing is published, and the next call publishes again")
    void escaped_exception(String mode) {
        boolean[] fail = {true};
        EcsSystem boom = EcsSystem.define("boom", (w, dt) -> {
            seen.add(now());
            if (fail[0]) {
                throw new IllegalStateException("boom");
            }
        });
        CompiledSchedule schedule = build(mode, () -> Schedule.builder("s").systems(boom).probe(probe));
        World world = new World();

        assertThrows(IllegalStateException.class, () -> schedule.run(world, 0.016));
        assertEquals("-", now());
        fail[0] = false;
        schedule.run(world, 0.016);

        assertEquals(List.of("s/boom@s", "s/boom@s"), seen);
    }

    @Test
    @DisplayName("init functions publish their system; runPhase publishes like run")
    void init_and_run_phase() {
        EcsSystem withInit = EcsSystem.builder("i").phase(Phase.ON_UPDATE).init(w -> seen.add("init " + now()))
                .run((w, dt) -> seen.add(now())).build();
        CompiledSchedule schedule = build("sync", () -> Schedule.builder("s").systems(withInit).probe(probe));

        schedule.runPhase(new World(), Phase.ON_UPDATE, 0.016);

        assertEquals(List.of("init s/i@s", "s/i@s"), seen);
    }

    @Test
    @DisplayName("withoutPlugins publishes to the same probe")
    void without_plugins_keeps_the_probe() {
        Plugin gone = Plugin.builder("gone").systems(recording("g")).build();
        Plugin stays = Plugin.builder("stays").systems(recording("k")).build();
        Schedule full = Schedule.builder("s").plugins(gone, stays).probe(probe).build();

        full.withoutPlugins(List.of("gone")).run(new World(), 0.016);

        assertEquals(List.of("s/k@stays"), seen);
    }

    @Test
    @DisplayName("another thread sees the system that is stuck, with its schedule and plugin")
    void read_from_another_thread() throws InterruptedException {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        EcsSystem stuck = EcsSystem.define("stuck", (w, dt) -> {
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Plugin plugin = Plugin.builder("slow").systems(recording("first"), stuck).build();
        Schedule schedule = build("sync", () -> Schedule.builder("main").plugins(plugin).probe(probe));
        Thread frame = new Thread(() -> schedule.run(new World(), 0.016), "frame");
        frame.start();
        try {
            assertTrue(entered.await(10, TimeUnit.SECONDS), "the system started");
            RunProbe.Running running = probe.running().orElseThrow();
            assertEquals("main", running.schedule());
            assertSame(stuck, running.system());
            assertEquals("slow", running.plugin());
        } finally {
            release.countDown();
            frame.join(10_000);
        }
        assertFalse(frame.isAlive());
        assertEquals("-", now(), "the call returned");
    }

    @Test
    @DisplayName("SCH-117: a warm generated run with a probe allocates 0 bytes")
    void no_allocation_with_a_probe() {
        assumeTrue(AllocationMeter.isSupported(), "this JVM cannot count allocated bytes per thread");
        long[] count = new long[1];
        List<EcsSystem> systems = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            systems.add(EcsSystem.builder("s" + i).phase(Phase.BUILTIN.get(1 + i % 8)).runIf(w -> true)
                    .run((w, dt) -> count[0]++).build());
        }
        long windows = 0;
        for (String mode : List.of("sync", "loop")) {
            CompiledSchedule schedule = build(mode, () -> Schedule.builder("a").systems(systems).probe(probe));
            World world = new World();
            // 60,000 warm-up calls: past the JIT's last tier change (see GeneratedDispatchTest)
            Measurement m = AllocationMeter.windows(3, AllocationMeter.DEFAULT_MAX_WINDOWS).measure(20_000, () -> {
                for (int i = 0; i < 20_000; i++) {
                    schedule.run(world, 0.016);
                }
            });
            assertTrue(m.isAllocationFree(), mode + ": " + m.describe("20,000 warm run calls"));
            windows += m.warmUpWindows() + m.windowBytes().size();
        }
        assertEquals(windows * 20_000L * 200, count[0]);
    }
}
