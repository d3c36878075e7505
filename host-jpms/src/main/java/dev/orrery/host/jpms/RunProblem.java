package dev.orrery.host.jpms;

import dev.orrery.host.HostStatus;
import dev.orrery.host.RunState;
import dev.orrery.host.SystemFault;
import java.util.Optional;

/**
 * Why a JPMS-mode run cannot go on, read from the host's status: the same rule and the same words as
 * the launcher's OSGi mode (which reads the status of the {@code GameHost} service reflectively).
 */
final class RunProblem {
    private RunProblem() {
    }

    /**
     * @param status the host's status
     * @param headless whether nobody can resume a paused simulation (then a pause on a fault, or a stuck
     *     frame, ends the run too)
     * @param ending whether the run is ending (the host stopped): then a stuck frame is a failure in any run
     * @return one line: the frame thread died (STOPPED with a fault of the frame thread); the host is stuck
     *     (when ending, or headless); when headless, the simulation paused on a system fault; empty when the
     *     host is fine or merely stopped
     */
    static Optional<String> of(HostStatus status, boolean headless, boolean ending) {
        if (status.state() == RunState.STUCK && (ending || headless)) {
            return Optional.of("the host is stuck: " + status.stuck().map(f -> f.describe()).orElse("a frame has not returned")
                    + (ending ? "; the process exits without waiting for it" : ", and a headless run has no one to end it"));
        }
        SystemFault f = status.fault().orElse(null);
        if (f == null) {
            return Optional.empty();
        }
        if (status.state() == RunState.STOPPED && f.kind() == SystemFault.Kind.FRAME_THREAD) {
            return Optional.of("the host's frame thread died: " + f.describe());
        }
        if (headless && status.state() == RunState.PAUSED) {
            return Optional.of("the simulation paused on a fault, and a headless run has no one to resume it: "
                    + f.describe());
        }
        return Optional.empty();
    }
}
