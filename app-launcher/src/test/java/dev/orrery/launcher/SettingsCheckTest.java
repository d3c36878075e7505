package dev.orrery.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SettingsCheckTest {
    private static final Map<String, String> PROPS = Map.of("orrery.console.port", "99999",
            "orrery.console.host", "127.0.0.1", "org.osgi.service.http.port", "99999");

    @Test
    @DisplayName("a bad setting given with -D says so")
    void fromCommandLine() {
        assertEquals("orrery.console.port must be a port from 1 to 65535, got '99999' (-Dorrery.console.port)",
                SettingsCheck.withSource("orrery.console.port must be a port from 1 to 65535, got '99999'", PROPS,
                        Map.of("orrery.console.port", "99999")::get));
    }

    @Test
    @DisplayName("a bad setting from the file names conf/config.properties")
    void fromFile() {
        assertEquals("orrery.console.port must be a port from 1 to 65535, got '99999' (conf/config.properties)",
                SettingsCheck.withSource("orrery.console.port must be a port from 1 to 65535, got '99999'", PROPS,
                        k -> null));
    }

    @Test
    @DisplayName("the longest key the message names wins; a message naming no known key is left as it is")
    void keyChoice() {
        Map<String, String> props = Map.of("orrery.host", "x", "orrery.host.mode", "bogus");
        assertEquals("host configuration: orrery.host.mode must be 'realtime' or 'fixed', got 'bogus' (-Dorrery.host.mode)",
                SettingsCheck.withSource("host configuration: orrery.host.mode must be 'realtime' or 'fixed', got 'bogus'",
                        props, Map.of("orrery.host.mode", "bogus")::get));
        assertEquals("something else", SettingsCheck.withSource("something else", props, k -> "y"));
    }

    @Test
    @DisplayName("without the bundle holding the check there is nothing to check")
    void noBundle() {
        assertEquals(null, SettingsCheck.CONSOLE.bad(java.util.List.of(), PROPS, k -> null));
    }
}
