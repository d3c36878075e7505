package dev.orrery.host.internal.frame;

import dev.orrery.host.internal.plugins.ObserverProbe;
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
 * logs one WARNING naming what runs at that moment, and the task still runs at the boundary. When a
 * plugin's departure times out while a system of that very plugin runs ({@link #awaitDeparture}), the
 * line says the departure cannot complete until that frame returns, and the frame thread is interrupted
 * ({@link DepartureInterrupts}) so that an interruptible wait of the system ends.
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
    private final ObserverProbe observers;
    private final DepartureInterrupts interrupts;
    private final java.util.function.Supplier<Thread> frameThread;

    /**
     * @param tasks the frame thread's queue
     * @param world the world submitted work gets
     * @param probe names the system running when a wait times out
     * @param log where a timed-out wait is logged
     * @param onFrameThread whether the caller is the frame thread
     */
    BoundaryHandoff(FrameTasks tasks, World world, RunProbe probe, Logger log, BooleanSupplier onFrameThread) {
        this(tasks, world, probe, new ObserverProbe(), log, onFrameThread, new DepartureInterrupts(), () -> null);
    }

    /**
     * @param tasks the frame thread's queue
     * @param world the world submitted work gets
     * @param probe names the system running when a wait times out
     * @param observers names the observer's hook running when a wait times out
     * @param log where a timed-out wait is logged
     * @param onFrameThread whether the caller is the frame thread
     * @param interrupts where an interrupt for a departing plugin is noted
     * @param frameThread the frame thread (null before it starts)
     */
    BoundaryHandoff(FrameTasks tasks, World world, RunProbe probe, ObserverProbe observers, Logger log,
                    BooleanSupplier onFrameThread, DepartureInterrupts interrupts, java.util.function.Supplier<Thread> frameThread) {
        this.tasks = tasks;
        this.world = world;
        this.probe = probe;
        this.observers = observers;
        this.log = log;
        this.onFrameThread = onFrameThread;
        this.interrupts = interrupts;
        this.frameThread = frameThread;
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
        if (!waitFor(task, timeoutMillis)) {
            warnTimedOut(what, timeoutMillis, Activity.now(probe, observers));
        }
    }

    private void warnTimedOut(String what, long timeoutMillis, Activity now) {
        String running;
        if (now.hook() != null) {
            running = " (" + now.describe() + ")";
        } else if (now.system() != null) {
            running = " (system '" + now.system().system().name() + "' of schedule '" + now.system().schedule()
                    + "' is running)";
        } else {
            running = "";
        }
        log.log(Level.WARNING, what + " while a frame took more than " + timeoutMillis + " ms" + running
                + "; its systems stop at the end of that frame");
    }

    /**
     * A plugin's departure: as {@link #await}, except when the wait times out while a system of that
     * plugin runs. Then one WARNING line says so ("plugin 'p' left while its system 's' of schedule 'm'
     * has run for more than N ms: the departure cannot complete until that frame returns; the frame
     * thread is interrupted, to end an interruptible wait"), and the frame thread is interrupted.
     *
     * @param task the suspension of the plugin's systems, at the boundary
     * @param timeoutMillis how long to wait, milliseconds
     * @param plugin the departing plugin's name
     */
    void awaitDeparture(Runnable task, long timeoutMillis, String plugin) {
        String what = "plugin '" + plugin + "' left";
        if (waitFor(() -> {
            try {
                task.run();
            } finally {
                interrupts.departed(plugin);
            }
        }, timeoutMillis)) {
            return;
        }
        Activity now = Activity.now(probe, observers);
        Thread frame = frameThread.get();
        if (!now.isSystemOf(plugin) || frame == null) {
            warnTimedOut(what, timeoutMillis, now);
            return;
        }
        log.log(Level.WARNING, what + " while its system '" + now.system().system().name() + "' of schedule '"
                + now.system().schedule() + "' has run for more than " + timeoutMillis + " ms: the departure cannot"
                + " complete until that frame returns; the frame thread is interrupted, to end an interruptible wait");
        interrupts.interrupt(frame, plugin);
    }

    /** @return whether the task ran at the boundary within the time; false on the frame thread or after the loop ended */
    private boolean waitFor(Runnable task, long timeoutMillis) {
        if (onFrameThread.getAsBoolean()) {
            tasks.offer(task);
            return true;
        }
        CountDownLatch done = new CountDownLatch(1);
        if (!tasks.offer(() -> {
            try {
                task.run();
            } finally {
                done.countDown();
            }
        })) {
            return true; // the loop has ended: nothing runs any more
        }
        try {
            return done.await(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }
}
