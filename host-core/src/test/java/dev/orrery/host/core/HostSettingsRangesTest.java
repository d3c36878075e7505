package dev.orrery.host.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orrery.host.HostSettings;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Every numeric host setting is checked for a finite value in its range, and the counts and
 * milliseconds for a whole number: a value that makes no sense is refused in one line naming the
 * property, never cut off or taken as something else.
 */
class HostSettingsRangesTest {
    private static IllegalArgumentException refused(String... keyValues) {
        Map<String, String> props = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            props.put("orrery.host." + keyValues[i], keyValues[i + 1]);
        }
        return assertThrows(IllegalArgumentException.class, () -> HostSettingsParser.fromProperties(props::get));
    }

    @ParameterizedTest(name = "orrery.host.rate={0}")
    @CsvSource({"Infinity", "-Infinity", "1e300", "1e-20", "NaN", "-1", "10001"})
    @DisplayName("a rate that is not finite, too slow or too fast is refused naming orrery.host.rate")
    void rate(String value) {
        assertEquals("host configuration: orrery.host.rate must be > 0 (or 0 in fixed mode): a number of frames per second"
                + " from 0.001 to 10000, got " + Double.parseDouble(value), refused("rate", value).getMessage());
    }

    @ParameterizedTest(name = "orrery.host.frames={0}")
    @CsvSource({"NaN", "-0.5", "0.9", "120.7", "-1", "Infinity", "1e30", "ten"})
    @DisplayName("a frame budget that is not a whole number (fractions, NaN, negative) is refused, never cut off")
    void frames(String value) {
        assertEquals("host configuration: orrery.host.frames must be a whole number from 0 to 9223372036854775807, got '"
                + value + "'", refused("mode", "fixed", "rate", "0", "frames", value).getMessage());
    }

    @ParameterizedTest(name = "orrery.host.{0}={1}")
    @CsvSource({"quietMillis,NaN,60000", "quietMillis,1e30,60000", "quietMillis,2.5,60000", "quietMillis,-1,60000",
        "maxDelayMillis,1e30,60000", "frameWarnMillis,NaN,3600000", "frameWarnMillis,0.5,3600000",
        "stuckMillis,NaN,3600000", "stuckMillis,-5,3600000", "stuckMillis,3600001,3600000"})
    @DisplayName("milliseconds that are not a whole number in range are refused naming the property")
    void millis(String key, String value, long max) {
        assertEquals("host configuration: orrery.host." + key + " must be a whole number from 0 to " + max + ", got '" + value
                + "'", refused(key, value).getMessage());
    }

    @Test
    @DisplayName("quietMillis=maxDelayMillis=1e30 is refused (no rebuild would ever start)")
    void coalescingThatNeverEnds() {
        assertEquals("host configuration: orrery.host.quietMillis must be a whole number from 0 to 60000, got '1e30'",
                refused("quietMillis", "1e30", "maxDelayMillis", "1e30").getMessage());
        assertEquals("host configuration: orrery.host.maxDelayMillis must be from quietMillis (500) to 60000, got 400",
                refused("quietMillis", "500", "maxDelayMillis", "400").getMessage());
    }

    @ParameterizedTest(name = "orrery.host.{0}={1}")
    @CsvSource({"maxDt,NaN", "maxDt,Infinity", "maxDt,0", "maxDt,3601", "fixedDt,NaN", "fixedDt,-Infinity", "fixedDt,1e300"})
    @DisplayName("a dt that is not finite or out of range is refused naming the property")
    void dt(String key, String value) {
        String message = refused(key, value).getMessage();
        assertEquals("host configuration: orrery.host." + key + " must be a finite number "
                + (key.equals("maxDt") ? "> 0" : ">= 0") + " and at most 3600 seconds, got " + Double.parseDouble(value), message);
    }

    @Test
    @DisplayName("whole numbers may be written as decimals or exponents that are whole, and given as numbers")
    void wholeNumbersInOtherShapes() {
        HostSettings s = HostSettingsParser.fromProperties(Map.of("orrery.host.frames", "1e3", "orrery.host.quietMillis",
                "120.0", "orrery.host.mode", "fixed", "orrery.host.rate", "0")::get);
        assertEquals(1000, s.frames());
        assertEquals(Duration.ofMillis(120), s.quietPeriod());
        HostSettings n = HostSettingsParser.parse(Map.of("frames", 600L, "stuckMillis", 2500, "frameWarnMillis", 100.0), k -> null);
        assertEquals(600, n.frames());
        assertEquals(Duration.ofMillis(2500), n.stuckLimit());
        assertEquals(Duration.ofMillis(100), n.frameWarnLimit());
        assertThrows(IllegalArgumentException.class, () -> HostSettingsParser.parse(Map.of("frames", 0.5), k -> null));
    }

    @Test
    @DisplayName("the keys the parser reads are its KEYS, stuckMillis among them (default 10 s, 0 for never)")
    void keys() {
        List<String> asked = new java.util.ArrayList<>();
        HostSettingsParser.fromProperties(k -> {
            asked.add(k.substring(HostSettingsParser.PROPERTY_PREFIX.length()));
            return null;
        });
        assertEquals(HostSettingsParser.KEYS, asked);
        assertEquals(Duration.ofSeconds(10), HostSettings.defaults().stuckLimit());
        assertEquals(Duration.ZERO, HostSettingsParser.fromProperties(Map.of("orrery.host.stuckMillis", "0")::get).stuckLimit());
    }
}
