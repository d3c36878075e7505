package dev.orrery.plugin.devtools.internal;

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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * A {@link GameHost} test double without threads: submitted work and steps run at once on the
 * caller's thread, on one real world with real schedules. Records which thread ran submitted work.
 */
final class FakeHost implements GameHost {
    final World world = new World();
    final Map<String, Schedule> schedules = new LinkedHashMap<>();
    final List<PluginStatus> plugins = new ArrayList<>();
    final List<RebuildInfo> rebuilds = new ArrayList<>();
    final List<ObserverStatus> observers = new ArrayList<>();
    boolean paused = true;
    volatile long frames;
    int submitted;
    /** When true, step returns {@link #pendingStep} and runs nothing: the test advances frames. */
    volatile boolean manualSteps;
    volatile CompletableFuture<Long> pendingStep;
    /** When true, step only advances the frame count by n (runs no schedule): for counts too large to run. */
    boolean countOnly;
    /** The frame counts step was asked for, in order. */
    final List<Integer> stepRequests = new ArrayList<>();

    void put(Schedule s) {
        schedules.put(s.name(), s);
    }

    @Override
    public String mainSchedule() {
        return "main";
    }

    @Override
    public Schedules schedules() {
        return Schedules.of(schedules);
    }

    @Override
    public HostStatus status() {
        return HostStatus.builder().state(paused ? RunState.PAUSED : RunState.RUNNING).mode(FrameMode.FIXED)
                .frames(frames).build();
    }

    @Override
    public List<PluginStatus> plugins() {
        return List.copyOf(plugins);
    }

    @Override
    public List<ObserverStatus> observers() {
        return List.copyOf(observers);
    }

    @Override
    public List<RebuildInfo> rebuilds() {
        return List.copyOf(rebuilds);
    }

    @Override
    public void pause() {
        paused = true;
    }

    @Override
    public void resume() {
        paused = false;
    }

    @Override
    public CompletionStage<Long> step(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("step: frames must be >= 1, got " + n);
        }
        stepRequests.add(n);
        if (!paused) {
            return CompletableFuture.failedFuture(new IllegalStateException("step: the simulation is running; pause it first"));
        }
        if (manualSteps) {
            pendingStep = new CompletableFuture<>();
            return pendingStep;
        }
        if (countOnly) {
            frames += n;
            return CompletableFuture.completedFuture(frames);
        }
        for (int i = 0; i < n; i++) {
            schedules.get("main").run(world, 1.0 / 60);
            frames++;
        }
        return CompletableFuture.completedFuture(frames);
    }

    @Override
    public <T> CompletionStage<T> submit(Function<World, T> work) {
        submitted++;
        try {
            return CompletableFuture.completedFuture(work.apply(world));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public void requestRebuild() {
    }

    @Override
    public long changes() {
        return 0;
    }

    @Override
    public CompletionStage<Long> awaitChange(long since) {
        return new CompletableFuture<>(); // a fake never changes by itself
    }

    @Override
    public void requestShutdown(String reason) {
        throw new UnsupportedOperationException("a fake host has no application to stop");
    }
}
