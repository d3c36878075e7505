package dev.orrery.host.internal.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.RunState;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Pause, resume and step without a frame thread: the test runs the queued tasks itself ({@link #boundary()})
 * and reports frames with {@link RunControl#frameRan}, so what a boundary changes is seen exactly, with no
 * waiting.
 */
class RunControlTest {
    /** How often the run control reported a change of its state. */
    private final AtomicInteger changes = new AtomicInteger();
    private final FrameTasks tasks = new FrameTasks();

    /** Plays the frame thread at a frame boundary: runs every queued task. */
    private void boundary() {
        Runnable t;
        while ((t = tasks.poll()) != null) {
            t.run();
        }
    }

    private static Throwable failure(CompletableFuture<?> f) {
        return assertThrows(CompletionException.class, f::join).getCause();
    }

    @Test
    void aCancelledStepLeavesNoFrameToRunAfterTheNextBoundaryAndALaterStepRunsItsOwnFrames() {
        RunControl run = new RunControl(tasks, true, changes::incrementAndGet);
        run.started();
        CompletableFuture<Long> huge = run.step(1_000_000).toCompletableFuture();
        assertTrue(run.idle(), "the request takes effect at the boundary");
        boundary();
        assertFalse(run.idle(), "a step is pending");
        run.frameRan(1);
        run.frameRan(2);
        assertTrue(huge.cancel(false));
        assertFalse(run.idle(), "the cancellation takes effect at the next boundary");
        boundary();
        assertTrue(run.idle(), "the cancelled step's remaining 999,998 frames are dropped");
        CompletableFuture<Long> two = run.step(2).toCompletableFuture();
        boundary();
        run.frameRan(3);
        assertFalse(two.isDone());
        assertFalse(run.idle());
        run.frameRan(4);
        assertEquals(4L, two.join(), "completes with the frame count after its own two frames");
        assertTrue(run.idle());
        assertEquals(RunState.PAUSED, run.state());
    }

    @Test
    void resumeForgetsThePendingFramesButTheStepRequestCompletesAsFramesRun() {
        RunControl run = new RunControl(tasks, true, changes::incrementAndGet);
        run.started();
        CompletableFuture<Long> step = run.step(2).toCompletableFuture();
        boundary();
        run.resume();
        assertEquals(RunState.PAUSED, run.state(), "resumes at the boundary, not before");
        boundary();
        assertEquals(RunState.RUNNING, run.state());
        run.frameRan(1);
        assertFalse(step.isDone());
        run.frameRan(2);
        assertEquals(2L, step.join());
        run.pause();
        boundary();
        assertEquals(RunState.PAUSED, run.state());
        assertTrue(run.idle(), "no frame of the step was left pending by the resume");
    }

    @Test
    void aStepIsRefusedAtTheBoundaryWhileRunningAndAtOnceWhenTheLoopHasEnded() {
        RunControl run = new RunControl(tasks, false, changes::incrementAndGet);
        run.started();
        assertEquals(RunState.RUNNING, run.state());
        CompletableFuture<Long> whileRunning = run.step(1).toCompletableFuture();
        assertFalse(whileRunning.isDone(), "refused at the boundary, where the state is decided");
        boundary();
        assertEquals("step: the simulation is running; pause it first", failure(whileRunning).getMessage());
        assertThrows(IllegalArgumentException.class, () -> run.step(0));
        tasks.close();
        assertEquals("step: the Orrery host is stopped", failure(run.step(1).toCompletableFuture()).getMessage());
    }

    @Test
    void aFaultPausesTheSimulationAndFailsEveryWaitingStep() {
        RunControl run = new RunControl(tasks, true, changes::incrementAndGet);
        run.started();
        CompletableFuture<Long> first = run.step(3).toCompletableFuture();
        CompletableFuture<Long> second = run.step(1).toCompletableFuture();
        boundary();
        run.frameRan(1);
        IllegalStateException boom = new IllegalStateException("boom");
        run.pauseForFault();
        run.failSteps(boom);
        assertEquals(boom, failure(first));
        assertEquals(boom, failure(second));
        assertTrue(run.idle(), "the failed steps' frames are no longer pending");
        assertEquals(RunState.PAUSED, run.state());
        assertEquals(1, run.frames());
    }

    @Test
    void requestsQueuedWhenTheLoopEndsLeaveTheStateStoppedAndFailTheirSteps() {
        RunControl run = new RunControl(tasks, true, changes::incrementAndGet);
        run.started();
        run.resume();
        run.pause();
        CompletableFuture<Long> step = run.step(3).toCompletableFuture();
        run.stopped(); // the loop ended with the three requests still queued; the final drain runs them
        boundary();
        assertEquals(RunState.STOPPED, run.state(), "a queued pause or resume does not bring a stopped host back");
        assertTrue(step.isDone(), "a queued step does not wait forever");
        assertEquals("step: the Orrery host is stopped", failure(step).getMessage());
    }

    @Test
    void aStateChangeIsReportedOnceAndAFrameIsNot() {
        RunControl run = new RunControl(tasks, true, changes::incrementAndGet);
        run.started();
        assertEquals(0, changes.get(), "started paused, as it was made: no change");
        run.resume();
        boundary();
        assertEquals(1, changes.get(), "paused to running");
        run.resume();
        boundary();
        run.frameRan(1);
        assertEquals(1, changes.get(), "a second resume and a frame change nothing");
        run.pauseForFault();
        run.stopped();
        assertEquals(3, changes.get(), "paused by a fault, then stopped");
    }
}
