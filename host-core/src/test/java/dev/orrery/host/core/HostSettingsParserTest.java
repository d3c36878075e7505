package dev.orrery.host.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.FrameMode;
import dev.orrery.host.HostSettings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link HostSettingsParser} reads ConfigAdmin maps and properties into {@link HostSettings}; bad values in one line. */
class HostSettingsParserTest {
    @Test
    void defaultsAreRealTimeAt60HzWithMaxDtOfATenthOfASecond() {
        HostSettings c = HostSettings.defaults();
        assertEquals("main", c.mainSchedule());
        assertEquals(List.of(), c.order());
        assertEquals(FrameMode.REAL_TIME, c.mode());
        assertEquals(60.0, c.rate());
        assertEquals(0.1, c.maxDt());
        assertEquals(1.0 / 60, c.fixedDt());
        assertEquals(0, c.frames());
        assertFalse(c.startPaused());
        assertEquals(java.time.Duration.ofMillis(50), c.quietPeriod());
    }

    @Test
    void frameworkPropertiesFillInAndComponentPropertiesWin() {
        Map<String, String> framework = Map.of(
                "orrery.host.mode", "fixed",
                "orrery.host.order", " a, b ,,c ",
                "orrery.host.frames", "600",
                "orrery.host.rate", "0");
        HostSettings c = HostSettingsParser.parse(Map.of("order", new String[] {"x", "y"}), framework::get);
        assertEquals(FrameMode.FIXED, c.mode());
        assertEquals(List.of("x", "y"), c.order());
        assertEquals(600, c.frames());
        assertEquals(0.0, c.rate());
        assertEquals(List.of("a", "b", "c"), HostSettingsParser.parse(Map.of(), framework::get).order());
    }

    @Test
    void badValuesAreRejectedNamingTheKey() {
        IllegalArgumentException mode = assertThrows(IllegalArgumentException.class,
                () -> HostSettingsParser.parse(Map.of("mode", "turbo"), k -> null));
        assertEquals("host configuration: 'mode' (configuration dev.orrery.host) must be 'realtime' or 'fixed', got 'turbo'",
                mode.getMessage());
        IllegalArgumentException rate = assertThrows(IllegalArgumentException.class,
                () -> HostSettingsParser.parse(Map.of("rate", "fast"), k -> null));
        assertEquals("host configuration: 'rate' (configuration dev.orrery.host) must be a number, got 'fast'", rate.getMessage());
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                () -> HostSettingsParser.parse(Map.of("rate", 0), k -> null));
        assertTrue(zero.getMessage().startsWith("host configuration: orrery.host.rate must be > 0"), zero.getMessage());
        IllegalArgumentException paused = assertThrows(IllegalArgumentException.class,
                () -> HostSettingsParser.parse(Map.of("startPaused", "yes"), k -> null));
        assertEquals("host configuration: 'startPaused' (configuration dev.orrery.host) must be true or false, got 'yes'",
                paused.getMessage());
    }

    @Test
    void aBadFrameworkPropertyIsNamedAsWrittenWithTheAllowedValues() {
        IllegalArgumentException mode = assertThrows(IllegalArgumentException.class,
                () -> HostSettingsParser.parse(Map.of(), Map.of("orrery.host.mode", "bogus")::get));
        assertEquals("host configuration: orrery.host.mode must be 'realtime' or 'fixed', got 'bogus'", mode.getMessage());
        IllegalArgumentException paused = assertThrows(IllegalArgumentException.class,
                () -> HostSettingsParser.fromProperties(Map.of("orrery.host.startPaused", "maybe")::get));
        assertEquals("host configuration: orrery.host.startPaused must be true or false, got 'maybe'", paused.getMessage());
        HostSettingsParser.fromProperties(Map.of("orrery.host.mode", "fixed", "orrery.host.rate", "0")::get);
    }
}
