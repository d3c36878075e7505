package dev.orrery.host.internal.frame;

import dev.orrery.host.StuckFrame;
import dev.orrery.host.internal.plugins.ObserverProbe;
import dev.orrery.schedule.ParkedUpdate;
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
 * logs one WARNING naming what runs at that moment, and the task still runs at the boundary. A wait ends
 * early when the host is stuck (the line then says so) or its frame thread is inside {@code System.exit}
 * (then nothing is said: the host is stopping). When a plugin's departure ends so while a system of that
 * very plugin runs ({@link #awaitDeparture}), the line says the departure cannot complete until that
 * frame returns, and the frame thread is interrupted ({@link DepartureInterrupts}) so that an
 * interruptible wait of the system ends.
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
    private final java.util.function.Supplier<StuckFrame> stuck;
    private final BooleanSupplier exiting;

    /** How a wait for the boundary ended. */
    private enum Waited {
        /** The task ran (or was only queued: on the frame thread, or refused by a loop that ended). */
        DONE,
        /** The time ran out. */
        TIMED_OUT,
        /** The host is stuck: the frame will not end soon, so the wait ends early. */
        STUCK,
        /** The frame thread is inside {@code System.exit}: the frame will never end. */
        EXITING
    }

    /** How often a wait looks whether the frame got stuck, or its thread is exiting. */
    private static final long LOOK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    /**
     * @param tasks the frame thread's queue
     * @param world the world submitted work gets
     * @param probe names the system running when a wait times out
     * @param log where a timed-out wait is logged
     * @param onFrameThread whether the caller is the frame thread
     */
    BoundaryHandoff(FrameTasks tasks, World world, RunProbe probe, Logger log, BooleanSupplier onFrameThread) {
        this(tasks, world, probe, new ObserverProbe(), log, onFrameThread, new DepartureInterrupts(), () -> null, () -> null,
                () -> false);
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
     * @param stuck the frame marked stuck now, or null
     * @param exiting whether the frame thread is inside {@code System.exit} (asked while a wait lasts)
     */
    BoundaryHandoff(FrameTasks tasks, World world, RunProbe probe, ObserverProbe observers, Logger log,
                    BooleanSupplier onFrameThread, DepartureInterrupts interrupts, java.util.function.Supplier<Thread> frameThread,
                    java.util.function.Supplier<StuckFrame> stuck, BooleanSupplier exiting) {
        this.tasks = tasks;
        this.world = world;
        this.probe = probe;
        this.observers = observers;
        this.log = log;
        this.onFrameThread = onFrameThread;
        this.interrupts = interrupts;
        this.frameThread = frameThread;
        this.stuck = stuck;
        this.exiting = exiting;
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
        Waited w = waitFor(task, timeoutMillis);
        if (w == Waited.TIMED_OUT || w == Waited.STUCK) {
            warnTimedOut(what, timeoutMillis, Activity.now(probe, observers), w);
        }
    }

    private void warnTimedOut(String what, long timeoutMillis, Activity now, Waited w) {
        StuckFrame s = stuck.get();
        if (w == Waited.STUCK && s != null) {
            log.log(Level.WARNING, what + " while the host is stuck (" + s.describe() + "); its systems stop at the end of"
                    + " that frame");
            return;
        }
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
     * A plugin's departure: as {@link #await}, except when the wait ends while a system of that plugin
     * runs (the time ran out, or the host is stuck in it). Then one WARNING line says so ("plugin 'p' left
     * while its system 's' of schedule 'm' has run for more than N ms", or "has not returned (the host is
     * stuck)", ": the departure cannot complete until that frame returns; the frame thread is interrupted,
     * to end an interruptible wait"), and the frame thread is interrupted. When the frame thread is inside
     * {@code System.exit} nothing waits and nothing is said: the host stops. A system of that plugin parked
     * in {@code Cooperative.await} has its wait cancelled at once, before the wait for the boundary.
     *
     * @param task the suspension of the plugin's systems, at the boundary
     * @param timeoutMillis how long to wait, milliseconds
     * @param plugin the departing plugin's name
     */
    void awaitDeparture(Runnable task, long timeoutMillis, String plugin) {
        String what = "plugin '" + plugin + "' left";
        Waited w = waitFor(() -> {
            try {
                task.run();
            } finally {
                interrupts.departed(plugin);
            }
        }, timeoutMillis, () -> cancelParked(plugin));
        if (w == Waited.DONE || w == Waited.EXITING) {
            return;
        }
        Activity now = Activity.now(probe, observers);
        Thread frame = frameThread.get();
        if (!now.isSystemOf(plugin) || frame == null) {
            warnTimedOut(what, timeoutMillis, now, w);
            return;
        }
        log.log(Level.WARNING, what + " while its system '" + now.system().system().name() + "' of schedule '"
                + now.system().schedule() + "' " + (w == Waited.STUCK ? "has not returned (the host is stuck)"
                : "has run for more than " + timeoutMillis + " ms") + ": the departure cannot complete until that frame"
                + " returns; the frame thread is interrupted, to end an interruptible wait");
        interrupts.interrupt(frame, plugin);
    }

    /**
     * A system of the departing plugin parked in {@code Cooperative.await}: its wait is cancelled, and
     * what it throws then is the departure's. Called once the suspension is queued, so the frame the
     * cancellation ends is the plugin's last.
     */
    private void cancelParked(String plugin) {
        ParkedUpdate parked = probe.parked().orElse(null);
        if (parked != null && plugin.equals(parked.plugin())) {
            interrupts.cancelled(plugin);
            probe.cancelWait(parked, "plugin '" + plugin + "' departs"); // that wait only, if it still is
        }
    }

    /** @return how the wait for the task at the boundary ended */
    private Waited waitFor(Runnable task, long timeoutMillis) {
        return waitFor(task, timeoutMillis, () -> { });
    }

    /**
     * @param queued runs once the task is queued and at each look while waiting (not on the frame thread)
     * @return how the wait for the task at the boundary ended
     */
    private Waited waitFor(Runnable task, long timeoutMillis, Runnable queued) {
        if (onFrameThread.getAsBoolean()) {
            tasks.offer(task);
            return Waited.DONE;
        }
        CountDownLatch done = new CountDownLatch(1);
        if (!tasks.offer(() -> {
            try {
                task.run();
            } finally {
                done.countDown();
            }
        })) {
            return Waited.DONE; // the loop has ended: nothing runs any more
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        try {
            while (true) {
                queued.run(); // again at each look: a system may park after the one before
                long left = deadline - System.nanoTime();
                if (done.await(Math.max(0, Math.min(left, LOOK_NANOS)), TimeUnit.NANOSECONDS)) {
                    return Waited.DONE;
                }
                if (exiting.getAsBoolean()) {
                    return Waited.EXITING;
                }
                if (stuck.get() != null) {
                    return Waited.STUCK;
                }
                if (left <= LOOK_NANOS) {
                    return Waited.TIMED_OUT;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Waited.DONE;
        }
    }
}
