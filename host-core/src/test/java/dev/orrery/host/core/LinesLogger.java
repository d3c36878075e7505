package dev.orrery.host.core;

import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;

/** A System.Logger that keeps its lines ({@code LEVEL message}) for assertions and prints nothing. */
final class LinesLogger implements System.Logger {
    private final List<String> lines = new ArrayList<>();

    /** @return the lines logged so far, as {@code LEVEL message} */
    synchronized List<String> lines() {
        return List.copyOf(lines);
    }

    @Override
    public String getName() {
        return "lines";
    }

    @Override
    public boolean isLoggable(Level level) {
        return true;
    }

    @Override
    public synchronized void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
        lines.add(level + " " + msg + (thrown == null ? "" : " " + thrown));
    }

    @Override
    public synchronized void log(Level level, ResourceBundle bundle, String format, Object... params) {
        lines.add(level + " " + (params == null || params.length == 0 ? format : MessageFormat.format(format, params)));
    }
}
