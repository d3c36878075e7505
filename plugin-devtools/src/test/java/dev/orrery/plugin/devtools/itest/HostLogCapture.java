package dev.orrery.plugin.devtools.itest;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Records what the host logs ({@code System.getLogger("dev.orrery.host")}, which the JDK backs with
 * {@code java.util.logging}) and keeps it from the console while installed, so that a test whose
 * set-up provokes an expected warning (a plugin excluded on purpose) prints nothing and asserts on the
 * lines instead. Holds the logger strongly while installed (java.util.logging keeps loggers weakly).
 */
final class HostLogCapture extends Handler {
    private final Logger logger = Logger.getLogger("dev.orrery.host");
    private final List<String> lines = new ArrayList<>(); // guarded by this
    private boolean parentHandlers;

    /** Starts recording and stops the host's records from reaching the console's handlers. */
    void install() {
        parentHandlers = logger.getUseParentHandlers();
        setLevel(Level.ALL);
        logger.addHandler(this);
        logger.setUseParentHandlers(false);
    }

    /** Stops recording and gives the console back its records. */
    void uninstall() {
        logger.removeHandler(this);
        logger.setUseParentHandlers(parentHandlers);
    }

    @Override
    public synchronized void publish(LogRecord record) {
        String message = record.getMessage();
        if (record.getParameters() != null && record.getParameters().length > 0) {
            message = java.text.MessageFormat.format(message, record.getParameters());
        }
        lines.add(record.getLevel().getName() + " " + message);
    }

    /** @return the lines recorded so far, as {@code LEVEL message} */
    synchronized List<String> lines() {
        return List.copyOf(lines);
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
}
