package dev.orrery.host.internal.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.HostSettings;
import dev.orrery.host.RunState;
import dev.orrery.host.core.HostSettingsParser;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.FixedPhases;
import dev.orrery.schedule.FixedTime;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.world.Trait;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code stepFixed} and the {@code fixedSteps} setting: frames of exactly N steps of the default fixed
 * clock, no wall clock.
 */
class FrameLoopFixedStepTest {
    private final Trait<List<String>> trace = Trait.of("test/trace", ArrayList::new);
    private FrameLoop loop;

    @AfterEach
    void stop() {
        if (loop != null) {
            loop.stop(5000);
        }
    }

    private void start(String mode) {
        start(Map.of("mode", mode, "rate", mode.equals("fixed") ? 0 : 60, "startPaused", true), System::nanoTime);
    }

    private void start(Map<String, Object> config, LongSupplier nanoTime) {
        HostSettings c = HostSettingsParser.parse(config, k -> null);
        loop = new FrameLoop(c, new RunProbe(), CapturedLog.create().logger(), FrameLoop.Ended.onBudgetDone(() -> { }),
                nanoTime, () -> { });
        Plugin game = Plugin.builder("game").systems(
                EcsSystem.define("physics", FixedPhases.FIXED_UPDATE,
                        (w, dt) -> w.add(trace).add("step " + FixedTime.of(w, FixedPhases.DEFAULT_CLOCK).tick())),
                EcsSystem.define("render", (w, dt) -> w.add(trace).add("frame " + Math.round(dt * 1e9)))).build();
        loop.start();
        loop.swap(Swaps.of("main", Map.of("main", Schedule.builder("main").plugins(game).build())));
    }

    private static <T> T get(CompletionStage<T> s) throws Exception {
        return s.toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void aFixedFrameRunsExactlyNStepsInEitherMode() throws Exception {
        for (String mode : List.of("fixed", "realtime")) {
            start(mode);
            assertEquals(1L, get(loop.stepFixed(3)));
            assertEquals(2L, get(loop.stepFixed(1)));
            long step = FixedPhases.DEFAULT_CLOCK.stepNanos();
            assertEquals(List.of("step 1", "step 2", "step 3", "frame " + 3 * step, "step 4", "frame " + step),
                    get(loop.submit(w -> List.copyOf(w.add(trace)))), mode);
            assertEquals(RunState.PAUSED, loop.status().state());
            loop.stop(5000);
        }
    }

    @Test
    void fixedStepsRunsExactlyNStepsPerFrameWhateverTheClockSays() throws Exception {
        // An injected clock that jumps a second on every read: fixed mode never measures dt with it.
        AtomicLong clock = new AtomicLong();
        start(Map.of("mode", "fixed", "fixedSteps", 3, "rate", 0, "startPaused", true),
                () -> clock.addAndGet(1_000_000_000L));
        assertEquals(2L, get(loop.step(2)));
        long step = FixedPhases.DEFAULT_CLOCK.stepNanos();
        assertEquals(List.of("step 1", "step 2", "step 3", "frame " + 3 * step, "step 4", "step 5", "step 6",
                "frame " + 3 * step), get(loop.submit(w -> List.copyOf(w.add(trace)))));
        long tick = get(loop.submit(w -> FixedTime.of(w, FixedPhases.DEFAULT_CLOCK).tick()));
        assertEquals(6, tick, "two frames of three steps");
    }

    @Test
    void stepFixedIsRefusedOutOfRangeAndWhileRunning() throws Exception {
        start("fixed");
        IllegalArgumentException range = assertThrows(IllegalArgumentException.class, () -> loop.stepFixed(0));
        assertTrue(range.getMessage().contains("from 1 to 8"), range.getMessage());
        assertThrows(IllegalArgumentException.class, () -> loop.stepFixed(9));
        loop.resume();
        ExecutionException e = assertThrows(ExecutionException.class, () -> get(loop.stepFixed(1)));
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertTrue(e.getCause().getMessage().contains("running"), e.getCause().getMessage());
    }
}
