package dev.orrery.testsupport.host;

import dev.orrery.host.FrameMode;
import dev.orrery.host.GameHost;
import dev.orrery.host.HostStatus;
import dev.orrery.host.ObserverStatus;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.host.RunState;
import dev.orrery.host.Schedules;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A {@link GameHost} for unit tests, without threads or timers: the test sets what it reports
 * (status, plugins, observers, rebuilds, schedules in force), reads back the calls it received
 * ({@link #calls()}), and decides when its change token moves and when held steps and work complete.
 *
 * <ul>
 *   <li><b>Reports.</b> {@link #setStatus}, {@link #setState}, {@link #setFrames}, {@link #addPlugin},
 *       {@link #setPlugins}, {@link #addObserver}, {@link #setObservers}, {@link #addRebuild},
 *       {@link #setRebuilds} and {@link #put} change what the {@code GameHost} methods answer, and each
 *       moves the change token, as the real host's changes do. It starts {@link RunState#PAUSED} in
 *       {@link FrameMode#FIXED} at frame 0, with no schedule, no plugin and main schedule
 *       {@value #MAIN}.</li>
 *   <li><b>The frame thread is the caller's.</b> {@link #submit} runs the work at once on the calling
 *       thread against {@link #world()}, one caller at a time; {@link #step} does what
 *       {@link #setSteps} says: {@link Steps#RUN} (default) runs the main schedule, if one is in force,
 *       once per frame with dt 1/60 s; {@link Steps#COUNT} only adds to the frame count (for counts too
 *       large to run); {@link Steps#HOLD} returns a stage the test completes ({@link #heldSteps()}).
 *       {@link #setHoldWork} makes {@link #submit} return stages the test completes too, as a frame
 *       thread stuck in a frame would. {@link #read} is {@link #submit}, except in state
 *       {@link RunState#PARKED} (set with {@link #setStatus}), when it runs the work at once even while
 *       work is held, as the real host's read does while a world update waits. Step and submit fail as the
 *       real host's do: a running host refuses to step, a stopped one refuses both.</li>
 *   <li><b>Change token.</b> {@link #changes()} moves on each change above and on {@link #changed()};
 *       {@link #awaitChange} completes when it moves past the caller's token, by default at once on the
 *       thread that made the change, or on the executor given to {@link #setNotifier} (a
 *       {@code QueuedExecutor} of {@code orrery-test-support}, say, so that the test runs the
 *       notifications when it wants). {@link #stop()} ends the waits as the real host does.</li>
 *   <li><b>Hooks</b> for tests of code that waits: {@link #whenStatusRead} runs on each
 *       {@link #status()} before it answers (frames that run while the caller waits), and
 *       {@link #whenAwaited} after each {@link #awaitChange} registered its wait (a change that comes
 *       while the caller waits).</li>
 * </ul>
 *
 * <p>Threads: every method may be called from any thread. Hooks and the completion of waits run
 * with no lock of this host held; submitted work and run steps hold only the frame lock, one caller
 * at a time, as on a frame thread.
 *
 * <p>Implementation notes: guarded by {@code this}: every field but the world, the frame lock and the
 * change token ({@link FakeChangeToken}, which guards itself). The frame lock is never taken while
 * {@code this} is held, so work that calls this host cannot deadlock it.
 */
public final class FakeGameHost implements GameHost {
    /** The name of the main schedule. */
    public static final String MAIN = "main";
    /** The dt of a frame that {@link Steps#RUN} runs, seconds. */
    public static final double FRAME_DT = 1.0 / 60;

    /** What {@link #step} does. */
    public enum Steps {
        /** Runs the main schedule, if one is in force, once per frame; completes with the frame count. */
        RUN,
        /** Adds the frames to the count without running anything; completes with the frame count. */
        COUNT,
        /** Runs nothing and returns a stage the test completes ({@link #heldSteps()}). */
        HOLD
    }

    private final World world;
    private final Object frameLock = new Object();
    private final Map<String, Schedule> schedules = new LinkedHashMap<>();
    private final List<PluginStatus> plugins = new ArrayList<>();
    private final List<ObserverStatus> observers = new ArrayList<>();
    private final List<RebuildInfo> rebuilds = new ArrayList<>();
    private final List<HostCall> calls = new ArrayList<>();
    private final List<CompletableFuture<Long>> heldSteps = new ArrayList<>();
    private final List<CompletableFuture<?>> held = new ArrayList<>();
    private final FakeChangeToken token = new FakeChangeToken();
    private HostStatus status = HostStatus.builder().state(RunState.PAUSED).mode(FrameMode.FIXED).frames(0).build();
    private Steps steps = Steps.RUN;
    private boolean holdWork;
    private Consumer<FakeGameHost> onStatusRead = h -> { };
    private Consumer<FakeGameHost> onAwait = h -> { };
    private java.nio.file.Path saveDirectory = java.nio.file.Path.of("saves");

    /**
     * @param dir what {@link #saveDirectory()} answers (default {@code saves}); a test gives a temporary folder
     * @return this host
     * @throws NullPointerException if dir is null
     */
    public synchronized FakeGameHost setSaveDirectory(java.nio.file.Path dir) {
        this.saveDirectory = Objects.requireNonNull(dir, "FakeGameHost.setSaveDirectory: dir");
        return this;
    }

    @Override
    public synchronized java.nio.file.Path saveDirectory() {
        return saveDirectory;
    }

    /** A host with a new, empty world. */
    public FakeGameHost() {
        this(new World());
    }

    /**
     * @param world the world submitted work and run steps see
     * @throws NullPointerException if world is null
     */
    public FakeGameHost(World world) {
        this.world = Objects.requireNonNull(world, "FakeGameHost: world");
    }

    /** @return the world submitted work and run steps see; touch it only from the test's thread */
    public World world() {
        return world;
    }

    // ---- reports ---------------------------------------------------------------------------------

    /**
     * Puts a schedule in force under its name (replacing one of that name), as a swap would.
     *
     * @return this host
     */
    public FakeGameHost put(Schedule schedule) {
        Objects.requireNonNull(schedule, "FakeGameHost.put: schedule");
        synchronized (this) {
            schedules.put(schedule.name(), schedule);
        }
        return changed();
    }

    /** @return this host, reporting this status */
    public FakeGameHost setStatus(HostStatus s) {
        Objects.requireNonNull(s, "FakeGameHost.setStatus: status");
        synchronized (this) {
            status = s;
        }
        return changed();
    }

    /** @return this host, in this run state (the other status fields kept) */
    public FakeGameHost setState(RunState state) {
        Objects.requireNonNull(state, "FakeGameHost.setState: state");
        synchronized (this) {
            status = with(state, status.frames());
        }
        return changed();
    }

    /**
     * Sets the frame count. Does not move the change token (frames alone never do).
     *
     * @return this host
     */
    public synchronized FakeGameHost setFrames(long frames) {
        status = with(status.state(), frames);
        return this;
    }

    /**
     * Adds frames to the count, as frames that ran. Does not move the change token.
     *
     * @param n frames
     * @return the frame count now
     */
    public synchronized long advanceFrames(long n) {
        status = with(status.state(), status.frames() + n);
        return status.frames();
    }

    /** @return this host, also reporting this plugin (after those it reports already) */
    public FakeGameHost addPlugin(PluginStatus plugin) {
        Objects.requireNonNull(plugin, "FakeGameHost.addPlugin: plugin");
        synchronized (this) {
            plugins.add(plugin);
        }
        return changed();
    }

    /** @return this host, reporting these plugins */
    public FakeGameHost setPlugins(List<PluginStatus> list) {
        List<PluginStatus> copy = List.copyOf(list);
        synchronized (this) {
            plugins.clear();
            plugins.addAll(copy);
        }
        return changed();
    }

    /** @return this host, also reporting this observer */
    public FakeGameHost addObserver(ObserverStatus observer) {
        Objects.requireNonNull(observer, "FakeGameHost.addObserver: observer");
        synchronized (this) {
            observers.add(observer);
        }
        return changed();
    }

    /** @return this host, reporting these observers */
    public FakeGameHost setObservers(List<ObserverStatus> list) {
        List<ObserverStatus> copy = List.copyOf(list);
        synchronized (this) {
            observers.clear();
            observers.addAll(copy);
        }
        return changed();
    }

    /** @return this host, also reporting this rebuild (the newest) */
    public FakeGameHost addRebuild(RebuildInfo rebuild) {
        Objects.requireNonNull(rebuild, "FakeGameHost.addRebuild: rebuild");
        synchronized (this) {
            rebuilds.add(rebuild);
        }
        return changed();
    }

    /** @return this host, reporting these rebuilds, oldest first */
    public FakeGameHost setRebuilds(List<RebuildInfo> list) {
        List<RebuildInfo> copy = List.copyOf(list);
        synchronized (this) {
            rebuilds.clear();
            rebuilds.addAll(copy);
        }
        return changed();
    }

    // ---- behaviour -------------------------------------------------------------------------------

    /** @return this host, answering {@link #step} this way from now on */
    public synchronized FakeGameHost setSteps(Steps s) {
        steps = Objects.requireNonNull(s, "FakeGameHost.setSteps: steps");
        return this;
    }

    /**
     * @param hold true: {@link #submit} runs nothing and returns a stage the test completes (see
     *     {@link #lastHeld()}), as a stuck frame thread would; false (default): work runs at once
     * @return this host
     */
    public synchronized FakeGameHost setHoldWork(boolean hold) {
        holdWork = hold;
        return this;
    }

    /**
     * @param executor where waits of {@link #awaitChange} are completed; by default at once on the
     *     thread that moves the token
     * @return this host
     */
    public FakeGameHost setNotifier(Executor executor) {
        token.notifier(executor);
        return this;
    }

    /**
     * @param hook run on each {@link #status()} call, on the caller's thread, before it answers (may
     *     change this host: advance frames, complete a held step)
     * @return this host
     */
    public synchronized FakeGameHost whenStatusRead(Consumer<FakeGameHost> hook) {
        onStatusRead = Objects.requireNonNull(hook, "FakeGameHost.whenStatusRead: hook");
        return this;
    }

    /**
     * @param hook run after each {@link #awaitChange} registered its wait, on the caller's thread,
     *     before the stage is returned (may change this host, which then completes the wait)
     * @return this host
     */
    public synchronized FakeGameHost whenAwaited(Consumer<FakeGameHost> hook) {
        onAwait = Objects.requireNonNull(hook, "FakeGameHost.whenAwaited: hook");
        return this;
    }

    /**
     * Moves the change token and completes the waits it moved past (on the notifier).
     *
     * @return this host
     */
    public FakeGameHost changed() {
        token.move();
        return this;
    }

    /**
     * Stops the host as the real one stops: status {@link RunState#STOPPED}, one last move of the
     * change token that completes the open waits (on the notifier), and from then on steps and work
     * are refused and a wait for a token past the last fails with {@link IllegalStateException}.
     * Idempotent.
     */
    public void stop() {
        synchronized (this) {
            if (status.state() == RunState.STOPPED) {
                return;
            }
            status = with(RunState.STOPPED, status.frames());
        }
        token.close();
    }

    // ---- what the test reads back ----------------------------------------------------------------

    /** @return every call received, in order */
    public synchronized List<HostCall> calls() {
        return List.copyOf(calls);
    }

    /**
     * @param kind a kind of call
     * @return how many of that kind were received
     */
    public synchronized long count(HostCall.Kind kind) {
        return calls.stream().filter(c -> c.kind() == kind).count();
    }

    /** @return the frames each {@link #step} call asked for, in order (refused steps included) */
    public synchronized List<Integer> stepRequests() {
        return calls.stream().filter(c -> c.kind() == HostCall.Kind.STEP).map(HostCall::frames).toList();
    }

    /** @return the stages returned by {@link #step} while steps were held, in order */
    public synchronized List<CompletableFuture<Long>> heldSteps() {
        return List.copyOf(heldSteps);
    }

    /** @return the last stage held (a held step or held work), or null if none was */
    public synchronized CompletableFuture<?> lastHeld() {
        return held.isEmpty() ? null : held.get(held.size() - 1);
    }

    /**
     * Waits until a step has been held, for a test whose code under test steps on another thread.
     *
     * @param timeout a safety net for a step that never comes, not a measured time
     * @return the first held step
     * @throws AssertionError if no step was held within the timeout
     * @throws InterruptedException if interrupted
     */
    public synchronized CompletableFuture<Long> awaitHeldStep(Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (heldSteps.isEmpty()) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no step was asked for within " + timeout + "; calls: " + calls);
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return heldSteps.get(0);
    }

    /** @return the waits of {@link #awaitChange} still open: neither completed nor cancelled */
    public long openWaits() {
        return token.open();
    }

    // ---- GameHost --------------------------------------------------------------------------------

    /** @return {@value #MAIN} */
    @Override
    public String mainSchedule() {
        return MAIN;
    }

    @Override
    public synchronized Schedules schedules() {
        return Schedules.of(schedules);
    }

    /** Runs the {@link #whenStatusRead} hook, then answers. */
    @Override
    public HostStatus status() {
        Consumer<FakeGameHost> hook;
        synchronized (this) {
            hook = onStatusRead;
        }
        hook.accept(this);
        synchronized (this) {
            return status;
        }
    }

    @Override
    public synchronized List<PluginStatus> plugins() {
        return List.copyOf(plugins);
    }

    @Override
    public synchronized List<ObserverStatus> observers() {
        return List.copyOf(observers);
    }

    @Override
    public synchronized List<RebuildInfo> rebuilds() {
        return List.copyOf(rebuilds);
    }

    @Override
    public long changes() {
        return token.now();
    }

    /** Records the call, registers the wait, runs the {@link #whenAwaited} hook, returns the stage. */
    @Override
    public CompletionStage<Long> awaitChange(long since) {
        Consumer<FakeGameHost> hook;
        synchronized (this) {
            calls.add(HostCall.of(HostCall.Kind.AWAIT_CHANGE));
            hook = onAwait;
        }
        CompletableFuture<Long> f = token.await(since);
        if (!f.isDone()) {
            hook.accept(this);
        }
        return f;
    }

    /** Pauses a running host (moves the token when the state changes); records the call. */
    @Override
    public void pause() {
        switchState(HostCall.Kind.PAUSE, RunState.RUNNING, RunState.PAUSED);
    }

    /** Resumes a paused host (moves the token when the state changes); records the call. */
    @Override
    public void resume() {
        switchState(HostCall.Kind.RESUME, RunState.PAUSED, RunState.RUNNING);
    }

    private void switchState(HostCall.Kind kind, RunState from, RunState to) {
        boolean switched;
        synchronized (this) {
            calls.add(HostCall.of(kind));
            switched = status.state() == from;
            if (switched) {
                status = with(to, status.frames());
            }
        }
        if (switched) {
            changed();
        }
    }

    /** Records the call; answers as {@link #setSteps} says, or fails as the real host would. */
    @Override
    public CompletionStage<Long> step(int frames) {
        if (frames < 1) {
            throw new IllegalArgumentException("step: frames must be >= 1, got " + frames);
        }
        Steps mode;
        Schedule main;
        synchronized (this) {
            calls.add(HostCall.step(frames));
            if (status.state() == RunState.STOPPED) {
                return CompletableFuture.failedFuture(new IllegalStateException("step: the Orrery host is stopped"));
            }
            if (status.state() != RunState.PAUSED) {
                return CompletableFuture.failedFuture(
                        new IllegalStateException("step: the simulation is running; pause it first"));
            }
            mode = steps;
            main = schedules.get(MAIN);
            if (mode == Steps.COUNT) {
                return CompletableFuture.completedFuture(advanceFrames(frames));
            }
            if (mode == Steps.HOLD) {
                CompletableFuture<Long> f = new CompletableFuture<>();
                heldSteps.add(f);
                held.add(f);
                notifyAll();
                return f;
            }
        }
        synchronized (frameLock) {
            for (int i = 0; i < frames; i++) {
                if (main != null) {
                    main.run(world, FRAME_DT);
                }
                advanceFrames(1);
            }
        }
        synchronized (this) {
            return CompletableFuture.completedFuture(status.frames());
        }
    }

    /** Records the call; runs the work at once (or holds it), or fails as a stopped host would. */
    @Override
    public <T> CompletionStage<T> submit(Function<World, T> work) {
        Objects.requireNonNull(work, "submit: work");
        return hand(HostCall.Kind.SUBMIT, work);
    }

    /**
     * Records the call; as {@link #submit}, except in state {@link RunState#PARKED}, when the work runs at
     * once even while work is held.
     */
    @Override
    public <T> CompletionStage<T> read(Function<World, T> work) {
        Objects.requireNonNull(work, "read: work");
        return hand(HostCall.Kind.READ, work);
    }

    private <T> CompletionStage<T> hand(HostCall.Kind kind, Function<World, T> work) {
        synchronized (this) {
            calls.add(HostCall.of(kind));
            if (status.state() == RunState.STOPPED) {
                return CompletableFuture.failedFuture(
                        new IllegalStateException("the Orrery host is stopped; work was not run"));
            }
            if (holdWork && !(kind == HostCall.Kind.READ && status.state() == RunState.PARKED)) {
                CompletableFuture<T> f = new CompletableFuture<>();
                held.add(f);
                return f;
            }
        }
        synchronized (frameLock) {
            try {
                return CompletableFuture.completedFuture(work.apply(world));
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
    }

    /** Records the call; rebuilds nothing. */
    @Override
    public synchronized void requestRebuild() {
        calls.add(HostCall.of(HostCall.Kind.REQUEST_REBUILD));
    }

    /** Records the call and {@linkplain #stop() stops} this host, as the real host's application would stop. */
    @Override
    public void requestShutdown(String reason) {
        Objects.requireNonNull(reason, "requestShutdown: reason");
        synchronized (this) {
            calls.add(HostCall.of(HostCall.Kind.REQUEST_SHUTDOWN));
        }
        stop();
    }

    @Override
    public synchronized String toString() {
        return "FakeGameHost[" + status + ", schedules " + schedules.keySet() + ", " + plugins.size() + " plugins, token "
                + token.now() + "]";
    }

    private HostStatus with(RunState state, long frames) {
        return HostStatus.builder().state(state).mode(status.mode()).frames(frames).lastFault(status.lastFault()).build();
    }

}
