package dev.orrery.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A stuck host ends a headless run, and any run that stops while stuck fails, naming what has not returned. */
class HostOutcomeStuckTest {
    /** Shaped like dev.orrery.host.RunState. */
    public enum State { RUNNING, STUCK }

    /** Shaped like dev.orrery.host.StuckFrame. */
    public record Stuck(String describe) {
    }

    /** Shaped like dev.orrery.host.HostStatus. */
    public record Status(State state, Object stuckFrame) {
        public Optional<Object> fault() {
            return Optional.empty();
        }

        public Optional<Object> stuck() {
            return Optional.ofNullable(stuckFrame);
        }
    }

    private static final Stuck NET = new Stuck("system 'net/accept' of plugin 'net' in schedule 'main' has not returned for"
            + " 10000 ms (frame 5)");

    @Test
    @DisplayName("stuck while running: the run goes on unless headless; stuck as it stops: a failure")
    void stuck() throws ReflectiveOperationException {
        Status s = new Status(State.STUCK, NET);
        assertEquals(Optional.empty(), HostOutcome.problem(s, false, false));
        assertEquals(Optional.of("the host is stuck: " + NET.describe() + ", and a headless run has no one to end it"),
                HostOutcome.problem(s, true, false));
        assertEquals(Optional.of("the host is stuck: " + NET.describe() + "; the process exits without waiting for it"),
                HostOutcome.problem(s, false, true));
        assertEquals(Optional.empty(), HostOutcome.problem(new Status(State.RUNNING, null), true, true));
    }
}
