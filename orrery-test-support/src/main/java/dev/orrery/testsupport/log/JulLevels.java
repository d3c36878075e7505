package dev.orrery.testsupport.log;

import java.util.logging.Level;

/** The JDK's mapping between {@link System.Logger.Level} and {@code java.util.logging} levels, both ways. */
final class JulLevels {
    private JulLevels() {
    }

    /** @return the {@code java.util.logging} level the JDK logs a {@link System.Logger} level at */
    static Level toJul(System.Logger.Level level) {
        return switch (level) {
            case ALL -> Level.ALL;
            case TRACE -> Level.FINER;
            case DEBUG -> Level.FINE;
            case INFO -> Level.INFO;
            case WARNING -> Level.WARNING;
            case ERROR -> Level.SEVERE;
            case OFF -> Level.OFF;
        };
    }

    /** @return the {@link System.Logger} level of a {@code java.util.logging} level (by severity) */
    static System.Logger.Level fromJul(Level level) {
        int v = level.intValue();
        if (v >= Level.SEVERE.intValue()) {
            return System.Logger.Level.ERROR;
        }
        if (v >= Level.WARNING.intValue()) {
            return System.Logger.Level.WARNING;
        }
        if (v >= Level.INFO.intValue()) {
            return System.Logger.Level.INFO;
        }
        if (v >= Level.FINE.intValue()) {
            return System.Logger.Level.DEBUG;
        }
        return System.Logger.Level.TRACE;
    }
}
