package dev.orrery.world;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Which thread is inside a run call on one world: the check that keeps a world's schedules on one
 * thread at a time. Obtained with {@link World#runConfinement()}: one object per world, for the life
 * of the world. Schedules call {@link #enter} when a run call ({@code run}, {@code runPhase},
 * {@code runPhases}) begins on the world and {@link #exit} when it ends; game code never calls them.
 *
 * <p><b>The rule.</b> While a thread is inside a run call on the world (any schedule's; nested calls
 * from its systems included), a run call on that world from another thread throws an
 * {@link IllegalStateException} naming both threads and what the first one runs, before it changes
 * anything. Nested calls on the same thread count: the world is free again when the outermost call
 * returns or throws. Handing a world from one thread to another between run calls is allowed (with
 * the usual happens-before hand-off, e.g. an executor or a queue): the check refuses only overlapping
 * calls, it does not pin the world to the first thread that ran it. A nested call of a schedule on a
 * world it is already running on (the same thread) is the schedule's own re-entrancy error (SCH-043),
 * not this one.
 *
 * <p><b>Threading:</b> {@link #enter} and {@link #exit} may be called from any thread (that is the
 * point); {@link #runningThread()} reads a volatile value.
 *
 * <p>Implementation notes. The outermost {@code enter} takes the world with one compare-and-set of
 * {@link #owner} (null to the current thread), which also tells a refused caller exactly which thread
 * holds it; nested calls on the owning thread only count {@link #depth}, a plain field that only the
 * owner touches. The description of the outermost call ({@link #schedule}, {@link #api}) is written
 * by the owner after it took the world, only when it changed (a frame loop runs the same schedule
 * every time, so the steady state stores no reference), and read by a refused thread for its message
 * only: a racy read there can at worst name the owner's previous call. Nothing is allocated on the
 * normal path; the cost is one compare-and-set and one release store per outermost call.
 *
 * @since 0.1
 */
public final class RunConfinement {
    private static final VarHandle OWNER;

    static {
        try {
            OWNER = MethodHandles.lookup().findVarHandle(RunConfinement.class, "owner", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The thread inside a run call on the world, or null; accessed through {@link #OWNER}. */
    private volatile Thread owner;
    /** Run calls of {@link #owner} on the world that have not returned; touched only by the owner. */
    private int depth;
    /** The owner's outermost call, for messages: the schedule's name and the API. */
    private String schedule;
    private String api;

    RunConfinement() {
    }

    /**
     * A run call on the world begins on the current thread.
     *
     * @param scheduleName the name of the schedule being run, for messages
     * @param api the run API called ({@code run}, {@code runPhase}, {@code runPhases}), for messages
     * @throws IllegalStateException if another thread is inside a run call on the world; the message
     *     names the schedule and API called, both threads and what the other thread runs, and says
     *     that a world is confined to one thread. Nothing is changed then.
     */
    public void enter(String scheduleName, String api) {
        Thread current = Thread.currentThread();
        if (owner == current) {
            depth++;
            return;
        }
        Thread holder = (Thread) OWNER.compareAndExchange(this, (Thread) null, current);
        if (holder != null) {
            throw refused(scheduleName, api, current, holder);
        }
        depth = 1;
        if (schedule != scheduleName) {
            schedule = scheduleName; // written only when it changes: the same schedule runs every frame
        }
        if (this.api != api) {
            this.api = api;
        }
    }

    /**
     * The run call that the last {@link #enter} of the current thread began has ended (returned or
     * thrown); the outermost one frees the world.
     *
     * @throws IllegalStateException if the current thread is not inside a run call on the world
     */
    public void exit() {
        if (owner != Thread.currentThread()) {
            throw new IllegalStateException("RunConfinement.exit: thread '" + Thread.currentThread().getName()
                    + "' is not inside a run call on this world");
        }
        if (--depth == 0) {
            OWNER.setRelease(this, (Thread) null);
        }
    }

    /** @return the thread inside a run call on the world now, or null when none is */
    public Thread runningThread() {
        return owner;
    }

    private IllegalStateException refused(String scheduleName, String calledApi, Thread current, Thread holder) {
        String running = schedule;
        String runningApi = api;
        String what = running == null || runningApi == null ? "a run call"
                : "schedule '" + running + "' (" + runningApi + ")";
        return new IllegalStateException("schedule '" + scheduleName + "': " + calledApi + ": called on thread '"
                + current.getName() + "' while thread '" + holder.getName() + "' runs " + what + " on this world;"
                + " a world is confined to one thread at a time: run its schedules on the thread that runs it (hand"
                + " the work to that thread), or on another world");
    }
}
