package dev.orrery.host;

import java.util.Objects;

/**
 * A system, one of its run conditions or one of its lifecycle functions threw while the host ran a
 * schedule or disposed systems, or the frame thread itself died. For a system or condition the host pauses the simulation and keeps the fault for
 * devtools; it keeps no reference to the exception itself, so the classes of the plugin's bundle stay
 * collectable. An observer ({@code ScheduleHooks} service) that throws is not a system fault: it is
 * quarantined instead (see {@link GameHost#observers()}).
 *
 * @param schedule the schedule that was running (the innermost one, when a system steps another
 *     schedule)
 * @param system the name of the system that threw or whose condition threw, or {@code "?"} when
 *     unknown (stage {@value #STAGE_FRAME_THREAD})
 * @param plugin the name of the plugin that declared that system (its schedule's name when the
 *     schedule declared it), or {@code "?"} when unknown
 * @param stage where it threw: {@value #STAGE_RUN} (the system's run function),
 *     {@value #STAGE_CONDITION} (the system's own run condition), {@code "set condition 'X'"} (the
 *     condition of system set X that the system is in), {@code "init"} (the system's init function,
 *     run on the frame thread before its phase first executes; the simulation pauses as for a run
 *     fault), {@code "dispose"} (its dispose function, run on the frame thread when the system left at
 *     a swap or when the host stopped; the host logs it and goes on), or {@value #STAGE_FRAME_THREAD}
 *     (the frame thread died: the host is stopped)
 * @param frame the number of the frame in which it happened (frames count from 1)
 * @param errorType the exception's class name
 * @param message the exception's message, or the empty string
 * @param stackTrace the exception's full stack trace as text
 */
public record SystemFault(String schedule, String system, String plugin, String stage, long frame,
                          String errorType, String message, String stackTrace) {
    /** {@link #stage()} of a fault in a system's run function. */
    public static final String STAGE_RUN = "run";
    /** {@link #stage()} of a fault in a system's own run condition. */
    public static final String STAGE_CONDITION = "condition";
    /** {@link #stage()} of a fault that killed the frame thread (the host is stopped). */
    public static final String STAGE_FRAME_THREAD = "frame thread";

    /** Checks for nulls. */
    public SystemFault {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(errorType, "errorType");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(stackTrace, "stackTrace");
    }

    /**
     * @return one line: what threw (the system, its condition or set condition, or the frame thread),
     *     plugin, schedule, frame and the error, e.g. {@code system 'game/move' of plugin 'game' in
     *     schedule 'main' threw java.lang.IllegalStateException: boom in frame 12}
     */
    public String describe() {
        String what;
        if (STAGE_FRAME_THREAD.equals(stage)) {
            what = "the frame thread (schedule '" + schedule + "'"
                    + ("?".equals(system) ? "" : ", system '" + system + "' of plugin '" + plugin + "'") + ") died of ";
        } else {
            String part = STAGE_RUN.equals(stage) ? "" : "the " + stage + " of ";
            what = part + "system '" + system + "' of plugin '" + plugin + "' in schedule '" + schedule + "' threw ";
        }
        return what + errorType + (message.isEmpty() ? "" : ": " + message) + " in frame " + frame;
    }

    @Override
    public String toString() {
        return describe();
    }
}
