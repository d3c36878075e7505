package dev.orrery.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A status names a parked frame exactly in state PARKED; the parked frame says in one line where it waits. */
class ParkedStatusTest {
    private final ParkedFrame frame = new ParkedFrame(57, ParkedFrame.HOST_WORLD, "main", "OnUpdate", "net/load", "net",
            "player profile", "worker task", Instant.parse("2026-01-01T00:00:00Z"));

    @Test
    @DisplayName("PARKED goes with a parked frame and no other state does")
    void parkedGoesWithAParkedFrame() {
        HostStatus s = HostStatus.builder().state(RunState.PARKED).mode(FrameMode.REAL_TIME).frames(56).parked(frame).build();
        assertEquals(frame, s.parked().orElseThrow());
        assertEquals("HostStatus[state=PARKED, mode=REAL_TIME, frames=56, lastFault=null, parked=system 'net/load' of"
                + " plugin 'net' in schedule 'main' (world 'host', phase 'OnUpdate') is parked on 'player profile'"
                + " (worker task) since 2026-01-01T00:00:00Z (frame 57)]", s.toString());
        assertThrows(IllegalArgumentException.class,
                () -> HostStatus.builder().state(RunState.PARKED).mode(FrameMode.REAL_TIME).build());
        assertThrows(IllegalArgumentException.class,
                () -> HostStatus.builder().state(RunState.RUNNING).mode(FrameMode.REAL_TIME).parked(frame).build());
    }

    @Test
    @DisplayName("a parked frame whose system is unknown says so; values are required")
    void unknownSystem() {
        ParkedFrame p = new ParkedFrame(2, "host", "main", "OnUpdate", null, null, "x", "worker task",
                Instant.parse("2026-01-01T00:00:00Z"));
        assertEquals("a system in schedule 'main' (world 'host', phase 'OnUpdate') is parked on 'x' (worker task) since"
                + " 2026-01-01T00:00:00Z (frame 2)", p.describe());
        assertThrows(NullPointerException.class, () -> new ParkedFrame(2, "host", "main", "OnUpdate", null, null, null,
                "worker task", Instant.EPOCH));
    }
}
