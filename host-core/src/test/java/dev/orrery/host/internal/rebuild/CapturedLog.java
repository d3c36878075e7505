package dev.orrery.host.internal.rebuild;

import java.text.MessageFormat;
import java.util.List;
import java.util.ResourceBundle;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/** A {@link System.Logger} that keeps every line instead of printing it, for tests that provoke faults. */
final class CapturedLog implements System.Logger {
    /** One logged line. */
    record Line(Level level, String message, Throwable thrown) {
    }

    private final List<Line> lines = new CopyOnWriteArrayList<>();

    /** @return every line logged so far */
    List<Line> lines() {
        return List.copyOf(lines);
    }

    /**
     * @param level a level
     * @return the messages logged at exactly that level, in order
     */
    List<String> at(Level level) {
        return lines.stream().filter(l -> l.level() == level).map(Line::message).collect(Collectors.toList());
    }

    @Override
    public String getName() {
        return "captured";
    }

    @Override
    public boolean isLoggable(Level level) {
        return true;
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
        lines.add(new Line(level, msg, thrown));
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String format, Object... params) {
        lines.add(new Line(level, params == null || params.length == 0 ? format
                : MessageFormat.format(format, params), null));
    }
}
