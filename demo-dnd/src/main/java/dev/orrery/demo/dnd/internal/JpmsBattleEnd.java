package dev.orrery.demo.dnd.internal;

import aQute.bnd.annotation.Resolution;
import aQute.bnd.annotation.spi.ServiceProvider;
import dev.orrery.demo.dnd.DemoSettings;
import dev.orrery.demo.dnd.model.BattleSummary;
import dev.orrery.host.GameHost;
import dev.orrery.host.HostClient;
import java.util.Optional;

/**
 * JPMS mode's counterpart of {@link BattleEndWatcher}: a {@link HostClient} (ServiceLoader provider)
 * that waits, on a thread of its own, for the battle's end and then, unless
 * {@code orrery.demo.exitWhenOver=false} (a system property in JPMS mode), asks the host to shut down.
 * There is no Gogo shell in JPMS mode, so it prints no devtools report (one line says so). A rules
 * reload stops it (the thread is interrupted) and starts the new jar's, which waits on the same
 * future in the world.
 */
@ServiceProvider(value = HostClient.class, resolution = Resolution.OPTIONAL)
public final class JpmsBattleEnd implements HostClient {
    private final boolean exitWhenOver = DemoSettings.from(System::getProperty).exitWhenOver();
    private volatile Thread thread;

    /** Used by ServiceLoader. */
    public JpmsBattleEnd() {
    }

    @Override
    public void start(GameHost host) {
        Thread t = new Thread(() -> watch(host), "dnd-battle-end");
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    @Override
    public void stop() {
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
        thread = null;
    }

    private void watch(GameHost host) {
        Optional<BattleSummary> summary = BattleEnds.await(host);
        if (summary.isEmpty() || Thread.currentThread().isInterrupted()) {
            return;
        }
        System.out.println("[devtools] JPMS mode has no Gogo shell: no devtools report");
        System.out.flush();
        if (exitWhenOver) {
            host.requestShutdown(BattleEnds.shutdownReason(summary.get()));
        }
    }
}
