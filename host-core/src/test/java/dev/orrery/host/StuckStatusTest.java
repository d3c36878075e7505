package dev.orrery.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A status names a stuck frame exactly in state STUCK; the stuck frame says in one line what runs. */
class StuckStatusTest {
    private final StuckFrame frame = StuckFrame.builder(57).runningFor(Duration.ofMillis(10_250))
            .system("main", "net/accept", "net").build();

    @Test
    @DisplayName("STUCK goes with a stuck frame and no other state does")
    void stuckGoesWithAStuckFrame() {
        HostStatus s = HostStatus.builder().state(RunState.STUCK).mode(FrameMode.REAL_TIME).frames(56).stuck(frame).build();
        assertEquals(frame, s.stuck().orElseThrow());
        assertEquals("HostStatus[state=STUCK, mode=REAL_TIME, frames=56, lastFault=null, stuck=system 'net/accept' of plugin"
                + " 'net' in schedule 'main' has not returned for 10250 ms (frame 57)]", s.toString());
        assertThrows(IllegalArgumentException.class,
                () -> HostStatus.builder().state(RunState.STUCK).mode(FrameMode.REAL_TIME).build());
        assertThrows(IllegalArgumentException.class,
                () -> HostStatus.builder().state(RunState.RUNNING).mode(FrameMode.REAL_TIME).stuck(frame).build());
        assertEquals("HostStatus[state=RUNNING, mode=FIXED, frames=1, lastFault=null]",
                HostStatus.builder().state(RunState.RUNNING).mode(FrameMode.FIXED).frames(1).build().toString());
    }

    @Test
    @DisplayName("a stuck observer is named with the system it observes, without a plugin")
    void observer() {
        StuckFrame o = StuckFrame.builder(3).runningFor(Duration.ofSeconds(12)).system("main", "a", null)
                .observer("observer service 9 (b/1.0.0), its onSkip").build();
        assertEquals("observer service 9 (b/1.0.0), its onSkip around system 'a' in schedule 'main' has not returned for"
                + " 12000 ms (frame 3)", o.describe());
        assertEquals(o, StuckFrame.builder(3).runningFor(Duration.ofSeconds(12)).system("main", "a", null)
                .observer("observer service 9 (b/1.0.0), its onSkip").build());
    }
}
