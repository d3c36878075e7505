package dev.orrery.host.osgi;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;

/**
 * Stops the framework when the host ends the run by itself (the frame budget is used up, the frame thread
 * died, {@code requestShutdown}), on a thread of its own: the request comes from the frame thread, which
 * must not wait for the framework's stop (the host's own deactivation waits for the frame thread).
 *
 * <p>The framework may be stopping already for another reason (a stop signal, the shell's {@code exit},
 * another host request) when the thread runs: then the host's bundle context is invalid, and there is
 * nothing left to do and nothing to say. Only a framework that refuses to stop is logged, in one WARNING
 * line.
 */
final class FrameworkStop {
    /** The stopping thread's name. */
    static final String THREAD = "orrery-host-stop";

    private FrameworkStop() {
    }

    /**
     * @param context the host bundle's context
     * @param after what ended the run, for the warning (e.g. {@code the frame budget})
     * @param log where a refusal is logged
     * @return the started thread that stops the framework
     */
    static Thread request(BundleContext context, String after, Logger log) {
        Thread t = new Thread(() -> {
            try {
                context.getBundle(Constants.SYSTEM_BUNDLE_ID).stop();
            } catch (IllegalStateException stopping) {
                // the framework stops already (the context is invalid once the host's bundle stopped)
            } catch (BundleException e) {
                log.log(Level.WARNING, "could not stop the framework after " + after + ": " + e.getMessage());
            }
        }, THREAD);
        t.start();
        return t;
    }
}
