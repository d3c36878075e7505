package dev.orrery.host.internal.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.testsupport.log.LogLine;
import dev.orrery.world.World;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** Boundary tasks and submitted work without a frame thread: the test runs the queued tasks itself. */
class BoundaryHandoffTest {
    private final FrameTasks tasks = new FrameTasks();
    private final RunProbe probe = new RunProbe();
    private final CapturedLog log = CapturedLog.create();
    private final World world = new World();

    @Test
    void aWaitThatTimesOutLogsOneWarningNamingTheRunningSystemAndTheTaskStillRunsAtTheBoundary() {
        BoundaryHandoff handoff = new BoundaryHandoff(tasks, world, probe, log.logger(), () -> false);
        List<String> done = new ArrayList<>();
        // The test thread plays both sides: a frame stuck in a system (the probe names it) and the thread
        // a plugin's departure arrives on (not the frame thread), which waits 0 ms for the boundary.
        Plugin stuck = Plugin.builder("stuck").systems(EcsSystem.define("stuck/spin",
                (w, dt) -> handoff.await(() -> done.add("suspended"), 0, "plugin 'leaver' left"))).build();
        Schedule.builder("main").plugins(stuck).probe(probe).build().run(world, 0.016);
        assertEquals(List.of(), done, "the boundary has not come yet");
        List<LogLine> warnings = log.at(Level.WARNING);
        assertEquals(1, warnings.size(), String.valueOf(log.lines()));
        assertEquals("plugin 'leaver' left while a frame took more than 0 ms (system 'stuck/spin' of schedule"
                + " 'main' is running); its systems stop at the end of that frame", warnings.get(0).message());
        tasks.poll().run();
        assertEquals(List.of("suspended"), done, "the task runs at the boundary after all");
    }

    @Test
    void onTheFrameThreadTheTaskIsOnlyQueuedForItsNextBoundary() {
        BoundaryHandoff handoff = new BoundaryHandoff(tasks, world, probe, log.logger(), () -> true);
        Runnable task = () -> { };
        handoff.await(task, 60_000, "observer service 7 left");
        assertSame(task, tasks.poll(), "queued as it is; waiting for it here would wait for ever");
        assertEquals(List.of(), log.lines());
    }

    @Test
    void afterTheLoopEndedNothingWaitsNothingRunsAndSubmittedWorkFails() {
        BoundaryHandoff handoff = new BoundaryHandoff(tasks, world, probe, log.logger(), () -> false);
        tasks.close();
        handoff.await(() -> fail("a refused task never runs"), 60_000, "plugin 'p' left");
        assertEquals(List.of(), log.lines(), "no wait, so no timeout line");
        CompletableFuture<Integer> f = handoff.submit(w -> 1).toCompletableFuture();
        assertEquals("the Orrery host is stopped; work was not run",
                assertThrows(CompletionException.class, f::join).getCause().getMessage());
    }

    @Test
    void submittedWorkGetsTheWorldAtTheBoundaryAndWhatItThrowsFailsItsFuture() {
        BoundaryHandoff handoff = new BoundaryHandoff(tasks, world, probe, log.logger(), () -> false);
        CompletableFuture<World> seen = handoff.submit(w -> w).toCompletableFuture();
        IllegalStateException boom = new IllegalStateException("boom");
        CompletableFuture<Object> thrown = handoff.submit(w -> {
            throw boom;
        }).toCompletableFuture();
        tasks.poll().run();
        tasks.poll().run();
        assertSame(world, seen.join());
        assertSame(boom, assertThrows(CompletionException.class, thrown::join).getCause());
    }
}
