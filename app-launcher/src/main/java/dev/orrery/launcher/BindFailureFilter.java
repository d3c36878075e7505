package dev.orrery.launcher;

import java.util.logging.Filter;
import java.util.logging.LogRecord;

/**
 * Shortens Felix HTTP Jetty's report of a port that cannot be bound (logger {@code org.apache.felix.http}):
 * the record whose exception is caused by a {@link java.net.BindException} keeps its one-line message
 * ("Failed to start Connector: ...{127.0.0.1:8420}") without the stack trace, and the follow-up
 * "Exception while initializing Jetty" (a {@link NullPointerException} that Felix HTTP Jetty 5.1 throws
 * after it stopped Jetty for want of a connector) is dropped. The web console then logs the one line that
 * names host:port, the cause and the setting to change. Every other record passes unchanged. Beyond the
 * spec (Orrery's own).
 *
 * <p>Not thread-safe beyond JUL's own calls; one instance per logger.
 */
final class BindFailureFilter implements Filter {
    private volatile boolean bindFailed;

    @Override
    public boolean isLoggable(LogRecord r) {
        if (causedByBind(r.getThrown())) {
            bindFailed = true;
            r.setThrown(null);
            return true;
        }
        return !(bindFailed && r.getThrown() instanceof NullPointerException
                && r.getMessage() != null && r.getMessage().startsWith("Exception while initializing Jetty"));
    }

    private static boolean causedByBind(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof java.net.BindException) {
                return true;
            }
        }
        return false;
    }
}
