package dev.orrery.plugin.console;

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
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Function;

/** A host with one schedule whose "frame thread" is the caller's (work runs at once, under a lock). */
public final class FakeHost implements GameHost {
    private final World world;
    private final Schedule main;
    /** The run state {@link #status()} reports. */
    public volatile RunState state = RunState.RUNNING;
    /** The frame count {@link #status()} reports. */
    public volatile long frames;
    /** The change token {@link #changes()} reports. */
    public volatile long changes;
    /** Every {@link #awaitChange} call, in order, for a test to take and complete. */
    public final BlockingQueue<ChangeWait> changeWaits = new LinkedBlockingQueue<>();

    /**
     * @param world the world submitted work gets
     * @param main the main schedule
     */
    public FakeHost(World world, Schedule main) {
        this.world = world;
        this.main = main;
    }

    @Override
    public String mainSchedule() {
        return "main";
    }

    @Override
    public Schedules schedules() {
        return Schedules.of(Map.of("main", main));
    }

    @Override
    public HostStatus status() {
        return HostStatus.builder().state(state).mode(FrameMode.FIXED).frames(frames).build();
    }

    @Override
    public List<PluginStatus> plugins() {
        return List.of();
    }

    @Override
    public List<RebuildInfo> rebuilds() {
        return List.of();
    }

    @Override
    public void pause() {
        state = RunState.PAUSED;
    }

    @Override
    public void resume() {
        state = RunState.RUNNING;
    }

    @Override
    public synchronized CompletionStage<Long> step(int n) {
        if (state != RunState.PAUSED) {
            return CompletableFuture.failedFuture(new IllegalStateException("not paused"));
        }
        frames += n;
        return CompletableFuture.completedFuture(frames);
    }

    @Override
    public synchronized <T> CompletionStage<T> submit(Function<World, T> work) {
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
        return changes;
    }

    /** A fake never changes by itself: the stage stays pending until a test completes it ({@link #changeWaits}). */
    @Override
    public CompletionStage<Long> awaitChange(long since) {
        ChangeWait wait = new ChangeWait(since, new CompletableFuture<>());
        changeWaits.add(wait);
        return wait.stage();
    }

    /**
     * One call of {@link #awaitChange}.
     *
     * @param since the token it was given
     * @param stage the stage it returned; a test completes it with the new token to signal a change
     */
    public record ChangeWait(long since, CompletableFuture<Long> stage) {
    }

    @Override
    public void requestShutdown(String reason) {
        throw new UnsupportedOperationException("a fake host has no application to stop");
    }

    @Override
    public List<ObserverStatus> observers() {
        return List.of();
    }
}
