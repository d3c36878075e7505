package dev.orrery.host.internal.frame;

import dev.orrery.host.HostStatus;
import dev.orrery.host.ParkedFrame;
import dev.orrery.host.RunState;
import dev.orrery.host.StuckFrame;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Pause, resume and step: whether the simulation runs, the frame count, and the step requests of a
 * paused simulation ({@link Stepping}). Requests from other threads ({@link #pause}, {@link #resume},
 * {@link #step}) take effect at the next frame boundary, in the order they were made, through the frame
 * thread's {@link FrameTasks}; a step is refused while the simulation runs. The frame loop asks
 * {@link #idle()} before each frame and reports each frame with {@link #frameRan}.
 *
 * <p>Invariants: from {@link #started()} until {@link #stopped()}, {@code state} is
 * {@link RunState#RUNNING} or {@link RunState#PAUSED} as {@code paused} says once the frame thread has
 * finished the task or fault that changed them (the two writes are not atomic together); {@code frames}
 * only grows, by one per frame that ran or threw a contained fault. Once {@link #stopped()}, the state
 * stays STOPPED: a pause or resume request still queued when the loop ends (run by the loop's final
 * drain) changes nothing, and a step request still queued fails, so no caller waits forever.
 *
 * <p>A frame that has not returned for longer than the stuck limit makes the state
 * {@link RunState#STUCK} ({@link #stuck}, told by the watchdog) until it returns ({@link #returned});
 * STUCK overrides RUNNING and PAUSED, never STOPPED.
 *
 * <p>Implementation notes: {@code paused}, {@code state} and {@code frames} are volatile, written by the
 * frame thread only (and by the thread that starts the loop, before the frame thread starts:
 * {@link #started()}), read by any thread; {@code stuck} is volatile, written by the watchdog's checking
 * thread and the frame thread (under the watchdog's monitor, so in order). {@code stepping} and
 * {@code ended} are frame thread only.
 */
final class RunControl {
    private final FrameTasks tasks;
    private final Runnable changed;
    private final Stepping stepping = new Stepping(); // frame thread only
    private volatile boolean paused;
    private volatile RunState state = RunState.PAUSED;
    private volatile long frames;
    private volatile StuckFrame stuck;
    private boolean ended; // frame thread only: set by stopped(), before the final drain
    /** The dt of the one pending step frame a {@link #stepFixed} request asked for, or -1; frame thread only. */
    private double fixedDt = -1;

    /**
     * @param tasks the frame thread's queue, which requests go through
     * @param startPaused whether the simulation starts paused
     * @param changed told when the run state changes (on the thread that changed it)
     */
    RunControl(FrameTasks tasks, boolean startPaused, Runnable changed) {
        this.tasks = tasks;
        this.changed = changed;
        this.paused = startPaused;
    }

    /** Before the frame thread starts: the state says whether the simulation starts paused. */
    void started() {
        state(paused ? RunState.PAUSED : RunState.RUNNING);
    }

    /** Pauses the simulation at the next frame boundary. */
    void pause() {
        tasks.offer(() -> {
            if (ended) {
                return; // queued when the loop ended: the state stays STOPPED
            }
            paused = true;
            state(RunState.PAUSED);
        });
    }

    /**
     * Resumes the simulation at the next frame boundary; the pending step frames are forgotten, and the
     * waiting step requests complete as frames run.
     */
    void resume() {
        tasks.offer(() -> {
            if (ended) {
                return;
            }
            paused = false;
            stepping.clearPending();
            fixedDt = -1;
            state(RunState.RUNNING);
        });
    }

    /**
     * @param n frames to run, at least 1; requests add up as {@code long}s, so they never wrap
     * @return completes with the frame count after the last of them; fails with an
     *     {@link IllegalStateException} when the simulation runs at the boundary or the loop has ended;
     *     cancelling it drops its frames that have not run yet
     * @throws IllegalArgumentException if {@code n < 1}
     */
    CompletionStage<Long> step(long n) {
        if (n < 1) {
            throw new IllegalArgumentException("step: frames must be >= 1, got " + n);
        }
        CompletableFuture<Long> f = new CompletableFuture<>();
        if (!tasks.offer(() -> {
            if (ended) {
                f.completeExceptionally(new IllegalStateException("step: the Orrery host is stopped"));
                return;
            }
            if (!paused) {
                f.completeExceptionally(new IllegalStateException("step: the simulation is running; pause it first"));
                return;
            }
            if (f.isDone()) {
                return; // cancelled before it was taken up
            }
            stepping.request(n, f, frames);
        })) {
            f.completeExceptionally(new IllegalStateException("step: the Orrery host is stopped"));
        }
        f.whenComplete((frame, failure) -> {
            if (f.isCancelled()) {
                tasks.offer(() -> stepping.drop(f, frames));
            }
        });
        return f;
    }

    /**
     * One step frame of the given dt (see {@code GameHost.stepFixed}); refused while other step frames
     * are pending, so the dt belongs to exactly this frame.
     *
     * @param dt the frame's dt, seconds
     * @return as {@link #step}; fails with an {@link IllegalStateException} also when step frames are pending
     */
    CompletionStage<Long> stepFixed(double dt) {
        CompletableFuture<Long> f = new CompletableFuture<>();
        if (!tasks.offer(() -> {
            if (ended) {
                f.completeExceptionally(new IllegalStateException("stepFixed: the Orrery host is stopped"));
            } else if (!paused) {
                f.completeExceptionally(new IllegalStateException("stepFixed: the simulation is running; pause it first"));
            } else if (stepping.hasPending()) {
                f.completeExceptionally(new IllegalStateException("stepFixed: step frames are pending; wait for them first"));
            } else if (!f.isDone()) {
                fixedDt = dt;
                stepping.request(1, f, frames);
            }
        })) {
            f.completeExceptionally(new IllegalStateException("stepFixed: the Orrery host is stopped"));
        }
        f.whenComplete((frame, failure) -> {
            if (f.isCancelled()) {
                tasks.offer(() -> {
                    stepping.drop(f, frames);
                    if (!stepping.hasPending()) {
                        fixedDt = -1;
                    }
                });
            }
        });
        return f;
    }

    /**
     * Frame thread: the dt of the frame about to run.
     *
     * @param paced the dt of the frame mode
     * @return the dt a {@link #stepFixed} request asked for, once, or {@code paced}
     */
    double frameDt(double paced) {
        double dt = fixedDt;
        if (dt < 0) {
            return paced;
        }
        fixedDt = -1;
        return dt;
    }

    /** @return whether no frame is to run now: paused with no step pending. Frame thread only. */
    boolean idle() {
        return paused && !stepping.hasPending();
    }

    /**
     * Frame thread: a frame ran (or threw and was contained); the step requests it finished complete.
     *
     * @param frameNo its number, {@link #frames()} + 1
     */
    void frameRan(long frameNo) {
        frames = frameNo;
        stepping.frameRan(frames);
    }

    /** Frame thread: a frame fault pauses the simulation (see {@link #failSteps}). */
    void pauseForFault() {
        paused = true;
        state(RunState.PAUSED);
    }

    /**
     * Frame thread: every waiting step request fails, the pending frames are forgotten.
     *
     * @param failure what they complete with
     */
    void failSteps(Throwable failure) {
        stepping.failAll(failure);
        fixedDt = -1;
    }

    /** Frame thread: the loop has ended (stopped or died); the state stays STOPPED. */
    void stopped() {
        ended = true;
        state(RunState.STOPPED);
    }

    /** Sets the state; a new one is a change. */
    private void state(RunState next) {
        if (state != next) {
            state = next;
            changed.run();
        }
    }

    /** @return the frames run so far; any thread */
    long frames() {
        return frames;
    }

    /**
     * A frame has not returned for longer than the stuck limit.
     *
     * @param frame what runs in it
     */
    void stuck(StuckFrame frame) {
        stuck = frame;
        changed.run();
    }

    /**
     * The stuck frame returned.
     *
     * @param frame the frame as it was marked
     */
    void returned(StuckFrame frame) {
        stuck = null;
        changed.run();
    }

    /**
     * Fills in a status's state and stuck frame, each read once, so that they agree.
     *
     * @param status the status being made
     * @return the same builder
     */
    HostStatus.Builder describe(HostStatus.Builder status) {
        return describe(status, null);
    }

    /**
     * As {@link #describe(HostStatus.Builder)}, and a parked frame makes the state
     * {@link RunState#PARKED} (unless stuck or stopped).
     *
     * @param status the status being made
     * @param parked the parked frame running now, or null
     * @return the same builder
     */
    HostStatus.Builder describe(HostStatus.Builder status, ParkedFrame parked) {
        RunState s = state;
        StuckFrame f = stuck;
        if (s != RunState.STOPPED && f != null) {
            return status.state(RunState.STUCK).stuck(f);
        }
        if (s != RunState.STOPPED && parked != null) {
            return status.state(RunState.PARKED).parked(parked);
        }
        return status.state(s);
    }

    /** @return running, paused, stuck or stopped; any thread */
    RunState state() {
        RunState s = state;
        return s != RunState.STOPPED && stuck != null ? RunState.STUCK : s;
    }
}
