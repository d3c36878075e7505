package dev.orrery.schedule.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.DispatchEngine;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleBuilder;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Orrery's own: the engine chosen on the builder ({@link ScheduleBuilder#dispatch}) and the executor
 * large schedules are generated on ({@link ScheduleBuilder#generationExecutor}).
 */
class DispatchChoiceTest {
    /** Systems past which code is generated after build() returns. */
    private static final int LARGE = 2049;
    private final List<Runnable> tasks = new ArrayList<>();
    private final Executor recording = tasks::add;
    private final long[] runs = new long[1];

    private List<EcsSystem> systems(String prefix, int n) {
        List<EcsSystem> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(EcsSystem.define(prefix + i, (w, dt) -> runs[0]++));
        }
        return out;
    }

    @Test
    @DisplayName("the engine chosen on the builder wins over the system property, which only sets the default")
    void builder_overrides_property() {
        List<EcsSystem> few = systems("s", 3);
        assertTrue(GeneratedDispatchTest.build("loop",
                () -> Schedule.builder("s").systems(few).dispatch(DispatchEngine.GENERATED).build()).isGenerated());
        assertFalse(GeneratedDispatchTest.build("generated",
                () -> Schedule.builder("s").systems(few).dispatch(DispatchEngine.LOOP).build()).isGenerated());
        assertFalse(GeneratedDispatchTest.build("loop", () -> Schedule.builder("s").systems(few).build()).isGenerated(),
                "no choice: the property's default");
        assertFalse(((CompiledSchedule) Schedule.builder("s").systems(few).dispatch(DispatchEngine.LOOP).build()
                .withoutPlugins(Set.of("none"))).isGenerated(), "derived schedules keep the engine");
    }

    @Test
    @DisplayName("a large schedule is generated on the executor it is given, adopted at the next run call")
    void large_schedule_on_the_given_executor() {
        CompiledSchedule s = (CompiledSchedule) Schedule.builder("big").systems(systems("s", LARGE))
                .dispatch(DispatchEngine.GENERATED).generationExecutor(recording).build();
        assertEquals(1, tasks.size(), "one generation task for the built schedule");
        assertFalse(s.isGenerated(), "the loop runs until the code is ready");
        World world = new World();
        s.run(world, 0);
        assertEquals(LARGE, runs[0]);
        tasks.remove(0).run();
        assertFalse(s.isGenerated(), "adopted only at a run call (a frame boundary)");
        s.run(world, 0);
        assertTrue(s.isGenerated());
        assertEquals(2L * LARGE, runs[0]);
    }

    @Test
    @DisplayName("small schedules are generated inside build(), a direct executor generates large ones there too")
    void small_schedules_and_direct_executors_generate_in_build() {
        assertTrue(((CompiledSchedule) Schedule.builder("small").systems(systems("s", 10))
                .dispatch(DispatchEngine.GENERATED).generationExecutor(recording).build()).isGenerated());
        assertEquals(List.of(), tasks, "a small schedule does not use the executor");
        assertTrue(((CompiledSchedule) Schedule.builder("big").systems(systems("s", LARGE))
                .dispatch(DispatchEngine.GENERATED).generationExecutor(Runnable::run).build()).isGenerated());
    }

    @Test
    @DisplayName("withoutPlugins generates the derived schedule on the same executor")
    void derived_schedule_on_the_same_executor() {
        Plugin big = Plugin.builder("big").systems(systems("b", LARGE)).build();
        Plugin other = Plugin.builder("other").systems(systems("o", 2)).build();
        Schedule s = Schedule.builder("main").plugins(big, other).dispatch(DispatchEngine.GENERATED)
                .generationExecutor(recording).build();
        CompiledSchedule derived = (CompiledSchedule) s.withoutPlugins(Set.of("other"));
        assertEquals(2, tasks.size());
        tasks.forEach(Runnable::run);
        derived.run(new World(), 0);
        assertTrue(derived.isGenerated());
    }

    @Test
    @DisplayName("an executor that rejects the task leaves the schedule on the loop, with one warning")
    void rejecting_executor() {
        try (CapturedLog log = CapturedLog.attach("dev.orrery.schedule")) {
            CompiledSchedule s = (CompiledSchedule) Schedule.builder("big").systems(systems("s", LARGE))
                    .dispatch(DispatchEngine.GENERATED)
                    .generationExecutor(r -> {
                        throw new RejectedExecutionException("shut down");
                    }).build();
            s.run(new World(), 0);
            assertFalse(s.isGenerated());
            assertEquals(List.of("WARNING schedule 'big': cannot generate its dispatcher, it runs on the loop: "
                    + "java.util.concurrent.RejectedExecutionException: shut down"), log.lines());
        }
    }
}
