package dev.orrery.testkit.osgi;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * Records the log lines of one logger name and its children while open, and keeps them off the
 * console: a test that provokes a fault asserts on the line instead of printing it.
 *
 * <p>Orrery logs through {@link System.Logger} (the host as {@code dev.orrery.host}, plugins under
 * their own names), which the JDK sends to {@code java.util.logging} unless a framework installs
 * another {@code System.LoggerFinder}; this class attaches a {@code java.util.logging} handler. Use it
 * with try-with-resources:
 *
 * <pre>{@code
 * try (LogCapture log = LogCapture.of("dev.orrery.host")) {
 *     ... provoke the fault ...
 *     log.await(line -> line.contains("left out"), Duration.ofSeconds(10));
 * }
 * }</pre>
 *
 * <p>Implementation notes: log calls come from any thread (the frame thread, SCR's threads);
 * {@link #lines()} may be called from any thread. Guarded by {@code this}: the record list.
 *
 * @since 0.1
 */
public final class LogCapture implements AutoCloseable {
    private final Logger logger; // strong reference: java.util.logging keeps loggers weakly
    private final Level previousLevel;
    private final boolean previousUseParent;
    private final Handler handler;
    private final List<LogRecord> records = new ArrayList<>(); // guarded by this

    private LogCapture(String name, Level level) {
        this.logger = Logger.getLogger(name);
        this.previousLevel = logger.getLevel();
        this.previousUseParent = logger.getUseParentHandlers();
        this.handler = new Handler() {
            @Override
            public void publish(LogRecord r) {
                synchronized (LogCapture.this) {
                    records.add(r);
                    LogCapture.this.notifyAll();
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        handler.setLevel(level);
        logger.setLevel(level);
        logger.setUseParentHandlers(false);
        logger.addHandler(handler);
    }

    /**
     * Starts recording.
     *
     * @param loggerName the logger name, e.g. {@code dev.orrery.host} or a plugin's logger
     * @return an open capture; close it to restore the logger
     * @throws NullPointerException if loggerName is null
     */
    public static LogCapture of(String loggerName) {
        return new LogCapture(Objects.requireNonNull(loggerName, "LogCapture.of: loggerName"), Level.ALL);
    }

    /**
     * Starts recording from a level up: lines below it are neither recorded nor printed, and the code
     * that logs sees them as disabled ({@code System.Logger.isLoggable}), as without a capture at the
     * default level {@code INFO}. Use it when a test counts lines or stack traces that a debug line
     * would also match.
     *
     * <p>Beyond the spec (Orrery's own).
     *
     * @param loggerName the logger name, e.g. {@code dev.orrery.host}
     * @param level the lowest level recorded
     * @return an open capture; close it to restore the logger
     * @throws NullPointerException if an argument is null
     */
    public static LogCapture of(String loggerName, System.Logger.Level level) {
        Objects.requireNonNull(loggerName, "LogCapture.of: loggerName");
        Objects.requireNonNull(level, "LogCapture.of: level");
        return new LogCapture(loggerName, julLevel(level));
    }

    /** Forgets what was recorded so far (between the cases of one test, say). */
    public synchronized void clear() {
        records.clear();
    }

    /**
     * @param needle text to find
     * @return the recorded lines ({@link #lines()}) that contain it
     */
    public List<String> linesWith(String needle) {
        Objects.requireNonNull(needle, "LogCapture.linesWith: needle");
        return lines().stream().filter(l -> l.contains(needle)).collect(Collectors.toList());
    }

    /**
     * @param number a number, e.g. a service id or a frame number
     * @param needle other text the line must contain, e.g. a bundle name
     * @return the recorded lines that contain the number as a whole word and the text
     */
    public List<String> linesNaming(long number, String needle) {
        Objects.requireNonNull(needle, "LogCapture.linesNaming: needle");
        java.util.regex.Pattern word = java.util.regex.Pattern.compile("\\b" + number + "\\b");
        return lines().stream().filter(l -> l.contains(needle) && word.matcher(l).find()).collect(Collectors.toList());
    }

    /**
     * @return how many stack traces the recorded lines would have printed: one per record with a
     *     thrown exception, plus one per message with a stack trace written into its text
     */
    public synchronized long stackTraces() {
        return records.stream()
                .filter(r -> r.getThrown() != null || (r.getMessage() != null && r.getMessage().contains("\tat ")))
                .count();
    }

    private static Level julLevel(System.Logger.Level level) {
        switch (level) {
            case ALL:
                return Level.ALL;
            case TRACE:
                return Level.FINER;
            case DEBUG:
                return Level.FINE;
            case INFO:
                return Level.INFO;
            case WARNING:
                return Level.WARNING;
            case ERROR:
                return Level.SEVERE;
            default:
                return Level.OFF;
        }
    }

    /** @return every recorded line so far, as {@code LEVEL message} (message parameters filled in) */
    public synchronized List<String> lines() {
        return records.stream().map(LogCapture::format).collect(Collectors.toList());
    }

    /** @return the recorded records so far (level, thrown, logger name) */
    public synchronized List<LogRecord> records() {
        return List.copyOf(records);
    }

    /**
     * Waits until a recorded line matches.
     *
     * @param match the test on a line as {@link #lines()} gives it
     * @param timeout how long to wait at most
     * @return the first matching line
     * @throws AssertionError if none matched in time; the message lists the lines recorded
     * @throws InterruptedException if interrupted while waiting
     */
    public synchronized String await(java.util.function.Predicate<String> match, java.time.Duration timeout)
            throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (true) {
            for (LogRecord r : records) {
                String line = format(r);
                if (match.test(line)) {
                    return line;
                }
            }
            long left = end - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no matching log line of '" + logger.getName() + "' within " + timeout
                        + "; recorded: " + lines());
            }
            java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(this, left);
        }
    }

    private static String format(LogRecord r) {
        String msg = r.getMessage();
        Object[] params = r.getParameters();
        if (msg != null && params != null && params.length > 0) {
            msg = java.text.MessageFormat.format(msg, params);
        }
        return r.getLevel().getName() + " " + msg;
    }

    /** Stops recording and restores the logger's level and parent handlers. */
    @Override
    public void close() {
        logger.removeHandler(handler);
        logger.setLevel(previousLevel);
        logger.setUseParentHandlers(previousUseParent);
    }
}
