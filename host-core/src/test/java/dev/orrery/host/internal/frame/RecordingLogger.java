package dev.orrery.host.internal.frame;

import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;
import java.util.function.Predicate;

/** A {@link System.Logger} that keeps what it is given, so tests assert on log lines instead of printing them. */
final class RecordingLogger implements System.Logger {
    /**
     * One logged line.
     *
     * @param level its level
     * @param message its text
     * @param thrown the throwable logged with it, or null
     */
    record Line(Level level, String message, Throwable thrown) {
    }

    private final List<Line> lines = new ArrayList<>();

    @Override
    public String getName() {
        return "recording";
    }

    @Override
    public boolean isLoggable(Level level) {
        return true;
    }

    @Override
    public synchronized void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
        lines.add(new Line(level, msg, thrown));
    }

    @Override
    public synchronized void log(Level level, ResourceBundle bundle, String format, Object... params) {
        lines.add(new Line(level, params == null || params.length == 0 ? format
                : java.text.MessageFormat.format(format, params), null));
    }

    /** @return every line so far */
    synchronized List<Line> lines() {
        return List.copyOf(lines);
    }

    /**
     * @param level a level
     * @return the lines of that level
     */
    synchronized List<Line> at(Level level) {
        return lines.stream().filter(l -> l.level() == level).toList();
    }

    /**
     * @param test a test of the text
     * @return the lines whose text passes it
     */
    synchronized List<Line> matching(Predicate<String> test) {
        return lines.stream().filter(l -> test.test(l.message())).toList();
    }
}
