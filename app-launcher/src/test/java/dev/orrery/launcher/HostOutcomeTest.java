package dev.orrery.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@link HostOutcome} reads objects shaped like the host's {@code HostStatus} and {@code SystemFault}. */
class HostOutcomeTest {
    /** Shaped like dev.orrery.host.RunState. */
    public enum State { RUNNING, PAUSED, STOPPED }

    /** Shaped like dev.orrery.host.SystemFault (with the stage the host adds). */
    public record Fault(String stage, String describe) {
    }

    /** Shaped like dev.orrery.host.SystemFault before the stage was added. */
    public record OldFault(String describe) {
    }

    /** Shaped like dev.orrery.host.HostStatus. */
    public record Status(State state, Object lastFault) {
        public Optional<Object> fault() {
            return Optional.ofNullable(lastFault);
        }
    }

    private static final Fault DIED = new Fault("frame thread", "system '?' of plugin '?' in schedule 'main' threw"
            + " java.lang.OutOfMemoryError: Java heap space in frame 9");
    private static final Fault THREW = new Fault("run", "system 'dnd/ai' of plugin 'dnd' in schedule 'main' threw"
            + " java.lang.IllegalStateException: boom in frame 3");

    @Test
    @DisplayName("a frame thread that died ends any run")
    void frameThreadDied() throws ReflectiveOperationException {
        assertEquals(Optional.of("the host's frame thread died: " + DIED.describe()),
                HostOutcome.problem(new Status(State.STOPPED, DIED), false));
        assertEquals(Optional.of("the host's frame thread died: " + DIED.describe()),
                HostOutcome.problem(new Status(State.STOPPED, DIED), true));
    }

    @Test
    @DisplayName("a pause on a fault ends a headless run only; a stop after an old fault is fine")
    void pausedOnAFault() throws ReflectiveOperationException {
        assertEquals(Optional.of("the simulation paused on a fault, and a headless run has no one to resume it: "
                + THREW.describe()), HostOutcome.problem(new Status(State.PAUSED, THREW), true));
        assertEquals(Optional.empty(), HostOutcome.problem(new Status(State.PAUSED, THREW), false));
        assertEquals(Optional.empty(), HostOutcome.problem(new Status(State.STOPPED, THREW), true));
        assertEquals(Optional.empty(), HostOutcome.problem(new Status(State.RUNNING, THREW), true));
        assertEquals(Optional.empty(), HostOutcome.problem(new Status(State.PAUSED, null), true));
    }

    @Test
    @DisplayName("a fault without a stage (an older host) is never taken for a dead frame thread")
    void olderHost() throws ReflectiveOperationException {
        assertEquals(Optional.empty(), HostOutcome.problem(new Status(State.STOPPED, new OldFault("x")), true));
    }
}
