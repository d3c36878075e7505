package dev.orrery.testkit.paxexam;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import org.junit.jupiter.api.Test;

class PlatformOptionsTest {
    @Test
    void theDefaultsAreWhatPlatformDocuments() {
        PlatformOptions d = PlatformOptions.defaults();
        assertEquals(50, d.quietMillis());
        assertEquals(500, d.maxDelayMillis());
        assertTrue(d.prefabs());
        assertNull(d.frameworkEventsLogLevel());
        assertNull(d.watchedFolder());
    }

    @Test
    void theBuilderSetsEveryKnob() {
        File dir = new File("target/watched");
        PlatformOptions o = PlatformOptions.builder().rebuildCoalescing(150, 1000).prefabs(false)
                .frameworkEventsLogLevel("AUDIT").watchedFolder(dir).build();
        assertEquals(150, o.quietMillis());
        assertEquals(1000, o.maxDelayMillis());
        assertFalse(o.prefabs());
        assertEquals("AUDIT", o.frameworkEventsLogLevel());
        assertEquals(dir, o.watchedFolder());
    }

    @Test
    void aLongestDelayShorterThanTheQuietPeriodIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PlatformOptions.builder().rebuildCoalescing(200, 100));
        assertEquals("PlatformOptions.rebuildCoalescing: need 0 <= quietMillis <= maxDelayMillis, got 200 and 100",
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PlatformOptions.builder().rebuildCoalescing(-1, 100));
    }
}
