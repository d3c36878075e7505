package dev.orrery.demo.dnd.internal;

import aQute.bnd.annotation.Resolution;
import aQute.bnd.annotation.spi.ServiceProvider;
import dev.orrery.host.GameHost;
import dev.orrery.host.HostClient;

/** JPMS mode's counterpart of {@link SavePointWatcher}: the load and save points from system properties. */
@ServiceProvider(value = HostClient.class, resolution = Resolution.OPTIONAL)
public final class JpmsSavePoint implements HostClient {
    private volatile Thread thread;

    /** Used by ServiceLoader. */
    public JpmsSavePoint() {
    }

    @Override
    public void start(GameHost host) {
        if (!SavePoints.wanted(System::getProperty)) {
            return;
        }
        Thread t = new Thread(() -> {
            try {
                SavePoints.run(host, System::getProperty);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "dnd-save-points");
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
}
