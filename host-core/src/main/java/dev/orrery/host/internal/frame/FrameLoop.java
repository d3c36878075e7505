package dev.orrery.host.internal.frame;

import dev.orrery.host.FrameMode;
import dev.orrery.host.HostSettings;
import dev.orrery.host.HostStatus;
import dev.orrery.host.ObserverStatus;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.host.RunState;
import dev.orrery.host.Schedules;
import dev.orrery.host.StuckFrame;
import dev.orrery.host.SystemFault;
import dev.orrery.host.core.UnloadedCode;
import dev.orrery.host.internal.plugins.Containment;
import dev.orrery.host.internal.plugins.HooksEntry;
import dev.orrery.host.internal.plugins.ObserverProbe;
import dev.orrery.host.internal.plugins.ObserverSlot;
import dev.orrery.host.internal.plugins.ObserverSlots;
import dev.orrery.host.internal.plugins.Observers;
import dev.orrery.host.internal.rebuild.RebuildRecords;
import dev.orrery.host.internal.rebuild.RebuildTarget;
import dev.orrery.host.internal.rebuild.Swap;
import dev.orrery.schedule.FixedClock;
import dev.orrery.schedule.FixedPhases;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.WaitCancelledException;
import dev.orrery.world.World;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The frame loop: one thread that owns the world, runs the main schedule once per frame, and at every
 * frame boundary runs submitted work, installs rebuilt schedules and suspends departed plugins.
 *
 * <p>This class holds the thread and the loop, and wires the parts, one concern each:
 * <ul>
 *   <li>{@link FrameTasks}: work handed to the frame thread; {@link FrameTaskRunner}: how the frame
 *       thread runs it (failures and interrupts contained); {@link BoundaryHandoff}: submitted work, and
 *       boundary tasks a departure waits for with a timeout;</li>
 *   <li>{@link FramePacer}: dt and pacing, with an injectable clock; {@link FrameWatchdog}: long frames;</li>
 *   <li>{@link RunControl}: pause, resume, step and the frame count (the step requests of a paused
 *       simulation in {@link Stepping});</li>
 *   <li>{@link InstalledSchedules}: schedules in force, departure suspensions, state carry;
 *       {@link ScheduleChanges}: swaps and departures put in force at a boundary;
 *       {@link SystemDisposer}: the dispose half of the system lifecycle;</li>
 *   <li>{@link FrameFaults}: frame faults, dispose faults and the frame thread's death (the culprit
 *       named by {@link FaultAttribution});</li>
 *   <li>{@link WorldPurger}: unloaded code; {@link Observers}: observer fuses; {@link ObserverSlots}:
 *       the observers each schedule's observed variant calls, swapped at frame boundaries without a
 *       rebuild ({@link #observersChanged}); {@link RebuildRecords}: plugin statuses and rebuild
 *       history.</li>
 * </ul>
 *
 * <p>A frame runs when a main schedule is installed and the simulation is running (or a step is
 * pending). Departures never hold frames: {@link #suspend} takes effect at the next boundary. A
 * {@link Throwable} from a frame pauses the simulation and is recorded as a {@link SystemFault} with its
 * culprit, except a {@link VirtualMachineError} other than {@link StackOverflowError}: that ends the
 * frame thread, which is logged once with the cause and leaves {@link #status()} STOPPED with the fault
 * (kind {@code FRAME_THREAD}); then {@code onEnded} is told.
 *
 * <p>System lifecycle (Orrery's own, see {@link Schedule}): init functions run inside frames (a
 * throwing one is a frame fault, stage {@code init}); dispose functions run on this thread at frame
 * boundaries ({@link SystemDisposer}): after a swap or a departure's suspension, before any purge, and
 * for every initialised system when the loop stops, not when the frame thread dies.
 *
 * <p>At a boundary the queued work runs in the order it was queued (swaps, departures, pause, resume,
 * step requests, submitted work, purges); then a frame runs if one is due, else the loop waits for work
 * (and paced frames for their time), running each task as it comes. When the loop
 * ends: every initialised system is disposed (not after the thread died), the run state is STOPPED, the
 * queue is closed, waiting step requests fail, and the work still queued runs so its futures complete.
 *
 * <p>Implementation notes: {@code config} is written by any thread ({@link #configure}) and read by the
 * frame thread once per frame; {@code stopRequested} is written by any thread ({@link #stop}) and by the
 * frame thread (frame budget); {@code thread} and {@code watchdogExecutor} are written once by the thread
 * that calls {@link #start()}, before the frame thread starts. Each part says which thread owns its
 * fields. An interrupt of the frame thread (a system that restored an interrupt flag) is cleared and
 * logged, never fatal: only {@link #stop} ends the loop.
 */
public final class FrameLoop implements Runnable, RebuildTarget {
    private static final long IDLE_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    /** How often a stop that waits for the frame looks whether it got stuck meanwhile. */
    private static final long STUCK_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private final Logger log;
    private final World world = new World(); // frame thread only, after start
    private final RunProbe probe;
    private final ObserverProbe observerProbe = new ObserverProbe();
    private final DepartureInterrupts interrupts = new DepartureInterrupts();
    private final FrameTasks tasks = new FrameTasks();
    private final FrameTaskRunner runner;
    private final BoundaryHandoff handoff;
    private final FramePacer pacer;
    private final FrameWatchdog watchdog;
    private final RunControl run;
    private final InstalledSchedules installed;
    private final ScheduleChanges changes;
    private final SystemDisposer disposer;
    private final FrameFaults faults;
    private final WorldPurger purger;
    private final Observers observers;
    private final ObserverSlots slots;
    /** Main schedule runs since the start, for sampling its observers; frame thread only. */
    private long mainRuns;
    private final RebuildRecords records = new RebuildRecords();
    private final Ended onEnded;
    private final CountDownLatch ended = new CountDownLatch(1);
    private Thread thread; // written by start(), before the frame thread starts
    private ScheduledExecutorService watchdogExecutor; // written by start(), before the frame thread starts

    private volatile HostSettings config;
    private volatile boolean stopRequested;
    /** Told of every frame's dt on the frame thread after the frame ({@link #afterEachFrame}). */
    private volatile java.util.function.DoubleConsumer afterFrame = dt -> { };

    /** What the loop tells its owner when it ends by itself. */
    public interface Ended {
        /** The fixed-mode frame budget is used up; called on the frame thread. */
        void budgetDone();

        /**
         * The frame thread died; called on it, after the fault is logged and recorded.
         *
         * @param fault the fault, of kind {@code FRAME_THREAD}
         */
        void died(SystemFault fault);

        /**
         * @param onBudgetDone called when the frame budget is used up
         * @return an owner told only of the budget (a death is logged and recorded, nothing more)
         */
        static Ended onBudgetDone(Runnable onBudgetDone) {
            return new Ended() {
                @Override
                public void budgetDone() {
                    onBudgetDone.run();
                }

                @Override
                public void died(SystemFault fault) {
                }
            };
        }
    }

    /**
     * @param config timing and budget
     * @param probe where every schedule the host builds publishes the system it is at
     * @param log where faults and rebuilds are logged
     * @param onBudgetDone called on the frame thread after the fixed-mode frame budget is used up
     */
    public FrameLoop(HostSettings config, RunProbe probe, Logger log, Runnable onBudgetDone) {
        this(config, probe, log, Ended.onBudgetDone(onBudgetDone), java.lang.System::nanoTime, () -> { });
    }

    /**
     * @param config timing and budget
     * @param probe where every schedule the host builds publishes the system it is at
     * @param log where faults and rebuilds are logged
     * @param onEnded told when the loop ends by itself
     * @param nanoTime the clock for dt, pacing and the watchdog, nanoseconds
     * @param changed told of every change of what the loop reports (run state, last fault, schedules in
     *     force, plugin statuses, rebuilds, observers; not of the frame count alone), on the thread that
     *     made it; must not block
     */
    public FrameLoop(HostSettings config, RunProbe probe, Logger log, Ended onEnded, LongSupplier nanoTime,
                     Runnable changed) {
        this.config = config;
        this.probe = probe;
        this.log = log;
        this.onEnded = onEnded;
        this.pacer = new FramePacer(nanoTime);
        Rehydration rehydration = new Rehydration(log);
        this.purger = new WorldPurger(log, tasks, FrameLoop.class.getClassLoader(), rehydration);
        this.observers = new Observers(log, changed, observerProbe);
        this.slots = new ObserverSlots(observers);
        this.installed = new InstalledSchedules(config.mainSchedule(), name -> slots.slot(name).active());
        this.run = new RunControl(tasks, config.startPaused(), changed);
        this.watchdog = new FrameWatchdog(log, nanoTime, probe, observerProbe, config.frameWarnLimit().toMillis(),
                config.stuckLimit().toMillis(), new FrameWatchdog.Stuck() {
                    @Override
                    public void stuck(StuckFrame frame) {
                        run.stuck(frame);
                    }

                    @Override
                    public void returned(StuckFrame frame) {
                        run.returned(frame);
                    }
                });
        this.faults = new FrameFaults(world, probe, log, run, installed, onEnded, changed, interrupts);
        this.disposer = new SystemDisposer(world, installed, faults);
        this.changes = new ScheduleChanges(world, installed, disposer, records, purger, rehydration, log, changed);
        this.handoff = new BoundaryHandoff(tasks, world, probe, observerProbe, log, this::isFrameThread, interrupts,
                () -> thread, watchdog::stuck, this::frameThreadExiting);
        this.runner = new FrameTaskRunner(tasks, log, () -> stopRequested, interrupts);
    }

    /** Starts the frame thread and its watchdog. */
    public void start() {
        run.started();
        thread = new Thread(this, "orrery-frame");
        thread.setDaemon(false);
        thread.setContextClassLoader(FrameLoop.class.getClassLoader());
        watchdogExecutor = watchdog.checkPeriodically();
        thread.start();
    }

    /**
     * Asks the loop to stop at the next frame boundary and waits for it, except when the frame cannot
     * end: the host is {@link RunState#STUCK}, or the frame thread is inside {@code System.exit} (a system
     * called it; the JVM's shutdown waits for the host, which would wait for the frame: one WARNING line
     * names the system). A wait that times out marks the running frame stuck, so the status names it.
     *
     * @param timeoutMillis how long to wait; 0 or less: not at all (the stop is only asked for)
     * @return whether the loop ended in time
     */
    public boolean stop(long timeoutMillis) {
        stopRequested = true;
        tasks.wake();
        probe.cancelWait("the host stops"); // a parked update ends its frame now
        Thread t = thread;
        if (t == null || Thread.currentThread() == t) {
            return true;
        }
        if (ended.getCount() == 0) {
            return true;
        }
        if (timeoutMillis <= 0) {
            return false; // asked only: the loop stops at its next boundary
        }
        if (inSystemExit(t)) {
            log.log(Level.WARNING, "the frame thread is inside System.exit ("
                    + Activity.now(probe, observerProbe).describe() + "): the host stops without waiting for that frame");
            watchdog.markStuckNow("its thread is inside System.exit");
            return false;
        }
        try {
            long deadline = java.lang.System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
            while (run.state() != RunState.STUCK) {
                probe.cancelWait("the host stops"); // again at each look: a system may park after the one before
                long left = deadline - java.lang.System.nanoTime();
                if (left <= 0) {
                    watchdog.markStuckNow("the host stops without waiting for it after " + timeoutMillis + " ms");
                    return false;
                }
                if (ended.await(Math.min(left, STUCK_POLL_NANOS), TimeUnit.NANOSECONDS)) {
                    return true;
                }
            }
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * @return whether the frame thread waits inside {@code System.exit} (its frame will never end); if so,
     *     the frame is marked stuck, so the status says so
     */
    private boolean frameThreadExiting() {
        Thread t = thread;
        if (t == null || !inSystemExit(t)) {
            return false;
        }
        watchdog.markStuckNow("its thread is inside System.exit");
        return true;
    }

    /** @return whether the thread waits inside {@code System.exit} (for the JVM's shutdown hooks) */
    private static boolean inSystemExit(Thread t) {
        for (StackTraceElement e : t.getStackTrace()) {
            if (e.getClassName().equals("java.lang.Shutdown") && e.getMethodName().equals("exit")) {
                return true;
            }
        }
        return false;
    }

    /** @return whether the caller is the frame thread */
    public boolean isFrameThread() {
        return Thread.currentThread() == thread;
    }

    /** @param newConfig timing to use from the next frame on (mode, rate, maxDt, fixedDt, frameWarnMillis, stuckMillis) */
    public void configure(HostSettings newConfig) {
        this.config = newConfig;
        watchdog.limit(newConfig.frameWarnLimit().toMillis());
        watchdog.stuckLimit(newConfig.stuckLimit().toMillis());
    }

    /**
     * @param code makes the test for code that is gone, once per purge (e.g. bundles uninstalled or
     *     updated away); without it nothing is ever purged
     */
    public void purgeWith(Supplier<? extends UnloadedCode> code) {
        purger.purgeWith(code);
    }

    /**
     * @param listener told on the frame thread after every frame, with its dt (seconds), before the frame
     *     counts as run (a step request completes); must not block. Work it submits runs at the boundary
     *     right after that frame. A throw is logged and contained.
     */
    public void afterEachFrame(java.util.function.DoubleConsumer listener) {
        this.afterFrame = java.util.Objects.requireNonNull(listener, "afterEachFrame: listener");
    }

    /** Asks for a purge of unloaded code at the next frame boundary (also while paused); requests coalesce. */
    public void requestPurge() {
        purger.request(world);
    }

    /** @return the probe every schedule the host builds publishes to */
    @Override
    public RunProbe probe() {
        return probe;
    }

    // ---------------------------------------------------------------- RebuildTarget

    @Override
    public void swap(Swap swap) {
        tasks.offer(() -> {
            slots.refresh(); // the slots of schedules new in this swap get their observers first
            changes.install(swap);
        });
    }

    @Override
    public ScheduleHooks observerSlot(String schedule) {
        return slots.slot(schedule);
    }

    /**
     * Observers fixed into one schedule at its build, each behind its fuse (for a schedule built outside
     * the rebuilds, such as a test's); the host's own schedules use {@link #observerSlot} instead.
     *
     * @param schedule the schedule's name
     * @param mainSchedule whether it is the main schedule: then the hooks are sampled, otherwise called
     *     on every run call
     * @param hooks the hooks services that observe it, in service id order (possibly none)
     * @return the hooks to build in, or null for none
     */
    public ScheduleHooks observe(String schedule, boolean mainSchedule, List<HooksEntry> hooks) {
        return observers.hooks(hooks, mainSchedule);
    }

    /**
     * The tracked observer services changed: from the next frame boundary on, every schedule's observer
     * slot holds the ones that observe it. No schedule is built; nothing is logged.
     *
     * @param tracked every tracked observer service, in service id order
     */
    public void observersChanged(List<HooksEntry> tracked) {
        List<HooksEntry> copy = List.copyOf(tracked);
        tasks.offer(() -> {
            slots.update(copy);
            changes.observersChanged();
        });
    }

    // ---------------------------------------------------------------- departures

    /**
     * A plugin service left: from the next frame boundary on, its systems no longer run (the schedules
     * run on without them until rebuilds without the plugin are swapped in; see
     * {@link InstalledSchedules}). Waits for that boundary, at most {@code timeoutMillis} (not at all on
     * the frame thread), so that no system of the plugin starts after this returns.
     *
     * @param plugin the plugin data the schedules were built from (identity)
     * @param pluginName its name
     * @param generation the service-event generation of the departure
     * @param timeoutMillis how long to wait for the boundary
     */
    public void suspend(Plugin plugin, String pluginName, long generation, long timeoutMillis) {
        handoff.awaitDeparture(() -> changes.suspend(plugin, pluginName, generation), timeoutMillis, pluginName);
    }

    /**
     * An observer service left: it is not called from the next frame boundary on. Waits for that
     * boundary like {@link #suspend}.
     *
     * @param serviceId its service id
     * @param timeoutMillis how long to wait for the boundary
     */
    public void retireObserver(long serviceId, long timeoutMillis) {
        handoff.await(() -> observers.retire(serviceId), timeoutMillis, "observer service " + serviceId + " left");
    }

    // ---------------------------------------------------------------- work from other threads

    /**
     * @param work runs on the frame thread at the next boundary
     * @param <T> result type
     * @return its result
     */
    public <T> CompletionStage<T> submit(Function<World, T> work) {
        return handoff.submit(work);
    }

    /**
     * Read-only work: at once on the calling thread while the world update is parked (the frame thread
     * waits meanwhile, see {@link ParkedReads}), else as {@link #submit} at the next frame boundary.
     *
     * @param work read-only work on the world
     * @param parked the gate the host's probe tells of its parks
     * @param <T> result type
     * @return its result
     */
    public <T> CompletionStage<T> read(Function<World, T> work, ParkedReads parked) {
        CompletionStage<T> now = parked.tryRead(world, work);
        return now != null ? now : handoff.submit(work);
    }

    /** Pauses the simulation at the next frame boundary ({@link RunControl#pause}). */
    public void pause() {
        run.pause();
    }

    /** Resumes the simulation at the next frame boundary ({@link RunControl#resume}). */
    public void resume() {
        run.resume();
    }

    /**
     * @param n frames to run, at least 1; requests add up as {@code long}s, so they never wrap
     * @return completes with the frame count after the last of them ({@link RunControl#step})
     * @throws IllegalArgumentException if {@code n < 1}
     */
    public CompletionStage<Long> step(long n) {
        return run.step(n);
    }

    /**
     * @param steps fixed steps of the default clock the frame covers, from 1 to its maxStepsPerFrame
     * @return completes with the frame count after the frame ({@link RunControl#stepFixed})
     * @throws IllegalArgumentException if {@code steps} is out of range
     */
    public CompletionStage<Long> stepFixed(int steps) {
        FixedClock clock = FixedPhases.DEFAULT_CLOCK;
        if (steps < 1 || steps > clock.maxStepsPerFrame()) {
            throw new IllegalArgumentException("stepFixed: steps must be from 1 to " + clock.maxStepsPerFrame()
                    + " (maxStepsPerFrame of " + clock.name() + "), got " + steps);
        }
        return run.stepFixed(HostSettings.fixedStepsDt(steps));
    }

    public HostStatus status() {
        return run.describe(HostStatus.builder(), watchdog.parked()).mode(config.mode()).frames(run.frames()).lastFault(faults.last()).build();
    }

    public Schedules schedules() {
        return installed.published();
    }

    public List<PluginStatus> plugins() {
        return records.plugins();
    }

    public List<RebuildInfo> rebuilds() {
        return records.history();
    }

    public List<ObserverStatus> observers() {
        return observers.statuses();
    }

    // ---------------------------------------------------------------- the loop

    @Override
    public void run() {
        try {
            loop();
            disposer.disposeAll("the host stopped");
        } catch (Throwable t) {
            faults.died(t);
        } finally {
            run.stopped();
            watchdog.frameEnded();
            if (watchdogExecutor != null) {
                watchdogExecutor.shutdownNow();
            }
            finishPending();
            ended.countDown();
        }
    }

    private void loop() {
        pacer.restart();
        while (!stopRequested) {
            runner.clearInterrupt(); // left by the last frame or task: cleared before the next one, every time
            runner.runAll();
            if (stopRequested) {
                break;
            }
            if (run.idle() || installed.main() == null) {
                runner.runNext(IDLE_POLL_NANOS);
                pacer.restart();
                continue;
            }
            HostSettings cfg = config;
            runFrame(run.frameDt(pacer.beginFrame(cfg)));
            if (cfg.mode() == FrameMode.FIXED && cfg.frames() > 0 && run.frames() >= cfg.frames()) {
                log.log(Level.INFO, "frame budget of " + cfg.frames() + " frames used up; frame loop ends");
                stopRequested = true;
                onEnded.budgetDone();
                break;
            }
            long deadline = pacer.nextDeadline(cfg);
            if (deadline != Long.MIN_VALUE) {
                waitUntil(deadline);
            }
        }
    }

    private void waitUntil(long deadline) {
        while (!stopRequested) {
            long left = deadline - pacer.now();
            if (left <= 0) {
                return;
            }
            runner.runNext(left);
        }
    }

    private void runFrame(double dt) {
        Schedule main = installed.main();
        Schedule observed = installed.mainObserved();
        if (observed != null) {
            // the observed variant on the frames its observers sample, the plain one (generated code) otherwise
            ObserverSlot slot = slots.slot(installed.mainName());
            if (slot.active() && mainRuns++ % slot.period() == 0) {
                main = observed;
            }
        }
        if (!world.has(Schedules.TRAIT)) {
            world.set(Schedules.TRAIT, installed.published());
        }
        long frameNo = run.frames() + 1;
        watchdog.frameStarted(frameNo);
        try {
            main.run(world, dt);
        } catch (Throwable t) {
            if (Containment.isFatal(t)) {
                watchdog.frameEnded();
                throw t; // to FrameFaults.died, with the frame count as it was in this frame
            }
            if (t instanceof WaitCancelledException && stopRequested) {
                log.log(Level.INFO, "frame " + frameNo + " ended: its parked wait was cancelled because the host stops");
            } else {
                faults.frameFailed(main, t, frameNo);
            }
        }
        watchdog.frameEnded();
        try {
            afterFrame.accept(dt); // before the frame counts as run: work it submits is queued before a step completes
        } catch (RuntimeException e) {
            log.log(Level.WARNING, "after frame " + frameNo + ": " + e);
        }
        run.frameRan(frameNo);
    }

    private void finishPending() {
        List<Runnable> left = tasks.close();
        run.failSteps(new IllegalStateException("the Orrery host stopped"));
        // Work submitted but not run: run it so futures complete (the loop stopped at a frame boundary,
        // or died between frames).
        runner.runLeft(left);
    }
}
