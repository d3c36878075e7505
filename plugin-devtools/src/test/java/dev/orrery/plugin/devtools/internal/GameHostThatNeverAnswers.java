package dev.orrery.plugin.devtools.internal;

import dev.orrery.host.GameHost;
import dev.orrery.host.HostStatus;
import dev.orrery.host.ObserverStatus;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.host.Schedules;
import dev.orrery.world.World;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/** A {@link GameHost} whose frame thread is stuck: submitted work never starts (else delegates). */
final class GameHostThatNeverAnswers implements GameHost {
    private final GameHost delegate;
    volatile CompletableFuture<?> last;

    GameHostThatNeverAnswers(GameHost delegate) {
        this.delegate = delegate;
    }

    @Override
    public String mainSchedule() {
        return delegate.mainSchedule();
    }

    @Override
    public Schedules schedules() {
        return delegate.schedules();
    }

    @Override
    public HostStatus status() {
        return delegate.status();
    }

    @Override
    public List<PluginStatus> plugins() {
        return delegate.plugins();
    }

    @Override
    public List<RebuildInfo> rebuilds() {
        return delegate.rebuilds();
    }

    @Override
    public void pause() {
    }

    @Override
    public void resume() {
    }

    @Override
    public CompletionStage<Long> step(int frames) {
        CompletableFuture<Long> f = new CompletableFuture<>();
        last = f;
        return f;
    }

    @Override
    public <T> CompletionStage<T> submit(Function<World, T> work) {
        CompletableFuture<T> f = new CompletableFuture<>();
        last = f;
        return f;
    }

    @Override
    public void requestRebuild() {
    }

    @Override
    public List<ObserverStatus> observers() {
        return delegate.observers();
    }

    @Override
    public long changes() {
        return delegate.changes();
    }

    @Override
    public CompletionStage<Long> awaitChange(long since) {
        return delegate.awaitChange(since);
    }

    @Override
    public void requestShutdown(String reason) {
        delegate.requestShutdown(reason);
    }
}
