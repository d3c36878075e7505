package dev.orrery.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@link HostOutcome} reads objects shaped like the host's {@code HostStatus} and {@code SystemFault}. */
class HostOutcomeTest {
    /** Shaped like dev.orrery.host.RunState. */
    public enum State { RUNNING, PAUSED, STOPPED }

    /** Shaped like dev.orrery.host.SystemFault.Kind. */
    public enum Kind { SYSTEM, FRAME_THREAD }

    /** Shaped like dev.orrery.host.SystemFault. */
    public record Fault(Kind kind, String describe) {
    }

    /** Not shaped like dev.orrery.host.SystemFault: it has no kind. */
    public record NotAFault(String describe) {
    }

    /** Shaped like dev.orrery.host.HostStatus. */
    public record Status(State state, Object lastFault) {
        public Optional<Object> fault() {
            return Optional.ofNullable(lastFault);
        }
    }

    private static final Fault DIED = new Fault(Kind.FRAME_THREAD, "the frame thread (schedule 'main') died of"
            + " java.lang.OutOfMemoryError: Java heap space in frame 9");
    private static final Fault THREW = new Fault(Kind.SYSTEM, "system 'dnd/ai' of plugin 'dnd' in schedule 'main' threw"
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
    @DisplayName("a fault not shaped like the host's SystemFault is refused, never taken for a dead frame thread")
    void notAFault() {
        assertThrows(NoSuchMethodException.class,
                () -> HostOutcome.problem(new Status(State.STOPPED, new NotAFault("x")), true));
    }
}
