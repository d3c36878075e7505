package dev.orrery.plugin.example;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Records what the clock logs ({@code System.getLogger("dev.orrery.plugin.example")}, backed by
 * {@code java.util.logging} outside OSGi) and keeps it from the console while open, so that a test
 * asserts on the lines instead of printing them. Holds the logger strongly while open.
 */
final class ClockLogCapture extends Handler implements AutoCloseable {
    private final Logger logger = Logger.getLogger("dev.orrery.plugin.example");
    private final List<String> lines = new ArrayList<>(); // guarded by this
    private final boolean parentHandlers;

    ClockLogCapture() {
        parentHandlers = logger.getUseParentHandlers();
        setLevel(Level.ALL);
        logger.addHandler(this);
        logger.setUseParentHandlers(false);
    }

    @Override
    public synchronized void publish(LogRecord record) {
        lines.add(record.getLevel().getName() + " " + record.getMessage());
    }

    /** @return the records so far, as {@code LEVEL message} */
    synchronized List<String> lines() {
        return List.copyOf(lines);
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
        logger.setUseParentHandlers(parentHandlers);
    }
}
