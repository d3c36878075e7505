package dev.orrery.demo.dnd.internal;

import dev.orrery.host.GameHost;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/** OSGi: runs the demo's load and save points ({@link SavePoints}) on a thread of its own when asked for. */
@Component(immediate = true)
public final class SavePointWatcher {
    private final Thread thread;

    /**
     * @param host the game host
     * @param context for the demo's framework properties
     */
    @Activate
    public SavePointWatcher(@Reference GameHost host, BundleContext context) {
        if (!SavePoints.wanted(context::getProperty)) {
            thread = null;
            return;
        }
        thread = new Thread(() -> {
            try {
                SavePoints.run(host, context::getProperty);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "dnd-save-points");
        thread.setDaemon(true);
        thread.start();
    }

    @Deactivate
    void deactivate() {
        if (thread != null) {
            thread.interrupt();
        }
    }
}
