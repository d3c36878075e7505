package dev.orrery.launcher;

import java.util.logging.LogManager;

/**
 * The JDK logging manager, except that the JDK's own shutdown hook does not reset it.
 *
 * <p>{@link LogManager} registers a shutdown hook that resets logging (closes every handler) when the
 * JVM exits. On Ctrl-C or SIGTERM that hook runs concurrently with the launcher's hook, which stops
 * the framework: the host's closing lines ("Orrery host stopped after N frames") were lost. With this
 * manager (installed by {@link Main} through {@code java.util.logging.manager}, unless another one is
 * set) the reset coming from the JDK's hook thread is ignored; the launcher's hook calls
 * {@link #resetAfterStop()} once the framework has stopped. Any other reset (e.g. from
 * {@code readConfiguration}) behaves as usual.
 */
public final class ShutdownSafeLogManager extends LogManager {
    /** Creates the manager; the JDK calls this through the system property. */
    public ShutdownSafeLogManager() {
    }

    @Override
    public void reset() {
        if (Thread.currentThread().getClass().getName().startsWith(LogManager.class.getName() + "$")) {
            return; // LogManager's Cleaner shutdown hook: the launcher resets after the framework stopped
        }
        super.reset();
    }

    /** Flushes and closes the handlers: called by the launcher's shutdown hook after the framework stopped. */
    public void resetAfterStop() {
        super.reset();
    }

    /** Resets logging if this manager is in use (the last step of the launcher's shutdown hook). */
    static void resetIfInstalled() {
        if (LogManager.getLogManager() instanceof ShutdownSafeLogManager m) {
            m.resetAfterStop();
        }
    }
}
