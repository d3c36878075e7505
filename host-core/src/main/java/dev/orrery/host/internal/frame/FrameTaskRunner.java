package dev.orrery.host.internal.frame;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * How the frame thread runs the work queued in {@link FrameTasks} at a frame boundary: one task after
 * the other; a task that throws is logged at ERROR ("work on the frame thread failed") and the next one
 * runs, except a {@link VirtualMachineError}, which is rethrown (the loop dies of it). An interrupt of
 * the frame thread (a system or task that left its interrupt flag set, or that interrupted a wait for
 * work) is cleared and logged at WARNING unless the loop is stopping or the host made it itself
 * ({@link DepartureInterrupts}): only a stop request ends the loop.
 * Tasks left when the loop has ended run with their failures dropped ({@link #runLeft}), so that the
 * futures they complete are not left waiting.
 *
 * <p>Frame thread only.
 */
final class FrameTaskRunner {
    private final FrameTasks tasks;
    private final Logger log;
    private final BooleanSupplier stopping;
    private final DepartureInterrupts own;

    /**
     * @param tasks the frame thread's queue
     * @param log where failed tasks and interrupts are logged
     * @param stopping whether a stop was requested (an interrupt then is not logged)
     */
    FrameTaskRunner(FrameTasks tasks, Logger log, BooleanSupplier stopping) {
        this(tasks, log, stopping, new DepartureInterrupts());
    }

    /**
     * @param tasks the frame thread's queue
     * @param log where failed tasks and interrupts are logged
     * @param stopping whether a stop was requested (an interrupt then is not logged)
     * @param own the host's own interrupts (for a departing plugin's system): not logged either
     */
    FrameTaskRunner(FrameTasks tasks, Logger log, BooleanSupplier stopping, DepartureInterrupts own) {
        this.tasks = tasks;
        this.log = log;
        this.stopping = stopping;
        this.own = own;
    }

    /** Clears an interrupt left by the last frame or task, and logs it. */
    void clearInterrupt() {
        if (Thread.interrupted()) {
            interrupted();
        }
    }

    /** Runs every task queued now, and those they queue, until the queue is empty. */
    void runAll() {
        Runnable t;
        while ((t = tasks.poll()) != null) {
            run(t);
        }
    }

    /**
     * Waits for one task, at most {@code nanos}, and runs it; an interrupt ends the wait (cleared, logged).
     *
     * @param nanos how long to wait at most, nanoseconds
     */
    void runNext(long nanos) {
        Runnable t;
        try {
            t = tasks.poll(nanos);
        } catch (InterruptedException e) {
            interrupted();
            return;
        }
        if (t != null) {
            run(t);
        }
    }

    /**
     * Runs the tasks that were accepted but not run when the loop ended; what they throw is dropped (a
     * future's own failure path).
     *
     * @param left the tasks, in order ({@link FrameTasks#close()})
     */
    void runLeft(List<Runnable> left) {
        for (Runnable t : left) {
            try {
                t.run();
            } catch (Throwable e) {
                // a future's own failure path; nothing to add
            }
        }
    }

    private void run(Runnable t) {
        try {
            t.run();
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) {
            log.log(Level.ERROR, "work on the frame thread failed: " + e, e);
        }
    }

    /** Logs a cleared interrupt (not ours: only a stop request ends the loop). */
    private void interrupted() {
        if (own.takeOwnInterrupt()) {
            log.log(Level.DEBUG, "the frame thread's interrupt for a departing plugin is cleared");
        } else if (!stopping.getAsBoolean()) {
            log.log(Level.WARNING, "the frame thread was interrupted (a system or submitted work left its"
                    + " interrupt flag set); the interrupt is cleared and the loop goes on");
        }
    }
}
