package dev.orrery.plugin.devtools.report;

import dev.orrery.host.HostStatus;
import java.util.Objects;

/**
 * The host's state after {@code orrery:pause} or {@code orrery:resume}, read once the frame thread
 * reached the next frame boundary, or at once while the world update is parked (the state is then
 * {@code PARKED}, and the request applies when the wait ends).
 *
 * @param command which command ran
 * @param status the host's status afterwards
 * @since 0.1
 */
public record RunStateOutcome(Command command, HostStatus status) implements Report {
    /** The command that changed the run state. */
    public enum Command {
        /** {@code orrery:pause}. */
        PAUSE,
        /** {@code orrery:resume}. */
        RESUME
    }

    /** Checks for nulls. */
    public RunStateOutcome {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(status, "status");
    }
}
