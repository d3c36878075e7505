package dev.orrery.launcher;

import java.util.Optional;

/**
 * Reads the host's state from its {@code dev.orrery.host.GameHost} service, reflectively (the
 * launcher's class path does not see host classes): {@code status()} gives a {@code HostStatus}
 * ({@code state()}: RUNNING, PAUSED, STUCK or STOPPED; {@code fault()}: the last {@code SystemFault}, whose
 * {@code kind()} is {@code FRAME_THREAD} when the frame thread died and whose {@code describe()} is
 * one line naming schedule, system, plugin and error; {@code stuck()}: the {@code StuckFrame}, whose
 * {@code describe()} names what has not returned). The JPMS front end applies the same rule to the typed
 * status ({@code dev.orrery.host.jpms.RunProblem}).
 */
final class HostOutcome {
    /** {@code SystemFault.kind()} of a frame thread that died. */
    static final String FRAME_THREAD = "FRAME_THREAD";

    private HostOutcome() {
    }

    /**
     * @param status a {@code HostStatus}
     * @param headless whether nobody can resume a paused simulation (then a pause on a fault ends the
     *     run too)
     * @return as {@link #problem(Object, boolean, boolean)} for a run that goes on
     * @throws ReflectiveOperationException if the objects are not shaped like a {@code HostStatus} and
     *     its {@code SystemFault}
     */
    static Optional<String> problem(Object status, boolean headless) throws ReflectiveOperationException {
        return problem(status, headless, false);
    }

    /**
     * @param status a {@code HostStatus}
     * @param headless whether nobody can resume a paused simulation or end a stuck frame (then a pause on a
     *     fault, or a stuck frame, ends the run too)
     * @param ending whether the run is ending (the host stopped): then a stuck frame is a failure in any run
     * @return why the run cannot go on, in one line: the frame thread died (STOPPED with a fault of kind
     *     FRAME_THREAD); the host is stuck (when ending, or headless); when headless, the simulation paused on
     *     a system fault; empty when the host is fine or merely stopped
     * @throws ReflectiveOperationException if the objects are not shaped like a {@code HostStatus} and
     *     its {@code SystemFault} (or {@code StuckFrame})
     */
    static Optional<String> problem(Object status, boolean headless, boolean ending) throws ReflectiveOperationException {
        String state = String.valueOf(Reflect.call(status, "state"));
        if (state.equals("STUCK") && (ending || headless)) {
            Optional<?> stuck = (Optional<?>) Reflect.call(status, "stuck");
            String what = stuck.isPresent() ? String.valueOf(Reflect.call(stuck.get(), "describe")) : "a frame has not returned";
            return Optional.of("the host is stuck: " + what + (ending ? "; the process exits without waiting for it"
                    : ", and a headless run has no one to end it"));
        }
        Optional<?> fault = (Optional<?>) Reflect.call(status, "fault");
        if (fault.isEmpty()) {
            return Optional.empty();
        }
        Object f = fault.get();
        String kind = String.valueOf(Reflect.call(f, "kind"));
        String what = String.valueOf(Reflect.call(f, "describe"));
        if (state.equals("STOPPED") && kind.equals(FRAME_THREAD)) {
            return Optional.of("the host's frame thread died: " + what);
        }
        if (headless && state.equals("PAUSED")) {
            return Optional.of("the simulation paused on a fault, and a headless run has no one to resume it: " + what);
        }
        return Optional.empty();
    }
}
