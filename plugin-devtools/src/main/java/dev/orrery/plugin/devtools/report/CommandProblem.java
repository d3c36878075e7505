package dev.orrery.plugin.devtools.report;

import java.util.Objects;

/**
 * Why a command did nothing: bad input (an unknown schedule, system or phase, a malformed count or
 * format, a wrong number of arguments, with the usage line where the input was malformed), a host that
 * refused (a step while running) or a frame thread that did not answer in time. Nothing was changed.
 *
 * @param message what is wrong, naming the thing at fault: one line of the devtools' own; a host's
 *     message (of a system fault, say) is passed on as it is; not null
 * @since 0.1
 */
public record CommandProblem(String message) implements Report {
    /** @throws NullPointerException if message is null */
    public CommandProblem {
        Objects.requireNonNull(message, "message");
    }
}
