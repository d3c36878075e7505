package dev.orrery.host.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.FrameMode;
import dev.orrery.host.HostSettings;
import dev.orrery.schedule.FixedPhases;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code orrery.host.fixedSteps} / {@link HostSettings.Builder#fixedStepsPerFrame}: fixed mode's dt as
 * exactly N steps of the default fixed clock; out of range or given with {@code fixedDt}, refused in
 * one line naming the key(s).
 */
class HostFixedStepsSettingsTest {
    private static final long STEP = FixedPhases.DEFAULT_CLOCK.stepNanos();

    @Test
    @DisplayName("fixedSteps=N gives a fixed dt of exactly N steps of the default clock, parsed or built")
    void validValues() {
        assertEquals(0, HostSettings.defaults().fixedStepsPerFrame());
        for (int n = 1; n <= 8; n++) {
            HostSettings parsed = HostSettingsParser.fromProperties(
                    Map.of("orrery.host.mode", "fixed", "orrery.host.fixedSteps", String.valueOf(n))::get);
            assertEquals(n, parsed.fixedStepsPerFrame());
            assertEquals(n * STEP / 1e9, parsed.fixedDt());
            assertEquals(HostSettings.fixedStepsDt(n), parsed.fixedDt());
            HostSettings built = HostSettings.builder().mode(FrameMode.FIXED).fixedStepsPerFrame(n).build();
            assertEquals(parsed, built);
            assertEquals(parsed.hashCode(), built.hashCode());
        }
        assertEquals(4, HostSettingsParser.parse(Map.of("fixedSteps", 4), k -> null).fixedStepsPerFrame());
        assertEquals(4, HostSettingsParser.parse(Map.of("fixedSteps", "4.0"), k -> null).fixedStepsPerFrame());
    }

    @Test
    @DisplayName("fixedDt and fixedSteps together are refused naming both keys, parsed or built")
    void bothSet() {
        String message = "host configuration: orrery.host.fixedDt and orrery.host.fixedSteps are both set (0.25 s and 2 steps);"
                + " set one of them";
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> HostSettingsParser.fromProperties(
                Map.of("orrery.host.fixedDt", "0.25", "orrery.host.fixedSteps", "2")::get)).getMessage());
        assertEquals(message, assertThrows(IllegalArgumentException.class,
                () -> HostSettingsParser.parse(Map.of("fixedSteps", 2), Map.of("orrery.host.fixedDt", "0.25")::get))
                .getMessage());
        assertEquals(message, assertThrows(IllegalArgumentException.class,
                () -> HostSettings.builder().fixedStepsPerFrame(2).fixedDt(0.25).build()).getMessage());
    }

    @Test
    @DisplayName("toBuilder carries the choice; setting the other one there replaces it")
    void toBuilderReplacesTheCarriedChoice() {
        HostSettings steps = HostSettings.builder().fixedStepsPerFrame(3).build();
        assertEquals(steps, steps.toBuilder().build());
        HostSettings dt = steps.toBuilder().fixedDt(0.25).build();
        assertEquals(0, dt.fixedStepsPerFrame());
        assertEquals(0.25, dt.fixedDt());
        HostSettings back = dt.toBuilder().fixedStepsPerFrame(3).build();
        assertEquals(steps, back);
        assertEquals(HostSettings.fixedStepsDt(2),
                HostSettings.defaults().toBuilder().fixedStepsPerFrame(2).build().fixedDt());
    }

    @ParameterizedTest(name = "orrery.host.fixedSteps={0}")
    @ValueSource(strings = {"0", "9", "-1", "2.5", "NaN", "many", "1e30"})
    @DisplayName("a fixedSteps value that is not a whole number from 1 to 8 is refused naming the key and the value")
    void parsedOutOfRange(String value) {
        assertEquals("host configuration: orrery.host.fixedSteps must be a whole number from 1 to 8, got '" + value + "'",
                assertThrows(IllegalArgumentException.class, () -> HostSettingsParser.fromProperties(
                        Map.of("orrery.host.fixedSteps", value)::get)).getMessage());
        assertEquals("host configuration: 'fixedSteps' (configuration dev.orrery.host) must be a whole number from 1 to 8,"
                + " got '" + value + "'", assertThrows(IllegalArgumentException.class,
                        () -> HostSettingsParser.parse(Map.of("fixedSteps", value), k -> null)).getMessage());
    }

    @ParameterizedTest(name = "fixedStepsPerFrame({0})")
    @CsvSource({"0", "9", "-3", "2147483647"})
    @DisplayName("the builder refuses steps out of range at once, naming the key, the range and the value")
    void builtOutOfRange(int steps) {
        assertEquals("host configuration: orrery.host.fixedSteps must be from 1 to 8 (maxStepsPerFrame of the default fixed"
                + " clock), got " + steps, assertThrows(IllegalArgumentException.class,
                        () -> HostSettings.builder().fixedStepsPerFrame(steps)).getMessage());
        IllegalArgumentException rule = assertThrows(IllegalArgumentException.class, () -> HostSettings.fixedStepsDt(steps));
        assertTrue(rule.getMessage().contains("from 1 to 8") && rule.getMessage().endsWith("got " + steps), rule.getMessage());
    }

    @Test
    @DisplayName("toString names fixedSteps; equals tells the two ways of giving the dt apart")
    void toStringAndEquals() {
        HostSettings steps = HostSettings.builder().fixedStepsPerFrame(2).build();
        assertTrue(steps.toString().contains(", fixedDt=" + 2 * STEP / 1e9 + ", fixedSteps=2, frames=0"), steps::toString);
        assertTrue(HostSettings.defaults().toString().contains(", fixedSteps=0, "), HostSettings.defaults()::toString);
        HostSettings sameDt = HostSettings.builder().fixedDt(2 * STEP / 1e9).build();
        assertEquals(steps.fixedDt(), sameDt.fixedDt());
        assertNotEquals(steps, sameDt);
        assertNotEquals(steps, HostSettings.builder().fixedStepsPerFrame(3).build());
    }
}
