package dev.orrery.plugin.devtools.report;

import dev.orrery.host.ParkedFrame;
import java.util.Objects;

/**
 * A steering command ({@code orrery:enable}, {@code disable}, {@code enablePhase}, {@code disablePhase})
 * given while the world update is parked: it was checked (the schedule and the system or phase exist) and
 * queued; the host applies it at the next frame boundary, once the wait has ended. The command returns at
 * once instead of waiting for a frame thread that takes no work during the wait.
 *
 * @param command the command, e.g. {@code disable}
 * @param target what it changes, e.g. {@code system 'dnd/ai' in schedule main}
 * @param parked where the update waits
 * @since 0.4
 */
public record QueuedRequest(String command, String target, ParkedFrame parked) implements Report {
    /** Checks for nulls. */
    public QueuedRequest {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(parked, "parked");
    }
}
