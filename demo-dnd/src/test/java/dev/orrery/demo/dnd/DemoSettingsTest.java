package dev.orrery.demo.dnd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DemoSettingsTest {
    @Test
    @DisplayName("framework properties set seed, interactive mode and exit; a missing seed is random in 1..999999")
    void reads() {
        assertEquals(new DemoSettings(42, true, false), DemoSettings.from(Map.of(DemoSettings.SEED, " 42 ",
                DemoSettings.INTERACTIVE, "true", DemoSettings.EXIT_WHEN_OVER, "FALSE")::get));
        DemoSettings d = DemoSettings.from(Map.<String, String>of()::get);
        assertTrue(d.seed() >= 1 && d.seed() < 1_000_000, "seed " + d.seed());
        assertEquals(false, d.interactive());
        assertEquals(true, d.exitWhenOver());
    }

    @Test
    @DisplayName("a bad value names the property")
    void badValues() {
        String range = "orrery.demo.seed: not a whole number from -9223372036854775808 to 9223372036854775807: ";
        assertEquals(range + "'abc'", assertThrows(IllegalArgumentException.class,
                () -> DemoSettings.from(Map.of(DemoSettings.SEED, "abc")::get)).getMessage());
        assertEquals(range + "'9223372036854775808'", assertThrows(IllegalArgumentException.class,
                () -> DemoSettings.from(Map.of(DemoSettings.SEED, "9223372036854775808")::get)).getMessage());
        assertEquals(Long.MIN_VALUE, DemoSettings.from(Map.of(DemoSettings.SEED, "-9223372036854775808")::get).seed());
        assertEquals("orrery.demo.interactive: expected true or false, got 'yes'", assertThrows(IllegalArgumentException.class,
                () -> DemoSettings.from(Map.of(DemoSettings.INTERACTIVE, "yes")::get)).getMessage());
    }

    @Test
    @DisplayName("the configuration read's delay: milliseconds from 0 to 600000, default 0; a bad value names the property")
    void configDelay() {
        assertEquals(java.time.Duration.ZERO, DemoSettings.configDelay(Map.<String, String>of()::get));
        assertEquals(java.time.Duration.ofMillis(3000), DemoSettings.configDelay(Map.of(DemoSettings.CONFIG_DELAY, " 3000")::get));
        for (String bad : new String[] {"-1", "600001", "2s"}) {
            assertEquals("orrery.demo.configDelayMillis: expected a whole number of milliseconds from 0 to 600000, got '"
                    + bad + "'", assertThrows(IllegalArgumentException.class,
                    () -> DemoSettings.configDelay(Map.of(DemoSettings.CONFIG_DELAY, bad)::get)).getMessage());
        }
    }
}
