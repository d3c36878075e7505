package dev.orrery.world;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Captures what the world logs ({@code dev.orrery.world}, through {@code System.Logger} on JUL) for
 * the life of the capture, so tests can assert on it and nothing reaches the console. Keeps a strong
 * reference to the JUL logger (JUL holds loggers weakly, and a collected logger forgets its handler).
 */
public final class WorldLog implements AutoCloseable {
    private final Logger logger = Logger.getLogger("dev.orrery.world");
    private final boolean parents = logger.getUseParentHandlers();
    private final List<LogRecord> records = new ArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            synchronized (records) {
                records.add(r);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    public WorldLog() {
        handler.setLevel(Level.ALL);
        logger.addHandler(handler);
        logger.setUseParentHandlers(false);
    }

    /** @return the messages logged at WARNING or above so far */
    public List<String> warnings() {
        synchronized (records) {
            List<String> out = new ArrayList<>();
            for (LogRecord r : records) {
                if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                    out.add(r.getMessage());
                }
            }
            return out;
        }
    }

    @Override
    public void close() {
        logger.removeHandler(handler);
        logger.setUseParentHandlers(parents);
    }
}
