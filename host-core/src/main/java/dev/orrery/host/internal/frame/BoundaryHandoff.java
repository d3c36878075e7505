package dev.orrery.host.internal.frame;

import dev.orrery.schedule.RunProbe;
import dev.orrery.world.World;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * Work that other threads hand to the frame thread's next frame boundary through {@link FrameTasks}, in
 * two shapes: {@link #submit} (work on the world, its result in a future; never blocks) and
 * {@link #await} (a boundary task the caller waits for, at most a timeout, so that what the task stops
 * has stopped when the call returns: a departure's systems, a retired observer).
 *
 * <p>Invariants: a submitted future always completes: with the work's result or throwable, or with an
 * {@link IllegalStateException} when the loop had ended and refused the work (work still queued when
 * the loop ends runs in its final drain); a future cancelled before its work started keeps the work
 * from running.
 * {@link #await} never waits on the frame thread (that would deadlock: the task is queued and it
 * returns), nor after the loop has ended (the task was refused and never runs); a wait that times out
 * logs one WARNING naming the system running at that moment, and the task still runs at the boundary.
 *
 * <p>Implementation notes: any thread may call; the tasks themselves run on the frame thread. Which
 * thread is the frame thread is asked of {@code onFrameThread} at each call.
 */
final class BoundaryHandoff {
    private final FrameTasks tasks;
    private final World world;
    private final RunProbe probe;
    private final Logger log;
    private final BooleanSupplier onFrameThread;

    /**
     * @param tasks the frame thread's queue
     * @param world the world submitted work gets
     * @param probe names the system running when a wait times out
     * @param log where a timed-out wait is logged
     * @param onFrameThread whether the caller is the frame thread
     */
    BoundaryHandoff(FrameTasks tasks, World world, RunProbe probe, Logger log, BooleanSupplier onFrameThread) {
        this.tasks = tasks;
        this.world = world;
        this.probe = probe;
        this.log = log;
        this.onFrameThread = onFrameThread;
    }

    /**
     * @param work runs on the frame thread at the next boundary
     * @param <T> result type
     * @return its result; fails with what it throws, or with an {@link IllegalStateException} when the
     *     loop has ended; cancelling it before the work starts keeps the work from running
     */
    <T> CompletionStage<T> submit(Function<World, T> work) {
        CompletableFuture<T> f = new CompletableFuture<>();
        if (!tasks.offer(() -> {
            if (f.isDone()) {
                return; // cancelled before it started: the work never runs
            }
            try {
                f.complete(work.apply(world));
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
        })) {
            f.completeExceptionally(new IllegalStateException("the Orrery host is stopped; work was not run"));
        }
        return f;
    }

    /**
     * Runs {@code task} at the next frame boundary and waits for it, at most {@code timeoutMillis}; on
     * the frame thread it is only queued. When the wait times out, one WARNING line:
     * "{@code what} while a frame took more than N ms (system 'S' of schedule 'M' is running); its
     * systems stop at the end of that frame". An interrupt ends the wait and is kept set.
     *
     * @param task what to do at the boundary
     * @param timeoutMillis how long to wait, milliseconds (after a timeout the task still runs at the
     *     boundary)
     * @param what what happened, for the log line ("plugin 'p' left")
     */
    void await(Runnable task, long timeoutMillis, String what) {
        if (onFrameThread.getAsBoolean()) {
            tasks.offer(task);
            return;
        }
        CountDownLatch done = new CountDownLatch(1);
        if (!tasks.offer(() -> {
            try {
                task.run();
            } finally {
                done.countDown();
            }
        })) {
            return; // the loop has ended: nothing runs any more
        }
        try {
            if (!done.await(timeoutMillis, TimeUnit.MILLISECONDS)) {
                RunProbe.Running r = probe.running().orElse(null);
                log.log(Level.WARNING, what + " while a frame took more than " + timeoutMillis + " ms"
                        + (r == null ? "" : " (system '" + r.system().name() + "' of schedule '" + r.schedule()
                        + "' is running)") + "; its systems stop at the end of that frame");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
