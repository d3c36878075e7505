package dev.orrery.schedule.internal.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.DispatchEngine;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.internal.plan.BuildInput;
import dev.orrery.schedule.internal.plan.ExecutionPlan;
import dev.orrery.schedule.internal.plan.PlanCompiler;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When the generated code cannot be made, the schedule runs on the loop and says so once. */
class FallbackTest {
    private final List<String> ran = new ArrayList<>();

    private ExecutionPlan plan() {
        return PlanCompiler.compile(new BuildInput("main", List.of(), List.of(), List.of(),
                List.of(EcsSystem.define("a", (w, dt) -> ran.add("a")), EcsSystem.define("b", (w, dt) -> ran.add("b"))),
                false));
    }

    private static RunOptions failing(String reason) {
        return RunOptions.of(null, null, DispatchEngine.GENERATED, Runnable::run, true).withGenerator((layout, probe) -> {
            throw new LinkageError(reason);
        });
    }

    @Test
    void a_failed_generation_logs_one_warning_with_the_schedule_and_the_reason_and_runs_on_the_loop() {
        try (CapturedLog log = CapturedLog.attach("dev.orrery.schedule")) {
            ScheduleRunner runner = new ScheduleRunner(null, plan(), RunTraits.fresh("main"), failing("no ASM here"));
            assertFalse(runner.isGenerated());
            runner.run(new World(), 0);
            assertEquals(List.of("a", "b"), ran);
            assertEquals(List.of("WARNING schedule 'main': cannot generate its dispatcher, it runs on the loop: "
                    + "java.lang.LinkageError: no ASM here"), log.lines());
        }
    }

    @Test
    void a_schedule_derived_after_a_failed_generation_stays_on_the_loop_without_a_second_warning() {
        try (CapturedLog log = CapturedLog.attach("dev.orrery.schedule")) {
            ScheduleRunner runner = new ScheduleRunner(null, plan(), RunTraits.fresh("main"), failing("bad class"));
            ScheduleRunner derived = runner.derive(null, plan());
            assertFalse(derived.isGenerated());
            assertEquals(1, log.lines().size(), log.lines().toString());
        }
    }

    @Test
    void a_generation_that_works_logs_nothing() {
        try (CapturedLog log = CapturedLog.attach("dev.orrery.schedule")) {
            ScheduleRunner runner = new ScheduleRunner(null, plan(), RunTraits.fresh("main"),
                    RunOptions.of(null, null, DispatchEngine.GENERATED, Runnable::run, true));
            assertTrue(runner.isGenerated());
            assertTrue(runner.derive(null, plan()).isGenerated());
            assertEquals(List.of(), log.lines());
        }
    }
}
