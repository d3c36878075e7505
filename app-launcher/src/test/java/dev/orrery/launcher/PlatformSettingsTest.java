package dev.orrery.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orrery.schedule.NearestNames;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToIntBiFunction;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The launcher's own numbers are checked; unknown orrery.* keys are warned about with the nearest known one. */
class PlatformSettingsTest {
    private static final Set<String> KNOWN = Set.of("orrery.host.rate", "orrery.host.mode", "orrery.console.port",
            "orrery.plugins.dir", "orrery.home");

    @Test
    @DisplayName("orrery.host.rat: warned, did you mean orrery.host.rate; a plugin's own namespace passes; a typo of a namespace is caught")
    void unknownKeys() {
        assertEquals(List.of("warning: orrery.host.rat (-Dorrery.host.rat) is not a setting of the launcher, the host, the"
                + " web console or the devtools, and is ignored; did you mean orrery.host.rate?",
                "warning: orrery.hots.rate (-Dorrery.hots.rate) is not a setting of the launcher, the host, the web console"
                + " or the devtools, and is ignored; did you mean orrery.host.rate?"),
                PlatformSettings.unknown(List.of("orrery.host.rat", "orrery.demo.seed", "orrery.hots.rate", "orrery.host.mode",
                        "felix.log.level"), KNOWN, k -> " (-D" + k + ")", NearestNames::distance));
    }

    @Test
    @DisplayName("JPMS poll and quiet times and the devtools' sample period are whole numbers in range")
    void numbers() {
        PlatformSettings.check(Map.of("orrery.jpms.pollMillis", "250", "orrery.devtools.timings.samplePeriod", "256"), k -> "");
        LaunchRefusal zero = assertThrows(LaunchRefusal.class,
                () -> PlatformSettings.check(Map.of("orrery.devtools.timings.samplePeriod", "0"), k -> " (-D" + k + ")"));
        assertEquals("orrery.devtools.timings.samplePeriod must be a whole number from 1 to 2147483647, got '0'"
                + " (-Dorrery.devtools.timings.samplePeriod)", zero.getMessage());
        assertThrows(LaunchRefusal.class, () -> PlatformSettings.check(Map.of("orrery.jpms.quietMillis", "1e30"), k -> ""));
        assertThrows(LaunchRefusal.class, () -> PlatformSettings.check(Map.of("orrery.jpms.pollMillis", "2.5"), k -> ""));
        assertThrows(LaunchRefusal.class, () -> PlatformSettings.check(Map.of("orrery.jpms.reportUnload", "yes"), k -> ""));
    }

    @Test
    @DisplayName("the edit distance is the scheduler's NearestNames.distance, loaded from the platform; without it no key is near")
    void distance() {
        ToIntBiFunction<String, String> d = PlatformSettings.nearestNamesDistance(
                (bundle, className) -> PlatformSettings.SCHEDULER.equals(bundle) ? Class.forName(className) : null);
        assertEquals(1, d.applyAsInt("orrery.host.rat", "orrery.host.rate"));
        assertEquals(2, d.applyAsInt("orrery.hots.rate", "orrery.host.rate"));
        assertEquals(0, d.applyAsInt("a", "a"));
        ToIntBiFunction<String, String> none = PlatformSettings.nearestNamesDistance((bundle, className) -> null);
        assertEquals(Integer.MAX_VALUE, none.applyAsInt("orrery.host.rat", "orrery.host.rate"));
        assertEquals(0, none.applyAsInt("a", "a"));
        // without the distance: a key of a platform namespace is still warned about, with no nearest key;
        // a typo of a namespace is not caught
        assertEquals(List.of("warning: orrery.host.rat (-Dorrery.host.rat) is not a setting of the launcher, the host, the"
                + " web console or the devtools, and is ignored"),
                PlatformSettings.unknown(List.of("orrery.host.rat", "orrery.hots.rate"), KNOWN, k -> " (-D" + k + ")", none));
    }
}
