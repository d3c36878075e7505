package dev.orrery.schedule.internal.run;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Captures what the scheduler logs (logger {@code dev.orrery.schedule}, through {@code System.Logger}
 * and so java.util.logging) while open, and keeps it off the console.
 */
public final class LoggedWarnings implements AutoCloseable {
    private final Logger logger = Logger.getLogger("dev.orrery.schedule");
    private final boolean parents = logger.getUseParentHandlers();
    private final List<String> lines = new ArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            synchronized (lines) {
                lines.add(r.getLevel() + " " + r.getMessage());
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    /** Starts capturing. */
    public LoggedWarnings() {
        handler.setLevel(Level.ALL);
        logger.addHandler(handler);
        logger.setUseParentHandlers(false);
    }

    /** @return every line logged so far, as {@code LEVEL message} */
    public List<String> lines() {
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    @Override
    public void close() {
        logger.removeHandler(handler);
        logger.setUseParentHandlers(parents);
    }
}
