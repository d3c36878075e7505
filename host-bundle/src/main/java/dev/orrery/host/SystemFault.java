package dev.orrery.host;

import java.util.Objects;

/**
 * A system (or condition or hook) that threw while the host ran a schedule. The host pauses the
 * simulation and keeps the fault for devtools; it keeps no reference to the exception itself, so the
 * classes of the plugin's bundle stay collectable.
 *
 * @param schedule the schedule that was running
 * @param system the name of the system that was running when the exception escaped, or
 *     {@code "?"} when no system was running (a condition or a hook outside a system threw)
 * @param plugin the name of the plugin that declared that system (its schedule's name when the
 *     schedule declared it), or {@code "?"} when unknown
 * @param frame the number of the frame in which it happened (frames count from 1)
 * @param errorType the exception's class name
 * @param message the exception's message, or the empty string
 * @param stackTrace the exception's full stack trace as text
 */
public record SystemFault(String schedule, String system, String plugin, long frame, String errorType,
                          String message, String stackTrace) {
    /** Checks for nulls. */
    public SystemFault {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(errorType, "errorType");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(stackTrace, "stackTrace");
    }

    /** @return one line: schedule, system, plugin, frame and the error */
    public String describe() {
        return "system '" + system + "' of plugin '" + plugin + "' in schedule '" + schedule + "' threw "
                + errorType + (message.isEmpty() ? "" : ": " + message) + " in frame " + frame;
    }

    @Override
    public String toString() {
        return describe();
    }
}
