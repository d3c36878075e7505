package dev.orrery.plugin.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ConsoleSettingsTest {
    private static ConsoleSettings of(Map<String, String> props) {
        return ConsoleSettings.from(props::get);
    }

    @Test
    @DisplayName("defaults: enabled, 127.0.0.1, port 8420; served on loopback without a warning")
    void defaults() {
        ConsoleSettings s = of(Map.of());
        assertEquals(new ConsoleSettings(true, "127.0.0.1", 8420), s);
        ConsoleSettings.Decision d = s.decide("127.0.0.1");
        assertTrue(d.serve());
        assertNull(d.warning());
        assertTrue(s.decide("localhost").serve());
        assertTrue(s.decide("::1").serve());
    }

    @Test
    @DisplayName("a non-loopback bind is refused without the setting (also: no bind address = every interface)")
    void nonLoopbackRefusedWithoutSetting() {
        ConsoleSettings s = of(Map.of());
        ConsoleSettings.Decision d = s.decide("0.0.0.0");
        assertFalse(d.serve());
        assertEquals("the HTTP server listens on 0.0.0.0 (not loopback) but orrery.console.host is 127.0.0.1;"
                + " the web console is not served (set orrery.console.host=0.0.0.0 to allow it)", d.refusal());
        assertFalse(s.decide(null).serve());
        assertFalse(s.decide("192.168.1.5").serve());
    }

    @Test
    @DisplayName("a non-loopback bind with the explicit setting is served with a warning")
    void nonLoopbackWithSettingWarns() {
        ConsoleSettings s = of(Map.of("orrery.console.host", "0.0.0.0"));
        ConsoleSettings.Decision d = s.decide("0.0.0.0");
        assertTrue(d.serve());
        assertEquals("the web console listens on 0.0.0.0:8420, reachable from other machines (orrery.console.host=0.0.0.0);"
                + " steering still accepts only loopback callers", d.warning());
    }

    @Test
    @DisplayName("orrery.console.enabled=false serves nothing")
    void off() {
        ConsoleSettings.Decision d = of(Map.of("orrery.console.enabled", "false")).decide("127.0.0.1");
        assertFalse(d.serve());
        assertEquals("the web console is off (orrery.console.enabled=false)", d.refusal());
    }

    @Test
    @DisplayName("bad values: one line naming the setting")
    void badValues() {
        assertEquals("orrery.console.port must be a port from 0 (any free port) to 65535, got '70000'",
                assertThrows(IllegalArgumentException.class, () -> of(Map.of("orrery.console.port", "70000"))).getMessage());
        assertEquals("orrery.console.port must be a port from 0 (any free port) to 65535, got 'x'",
                assertThrows(IllegalArgumentException.class, () -> of(Map.of("orrery.console.port", "x"))).getMessage());
        assertEquals("orrery.console.enabled must be true or false, got 'yes'",
                assertThrows(IllegalArgumentException.class, () -> of(Map.of("orrery.console.enabled", "yes"))).getMessage());
        assertEquals(9000, of(Map.of("orrery.console.port", "9000")).port());
        assertEquals(0, of(Map.of("orrery.console.port", "0")).port(), "0: any free port");
        assertEquals("orrery.console.port must be a port from 0 (any free port) to 65535, got '-1'",
                assertThrows(IllegalArgumentException.class, () -> of(Map.of("orrery.console.port", "-1"))).getMessage());
    }

    @Test
    @DisplayName("loopback is exactly localhost, four-octet 127.x.x.x literals and ::1: a name that starts with 127. is not (DNS rebinding)")
    void loopbackIsExact() {
        for (String yes : List.of("localhost", "LocalHost", "127.0.0.1", "127.1.2.3", "127.255.255.255", "127.000.0.1", "::1",
                "[::1]", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1")) {
            assertTrue(ConsoleSettings.isLoopback(yes), yes);
        }
        for (String no : List.of("127.attacker.example", "127.0.0.1.attacker.example", "127.0.0.1.", "127.0.0", "127.1",
                "127.0.0.256", "127.0.0.-1", "127.0.0.1x", "127..0.1", "0x7f.0.0.1", "128.0.0.1", "evil.127.0.0.1",
                "localhost.attacker.example", "localhost.", "attacker.localhost", "::2", "[::1", "", "0.0.0.0")) {
            assertFalse(ConsoleSettings.isLoopback(no), no);
        }
        assertFalse(ConsoleSettings.isLoopback(null));
    }

    @Test
    @DisplayName("a bind address that only starts with 127. is not loopback: refused unless named by the setting")
    void rebindingNameIsNoLoopbackBind() {
        ConsoleSettings.Decision d = of(Map.of()).decide("127.attacker.example");
        assertFalse(d.serve());
        assertTrue(d.refusal().startsWith("the HTTP server listens on 127.attacker.example (not loopback)"), d.refusal());
    }
}
