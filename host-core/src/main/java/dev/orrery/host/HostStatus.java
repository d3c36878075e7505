package dev.orrery.host;

import java.util.Objects;
import java.util.Optional;

/**
 * A snapshot of the host's frame loop.
 *
 * @param state running, paused or stopped
 * @param mode the frame mode in force
 * @param frames the number of frames run so far (a frame counts when the main schedule ran or threw)
 * @param lastFault the most recent system fault, kept after {@link GameHost#resume()} until the next
 *     fault replaces it; null for none
 */
public record HostStatus(RunState state, FrameMode mode, long frames, SystemFault lastFault) {
    /** Checks for nulls. */
    public HostStatus {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(mode, "mode");
    }

    /** @return the most recent system fault, if any */
    public Optional<SystemFault> fault() {
        return Optional.ofNullable(lastFault);
    }
}
