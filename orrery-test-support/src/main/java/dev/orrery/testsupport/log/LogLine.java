package dev.orrery.testsupport.log;

import java.lang.System.Logger.Level;
import java.util.Objects;

/**
 * One captured log record.
 *
 * @param level its level, in {@link System.Logger} terms ({@code java.util.logging}'s {@code SEVERE}
 *     is {@link Level#ERROR}, {@code FINE} and {@code CONFIG} are {@link Level#DEBUG}, {@code FINER}
 *     and {@code FINEST} are {@link Level#TRACE}); not null
 * @param logger the name of the logger it was logged to; not null
 * @param message its text with any parameters filled in; not null ({@code "null"} for a null message)
 * @param thrown the throwable logged with it, or null
 */
public record LogLine(Level level, String logger, String message, Throwable thrown) {
    /**
     * @throws NullPointerException if level, logger or message is null
     */
    public LogLine {
        Objects.requireNonNull(level, "LogLine: level");
        Objects.requireNonNull(logger, "LogLine: logger");
        Objects.requireNonNull(message, "LogLine: message");
    }

    /**
     * @return whether printing this record would print a stack trace: it carries a throwable, or its
     *     text holds one ({@code "\tat "})
     */
    public boolean hasStackTrace() {
        return thrown != null || message.contains("\tat ");
    }

    /** @return {@code LEVEL message}, e.g. {@code WARNING schedule 'main': ...} */
    @Override
    public String toString() {
        return level.getName() + " " + message;
    }
}
