package dev.orrery.testsupport.log;

import java.text.MessageFormat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.ResourceBundle;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Keeps log records for a test to assert on, and keeps them off the console: a test that provokes a
 * fault asserts on the line instead of printing it. Two ways in, one record of what was logged:
 * <ul>
 *   <li>{@link #logger()} (or {@link #logger(System.Logger.Level)}): a {@link System.Logger} to hand to
 *       the code under test (the host core, the frame loop, the JPMS front end take one). It prints
 *       nothing.</li>
 *   <li>{@link #attach(String)} (or {@link #attach(String, System.Logger.Level)}): a handler on the
 *       {@code java.util.logging} logger of that name, which is where {@code System.getLogger(name)}
 *       goes unless a framework installs another {@code System.LoggerFinder}. While attached, that
 *       logger's records reach this capture and not the console; {@link #close()} gives them back.</li>
 * </ul>
 * Use the attached form with try-with-resources:
 *
 * <pre>{@code
 * try (CapturedLog log = CapturedLog.attach("dev.orrery.schedule")) {
 *     ... provoke the warning ...
 *     assertEquals(List.of("WARNING schedule 'main': ..."), log.lines());
 * }
 * }</pre>
 *
 * <p>Threads: records may come from any thread; every method may be called from any thread, and
 * {@link #await} wakes up on the record it waits for (no polling).
 *
 * <p>Implementation notes: guarded by {@code this}: the record list. The attached form holds the
 * {@code java.util.logging} logger strongly (that framework keeps loggers weakly, and a collected
 * logger would lose the handler). The in-framework capture of the test kit
 * ({@code dev.orrery.testkit.osgi.LogCapture}) is a published API with its own line format
 * ({@code java.util.logging} level names) and stays separate.
 */
public final class CapturedLog implements AutoCloseable {
    private final String name;
    private final System.Logger.Level least;
    private final List<LogLine> records = new ArrayList<>(); // guarded by this
    private final Attachment attachment; // null when not attached

    private CapturedLog(String name, System.Logger.Level least, boolean attach, boolean setLevel) {
        this.name = name;
        this.least = least;
        this.attachment = attach ? new Attachment(this, name, setLevel ? least : null) : null;
    }

    /**
     * @return a capture fed through {@link #logger()}, recording every level; closing it does nothing
     */
    public static CapturedLog create() {
        return new CapturedLog("captured", System.Logger.Level.ALL, false, false);
    }

    /**
     * @param least the lowest level recorded; the logger reports lower levels as not loggable
     * @return a capture fed through {@link #logger()}
     * @throws NullPointerException if least is null
     */
    public static CapturedLog create(System.Logger.Level least) {
        return new CapturedLog("captured", Objects.requireNonNull(least, "CapturedLog.create: least"), false, false);
    }

    /**
     * Starts capturing a {@code java.util.logging} logger and its children, at the level the logger
     * already has (by default the root's {@code INFO}).
     *
     * @param loggerName the logger name, e.g. {@code dev.orrery.schedule}
     * @return an open capture; close it to give the console its records back
     * @throws NullPointerException if loggerName is null
     */
    public static CapturedLog attach(String loggerName) {
        Objects.requireNonNull(loggerName, "CapturedLog.attach: loggerName");
        return new CapturedLog(loggerName, System.Logger.Level.ALL, true, false);
    }

    /**
     * Starts capturing a {@code java.util.logging} logger and its children from a level up, which the
     * logger is set to while the capture is open (so code that asks {@code isLoggable} sees that
     * level); {@link #close()} restores the logger's own level.
     *
     * @param loggerName the logger name, e.g. {@code dev.orrery.host}
     * @param least the lowest level recorded
     * @return an open capture
     * @throws NullPointerException if an argument is null
     */
    public static CapturedLog attach(String loggerName, System.Logger.Level least) {
        Objects.requireNonNull(loggerName, "CapturedLog.attach: loggerName");
        Objects.requireNonNull(least, "CapturedLog.attach: least");
        return new CapturedLog(loggerName, least, true, true);
    }

    /** @return a {@link System.Logger} that records into this capture, at every level from the least up */
    public System.Logger logger() {
        return logger(name);
    }

    /**
     * @param loggerName the name the logger reports ({@link System.Logger#getName()}) and its records carry
     * @return a {@link System.Logger} that records into this capture
     * @throws NullPointerException if loggerName is null
     */
    public System.Logger logger(String loggerName) {
        return new Recorder(this, Objects.requireNonNull(loggerName, "CapturedLog.logger: loggerName"));
    }

    /** @return every record so far, oldest first */
    public synchronized List<LogLine> records() {
        return List.copyOf(records);
    }

    /** @return every record so far as {@code LEVEL message} ({@link LogLine#toString()}) */
    public synchronized List<String> lines() {
        return records.stream().map(LogLine::toString).toList();
    }

    /**
     * @param level a level
     * @return the records of exactly that level
     */
    public synchronized List<LogLine> at(System.Logger.Level level) {
        return records.stream().filter(r -> r.level() == level).toList();
    }

    /**
     * @param level a level
     * @return the messages of the records of exactly that level, oldest first
     */
    public synchronized List<String> messagesAt(System.Logger.Level level) {
        return records.stream().filter(r -> r.level() == level).map(LogLine::message).toList();
    }

    /**
     * @param test a test of a record's message
     * @return the records whose message passes it
     */
    public synchronized List<LogLine> matching(Predicate<String> test) {
        return records.stream().filter(r -> test.test(r.message())).toList();
    }

    /** @return how many records would have printed a stack trace ({@link LogLine#hasStackTrace()}) */
    public synchronized long stackTraces() {
        return records.stream().filter(LogLine::hasStackTrace).count();
    }

    /** Forgets what was recorded so far. */
    public synchronized void clear() {
        records.clear();
    }

    /**
     * Waits until a record's line ({@code LEVEL message}) matches; wakes up on each new record.
     *
     * @param match the test on a line
     * @param timeout how long to wait at most: a safety net for a record that never comes, not a
     *     measured time
     * @return the first matching record
     * @throws AssertionError if none matched in time; the message lists the lines recorded
     * @throws InterruptedException if interrupted while waiting
     */
    public synchronized LogLine await(Predicate<String> match, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (true) {
            for (LogLine r : records) {
                if (match.test(r.toString())) {
                    return r;
                }
            }
            long left = end - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no matching log line of '" + name + "' within " + timeout + "; recorded: "
                        + lines());
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
    }

    /** Detaches from the {@code java.util.logging} logger, if attached, and restores it. Idempotent. */
    @Override
    public void close() {
        if (attachment != null) {
            attachment.detach();
        }
    }

    @Override
    public synchronized String toString() {
        return "CapturedLog[" + name + ", " + records.size() + " records]";
    }

    private boolean records(System.Logger.Level level) {
        return level != System.Logger.Level.OFF && level.getSeverity() >= least.getSeverity();
    }

    private synchronized void add(LogLine line) {
        records.add(line);
        notifyAll();
    }

    /** The {@link System.Logger} way in. */
    private static final class Recorder implements System.Logger {
        private final CapturedLog log;
        private final String name;

        Recorder(CapturedLog log, String name) {
            this.log = log;
            this.name = name;
        }

        @Override
        public String getName() {
            return name;
        }

        @Override
        public boolean isLoggable(Level level) {
            return log.records(level);
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
            if (isLoggable(level)) {
                log.add(new LogLine(level, name, String.valueOf(msg), thrown));
            }
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String format, Object... params) {
            if (isLoggable(level)) {
                String text = params == null || params.length == 0 ? format : MessageFormat.format(format, params);
                log.add(new LogLine(level, name, String.valueOf(text), null));
            }
        }
    }

    /** The {@code java.util.logging} way in: a handler on one logger, and what to restore. */
    private static final class Attachment extends Handler {
        private final CapturedLog log;
        private final Logger logger;
        private final java.util.logging.Level previousLevel;
        private final boolean previousUseParent;
        private final boolean ownsLevel;
        private boolean attached; // guarded by this

        Attachment(CapturedLog log, String name, System.Logger.Level level) {
            this.log = log;
            this.logger = Logger.getLogger(name);
            this.previousLevel = logger.getLevel();
            this.previousUseParent = logger.getUseParentHandlers();
            this.ownsLevel = level != null;
            setLevel(java.util.logging.Level.ALL);
            if (ownsLevel) {
                logger.setLevel(JulLevels.toJul(level));
            }
            logger.setUseParentHandlers(false);
            logger.addHandler(this);
            attached = true;
        }

        @Override
        public void publish(LogRecord r) {
            String msg = r.getMessage();
            Object[] params = r.getParameters();
            if (msg != null && params != null && params.length > 0) {
                msg = MessageFormat.format(msg, params);
            }
            System.Logger.Level level = JulLevels.fromJul(r.getLevel());
            if (log.records(level)) {
                log.add(new LogLine(level, String.valueOf(r.getLoggerName()), String.valueOf(msg), r.getThrown()));
            }
        }

        synchronized void detach() {
            if (!attached) {
                return;
            }
            attached = false;
            logger.removeHandler(this);
            if (ownsLevel) {
                logger.setLevel(previousLevel);
            }
            logger.setUseParentHandlers(previousUseParent);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
