package dev.orrery.host.internal;

import dev.orrery.host.FrameMode;
import dev.orrery.host.HostStatus;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.host.RunState;
import dev.orrery.host.Schedules;
import dev.orrery.host.SystemFault;
import dev.orrery.host.SystemFaultException;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.PurgeReport;
import dev.orrery.world.Unloading;
import dev.orrery.world.World;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The frame loop: one thread that owns the world, runs the main schedule once per frame, and at
 * every frame boundary runs submitted work and swaps in rebuilt schedules.
 *
 * <p>Real-time mode aims at {@code rate} frames per second with dt measured by
 * {@code System.nanoTime()} and clamped to {@code maxDt}; fixed mode gives every frame
 * {@code fixedDt}, unpaced when {@code rate} is 0, and ends after {@code frames} frames when that is
 * positive. A frame runs only when a main schedule is installed and no departing plugin is still in
 * it (see {@link #holdFor(long)}). A {@link Throwable} from the run call (other than a
 * {@link VirtualMachineError}) pauses the simulation and is recorded as a {@link SystemFault}.
 *
 * <p>Unloaded code: at a frame boundary after a swap in which plugins left or were replaced, and when
 * asked ({@link #requestPurge()}, on bundle events), the loop purges the world of what belongs to code
 * that is gone ({@code World.purge}, with the test from {@link #purgeWith}) and resets its thread's
 * context class loader if a plugin left it pointing at such code; one log line per purge that dropped
 * something.
 */
final class FrameLoop implements Runnable, RebuildTarget {
    private static final int HISTORY = 100;
    private static final long IDLE_POLL_MILLIS = 200;

    private final Logger log;
    private final World world = new World();
    private final SystemTracker tracker;
    private final BlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
    private final Runnable onBudgetDone;
    private final CountDownLatch ended = new CountDownLatch(1);
    private Thread thread;

    private volatile HostConfig config;
    private volatile boolean stopRequested;
    private boolean closed; // guarded by tasks
    private volatile boolean paused;
    private volatile RunState state = RunState.PAUSED;
    private volatile long frames;
    private volatile SystemFault lastFault;
    private volatile long requiredGeneration;
    private volatile Schedules published = Schedules.EMPTY;
    private volatile List<PluginStatus> pluginStatuses = List.of();
    private volatile List<RebuildInfo> history = List.of();
    private volatile Supplier<? extends UnloadedCode> unloadedCode = () -> UnloadedCode.NONE;
    private boolean purgePending; // guarded by tasks

    // Frame thread only.
    private final Map<String, Schedule> current = new HashMap<>();
    private String mainName;
    private long installedGeneration;
    private int pendingSteps;
    private final ArrayDeque<StepWaiter> stepWaiters = new ArrayDeque<>();

    private record StepWaiter(long targetFrame, CompletableFuture<Long> future) {
    }

    /**
     * @param config timing and budget
     * @param tracker the tracker built into every schedule
     * @param log where faults and rebuilds are logged
     * @param onBudgetDone called on the frame thread after the fixed-mode frame budget is used up
     */
    FrameLoop(HostConfig config, SystemTracker tracker, Logger log, Runnable onBudgetDone) {
        this.config = config;
        this.tracker = tracker;
        this.log = log;
        this.onBudgetDone = onBudgetDone;
        this.mainName = config.mainSchedule();
        this.paused = config.startPaused();
    }

    /** Starts the frame thread. */
    void start() {
        state = paused ? RunState.PAUSED : RunState.RUNNING;
        thread = new Thread(this, "orrery-frame");
        thread.setDaemon(false);
        thread.setContextClassLoader(FrameLoop.class.getClassLoader());
        thread.start();
    }

    /**
     * Asks the loop to stop at the next frame boundary and waits for it.
     *
     * @param timeoutMillis how long to wait
     * @return whether the loop ended in time
     */
    boolean stop(long timeoutMillis) {
        stopRequested = true;
        tasks.offer(() -> { });
        if (thread == null || Thread.currentThread() == thread) {
            return true;
        }
        try {
            return ended.await(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** @return whether the caller is the frame thread */
    boolean isFrameThread() {
        return Thread.currentThread() == thread;
    }

    /** @param newConfig timing to use from the next frame on (mode, rate, maxDt, fixedDt) */
    void configure(HostConfig newConfig) {
        this.config = newConfig;
    }

    /**
     * @param code makes the test for code that is gone, once per purge (e.g. bundles uninstalled or
     *     updated away); without it nothing is ever purged
     */
    void purgeWith(Supplier<? extends UnloadedCode> code) {
        this.unloadedCode = code;
    }

    /**
     * Asks for a purge of unloaded code at the next frame boundary (also while paused); several
     * requests before it runs give one purge.
     */
    void requestPurge() {
        synchronized (tasks) {
            if (closed || purgePending) {
                return;
            }
            purgePending = true;
            tasks.offer(() -> {
                synchronized (tasks) {
                    purgePending = false;
                }
                purge("bundle event");
            });
        }
    }

    /** @return the tracker built into every schedule */
    SystemTracker tracker() {
        return tracker;
    }

    // ---------------------------------------------------------------- work from other threads

    /**
     * @param work runs on the frame thread at the next boundary
     * @param <T> result type
     * @return its result
     */
    <T> CompletionStage<T> submit(Function<World, T> work) {
        CompletableFuture<T> f = new CompletableFuture<>();
        if (!enqueue(() -> {
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

    private boolean enqueue(Runnable task) {
        synchronized (tasks) {
            if (closed) {
                return false;
            }
            tasks.offer(task);
            return true;
        }
    }

    /**
     * Holds frames until a swap of at least {@code generation} is installed, and waits (at most
     * {@code timeoutMillis}, not at all on the frame thread) until the frame running now has ended, so
     * that no system of a departing plugin runs after this returns.
     *
     * @param generation the event generation of the departure
     * @param timeoutMillis how long to wait for the frame boundary
     */
    void holdFor(long generation, long timeoutMillis) {
        synchronized (this) {
            if (generation > requiredGeneration) {
                requiredGeneration = generation;
            }
        }
        if (isFrameThread() || state == RunState.STOPPED) {
            return;
        }
        CountDownLatch boundary = new CountDownLatch(1);
        if (enqueue(boundary::countDown)) {
            try {
                if (!boundary.await(timeoutMillis, TimeUnit.MILLISECONDS)) {
                    log.log(Level.WARNING, "a plugin left while a frame took more than " + timeoutMillis
                            + " ms; its systems may still be running");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** @param swap rebuilt schedules to install at the next frame boundary */
    @Override
    public void swap(Swap swap) {
        enqueue(() -> install(swap));
    }

    @Override
    public dev.orrery.schedule.ScheduleHooks observe(String schedule, List<HooksEntry> hooks) {
        return tracker.around(hooks.stream().map(HooksEntry::hooks).toList());
    }

    void pause() {
        enqueue(() -> {
            paused = true;
            state = RunState.PAUSED;
        });
    }

    void resume() {
        enqueue(() -> {
            paused = false;
            pendingSteps = 0;
            state = RunState.RUNNING;
        });
    }

    CompletionStage<Long> step(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("step: frames must be >= 1, got " + n);
        }
        CompletableFuture<Long> f = new CompletableFuture<>();
        if (!enqueue(() -> {
            if (!paused) {
                f.completeExceptionally(new IllegalStateException("step: the simulation is running; pause it first"));
                return;
            }
            if (f.isDone()) {
                return; // cancelled before it was taken up
            }
            pendingSteps += n;
            stepWaiters.add(new StepWaiter(frames + pendingSteps, f));
        })) {
            f.completeExceptionally(new IllegalStateException("step: the Orrery host is stopped"));
        }
        f.whenComplete((frame, failure) -> {
            if (f.isCancelled()) {
                enqueue(() -> dropSteps(f));
            }
        });
        return f;
    }

    /**
     * On the frame thread: a step request was cancelled; the frames it asked for that have not run yet
     * are dropped (later step requests keep theirs).
     */
    private void dropSteps(CompletableFuture<Long> cancelled) {
        long previousTarget = frames;
        StepWaiter found = null;
        for (StepWaiter w : stepWaiters) {
            if (w.future() == cancelled) {
                found = w;
                break;
            }
            previousTarget = Math.max(previousTarget, w.targetFrame());
        }
        if (found == null) {
            return;
        }
        long dropped = Math.max(0, found.targetFrame() - Math.max(previousTarget, frames));
        boolean after = false;
        List<StepWaiter> kept = new ArrayList<>();
        for (StepWaiter w : stepWaiters) {
            if (w == found) {
                after = true;
            } else {
                kept.add(after ? new StepWaiter(w.targetFrame() - dropped, w.future()) : w);
            }
        }
        stepWaiters.clear();
        stepWaiters.addAll(kept);
        pendingSteps = (int) Math.max(0, pendingSteps - dropped);
    }

    HostStatus status() {
        return new HostStatus(state, config.mode(), frames, lastFault);
    }

    Schedules schedules() {
        return published;
    }

    List<PluginStatus> plugins() {
        return pluginStatuses;
    }

    List<RebuildInfo> rebuilds() {
        return history;
    }

    // ---------------------------------------------------------------- the loop

    @Override
    public void run() {
        long last = java.lang.System.nanoTime();
        long deadline = last;
        try {
            while (!stopRequested) {
                drainTasks();
                if (stopRequested) {
                    break;
                }
                if ((paused && pendingSteps == 0) || !canRunFrame()) {
                    runTask(tasks.poll(IDLE_POLL_MILLIS, TimeUnit.MILLISECONDS));
                    last = java.lang.System.nanoTime();
                    deadline = last;
                    continue;
                }
                HostConfig cfg = config;
                long now = java.lang.System.nanoTime();
                double dt = cfg.mode() == FrameMode.FIXED ? cfg.fixedDt() : Math.min((now - last) / 1e9, cfg.maxDt());
                last = now;
                runFrame(dt);
                if (cfg.mode() == FrameMode.FIXED && cfg.frames() > 0 && frames >= cfg.frames()) {
                    log.log(Level.INFO, "frame budget of " + cfg.frames() + " frames used up; frame loop ends");
                    stopRequested = true;
                    onBudgetDone.run();
                    break;
                }
                if (cfg.rate() > 0) {
                    long period = (long) (1e9 / cfg.rate());
                    deadline += period;
                    long after = java.lang.System.nanoTime();
                    if (deadline < after - period) {
                        deadline = after;
                    }
                    waitUntil(deadline);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            state = RunState.STOPPED;
            finishPending();
            ended.countDown();
        }
    }

    private boolean canRunFrame() {
        return current.get(mainName) != null && installedGeneration >= requiredGeneration;
    }

    private void waitUntil(long deadline) throws InterruptedException {
        while (!stopRequested) {
            long left = deadline - java.lang.System.nanoTime();
            if (left <= 0) {
                return;
            }
            runTask(tasks.poll(left, TimeUnit.NANOSECONDS));
        }
    }

    private void drainTasks() {
        Runnable t;
        while ((t = tasks.poll()) != null) {
            runTask(t);
        }
    }

    private void runTask(Runnable t) {
        if (t == null) {
            return;
        }
        try {
            t.run();
        } catch (RuntimeException e) {
            log.log(Level.ERROR, "work on the frame thread failed", e);
        }
    }

    private void runFrame(double dt) {
        Schedule main = current.get(mainName);
        if (!world.has(Schedules.TRAIT)) {
            world.set(Schedules.TRAIT, published);
        }
        long frameNo = frames + 1;
        try {
            main.run(world, dt);
            frames = frameNo;
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable t) {
            frames = frameNo;
            fault(main, t, frameNo);
        } finally {
            tracker.clear();
        }
        if (paused && pendingSteps > 0) {
            pendingSteps--;
        }
        for (Iterator<StepWaiter> it = stepWaiters.iterator(); it.hasNext(); ) {
            StepWaiter w = it.next();
            if (frames >= w.targetFrame()) {
                it.remove();
                w.future().complete(frames);
            }
        }
    }

    private void fault(Schedule main, Throwable t, long frameNo) {
        SystemTracker.Running r = tracker.innermost();
        String scheduleName = r != null ? r.schedule().name() : main.name();
        String system = r != null ? r.system().name() : "?";
        String plugin = "?";
        if (r != null) {
            try {
                plugin = r.schedule().sourceOf(r.system());
            } catch (RuntimeException e) {
                plugin = "?";
            }
        }
        StringWriter trace = new StringWriter();
        t.printStackTrace(new PrintWriter(trace));
        SystemFault f = new SystemFault(scheduleName, system, plugin, frameNo, t.getClass().getName(),
                t.getMessage() == null ? "" : t.getMessage(), trace.toString());
        lastFault = f;
        paused = true;
        pendingSteps = 0;
        state = RunState.PAUSED;
        log.log(Level.ERROR, "simulation paused: " + f.describe() + "; the host keeps running, resume when fixed", t);
        SystemFaultException ex = new SystemFaultException(f);
        while (!stepWaiters.isEmpty()) {
            stepWaiters.poll().future().completeExceptionally(ex);
        }
    }

    private void install(Swap swap) {
        current.putAll(swap.rebuilt());
        mainName = swap.mainSchedule();
        if (swap.generation() > installedGeneration) {
            installedGeneration = swap.generation();
        }
        published = Schedules.of(current);
        world.set(Schedules.TRAIT, published);
        pluginStatuses = swap.plugins();
        java.time.Instant now = java.time.Instant.now();
        List<RebuildInfo> infos = new ArrayList<>();
        for (RebuildInfo info : swap.infos()) {
            infos.add(info.withSwappedIn(now));
        }
        if (!infos.isEmpty()) {
            List<RebuildInfo> h = new ArrayList<>(history);
            h.addAll(infos);
            if (h.size() > HISTORY) {
                h = h.subList(h.size() - HISTORY, h.size());
            }
            history = List.copyOf(h);
        }
        boolean departed = false;
        for (RebuildInfo info : infos) {
            log.log(Level.INFO, info.summary());
            departed |= !info.left().isEmpty() || !info.replaced().isEmpty();
        }
        if (departed) {
            purge("plugins left or were replaced");
        }
    }

    /**
     * On the frame thread, at a frame boundary: drops from the world what belongs to code that is gone
     * and resets this thread's context class loader if it is such code's.
     */
    private void purge(String why) {
        UnloadedCode code = unloadedCode.get();
        Unloading unloading = Unloading.of(code);
        try {
            PurgeReport report = world.purge(unloading);
            boolean tccl = unloading.isUnloadedLoader(Thread.currentThread().getContextClassLoader());
            if (tccl) {
                Thread.currentThread().setContextClassLoader(FrameLoop.class.getClassLoader());
            }
            if (!report.isEmpty() || tccl) {
                log.log(Level.INFO, "purged unloaded code of " + code.names() + " (" + why + "): dropped " + report
                        + (tccl ? "; reset the frame thread's context class loader" : ""));
            }
        } catch (RuntimeException e) {
            log.log(Level.ERROR, "purging unloaded code of " + code.names() + " failed", e);
        }
    }

    private void finishPending() {
        synchronized (tasks) {
            closed = true;
        }
        IllegalStateException stopped = new IllegalStateException("the Orrery host stopped");
        while (!stepWaiters.isEmpty()) {
            stepWaiters.poll().future().completeExceptionally(stopped);
        }
        Runnable t;
        while ((t = tasks.poll()) != null) {
            // Work submitted but not run: run it so futures complete (the world is still consistent,
            // the loop stopped at a frame boundary).
            runTask(t);
        }
    }
}
