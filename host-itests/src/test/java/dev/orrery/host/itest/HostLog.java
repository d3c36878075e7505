package dev.orrery.host.itest;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * Captures what the host logs through {@code System.Logger} (backed by {@code java.util.logging} here)
 * on logger {@value #LOGGER} and its children, and keeps it from being printed while installed, so a
 * test that provokes faults can assert on the log and a green run prints no stack traces.
 *
 * <p>Usage: {@code try (HostLog log = HostLog.capture()) { ... log.records() ... }}. Thread-safe: the
 * host logs from its frame, builder and SCR threads.
 */
final class HostLog extends Handler implements AutoCloseable {
    /** The host's logger name. */
    static final String LOGGER = "dev.orrery.host";

    private final Logger logger; // strong reference: JUL holds loggers weakly
    private final boolean parentHandlers;
    private final List<LogRecord> records = new ArrayList<>(); // guarded by this

    private HostLog(Logger logger) {
        this.logger = logger;
        this.parentHandlers = logger.getUseParentHandlers();
        setLevel(Level.ALL);
    }

    /** @return a capture of the host's log, installed until {@link #close()} */
    static HostLog capture() {
        HostLog log = new HostLog(Logger.getLogger(LOGGER));
        log.logger.addHandler(log);
        log.logger.setUseParentHandlers(false);
        return log;
    }

    @Override
    public synchronized void publish(LogRecord record) {
        records.add(record);
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
        logger.setUseParentHandlers(parentHandlers);
    }

    /** Forgets what was captured so far. */
    synchronized void clear() {
        records.clear();
    }

    /** @return what was captured, oldest first */
    synchronized List<LogRecord> records() {
        return List.copyOf(records);
    }

    /** @return the messages of what was captured, with the thrown exception's class when there is one */
    List<String> lines() {
        return records().stream().map(HostLog::line).collect(Collectors.toList());
    }

    /**
     * @return how many stack traces the captured records would print: one per record with a thrown
     *     exception, plus one per message that has a stack trace written into its text
     */
    long stackTraces() {
        return records().stream()
                .filter(r -> r.getThrown() != null || (r.getMessage() != null && r.getMessage().contains("\tat ")))
                .count();
    }

    /**
     * @param needle text to find
     * @return the captured lines that contain it
     */
    List<String> linesWith(String needle) {
        return lines().stream().filter(l -> l.contains(needle)).collect(Collectors.toList());
    }

    /**
     * @param number a number, e.g. a service id
     * @param needle other text the line must contain, e.g. a bundle name
     * @return the captured lines that contain the number as a whole word and the text
     */
    List<String> linesNaming(long number, String needle) {
        java.util.regex.Pattern word = java.util.regex.Pattern.compile("\\b" + number + "\\b");
        return lines().stream().filter(l -> l.contains(needle) && word.matcher(l).find()).collect(Collectors.toList());
    }

    private static String line(LogRecord r) {
        return r.getLevel() + " " + r.getLoggerName() + ": " + r.getMessage()
                + (r.getThrown() == null ? "" : " [" + r.getThrown().getClass().getName() + "]");
    }
}
