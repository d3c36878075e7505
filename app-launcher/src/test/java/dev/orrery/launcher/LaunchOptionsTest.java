package dev.orrery.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class LaunchOptionsTest {
    private static final String[] NONE = new String[0];

    @Test
    @DisplayName("an argument is refused with one line naming it")
    void argumentsAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LaunchOptions.from(new String[] {"--seed"}, Map.of(), true));
        assertEquals("unknown argument '--seed': the launcher takes only --jpms; give settings as -Dkey=value"
                + " (see conf/config.properties)", e.getMessage());
        assertEquals("unknown argument '--jpms': the launcher takes only --jpms; give settings as -Dkey=value"
                + " (see conf/config.properties)", assertThrows(IllegalArgumentException.class,
                () -> LaunchOptions.from(new String[] {"--jpms", "--jpms"}, Map.of(), true)).getMessage());
    }

    @Test
    @DisplayName("--jpms selects JPMS mode, which has no shell: auto means none, true is refused")
    void jpmsMode() {
        assertEquals(new LaunchOptions(false, false, true), LaunchOptions.from(new String[] {"--jpms"}, Map.of(), true));
        assertEquals(new LaunchOptions(false, true, true), LaunchOptions.from(new String[] {"--jpms"},
                Map.of("orrery.host.mode", "fixed", "orrery.host.stopFrameworkWhenDone", "true"), true));
        assertEquals("orrery.shell=true: JPMS mode (--jpms) has no shell (the Gogo shell runs in OSGi mode); use"
                + " orrery.shell=false or auto", assertThrows(IllegalArgumentException.class,
                () -> LaunchOptions.from(new String[] {"--jpms"}, Map.of("orrery.shell", "true"), true)).getMessage());
    }

    @Test
    @DisplayName("orrery.shell: true needs a terminal, auto follows it, anything else is refused")
    void shellSetting() {
        assertEquals(true, LaunchOptions.from(NONE, Map.of("orrery.shell", "true"), true).shell());
        assertEquals("orrery.shell=true needs a terminal, and standard input or output is not one; use orrery.shell=false"
                + " (or auto) to run without the shell", assertThrows(IllegalArgumentException.class,
                () -> LaunchOptions.from(NONE, Map.of("orrery.shell", "true"), false)).getMessage());
        assertEquals(true, LaunchOptions.from(NONE, Map.of(), true).shell());
        assertEquals(false, LaunchOptions.from(NONE, Map.of("orrery.shell", "auto"), false).shell());
        assertEquals(false, LaunchOptions.from(NONE, Map.of("orrery.shell", "false"), true).shell());
        assertEquals("orrery.shell must be 'true', 'false' or 'auto', got 'yes'", assertThrows(IllegalArgumentException.class,
                () -> LaunchOptions.from(NONE, Map.of("orrery.shell", "yes"), true)).getMessage());
    }

    @Test
    @DisplayName("headless: fixed mode, the framework stops when done, and no shell")
    void headless() {
        Map<String, String> fixed = Map.of("orrery.host.mode", "fixed", "orrery.host.stopFrameworkWhenDone", "true",
                "orrery.shell", "false");
        assertEquals(new LaunchOptions(false, true, false), LaunchOptions.from(NONE, fixed, true));
        assertEquals(false, LaunchOptions.from(NONE, Map.of("orrery.host.mode", "fixed", "orrery.shell", "false"), true).headless());
        assertEquals(false, LaunchOptions.from(NONE, Map.of("orrery.host.mode", "realtime",
                "orrery.host.stopFrameworkWhenDone", "true", "orrery.shell", "false"), true).headless());
        assertEquals(false, LaunchOptions.from(NONE, Map.of("orrery.host.mode", "fixed",
                "orrery.host.stopFrameworkWhenDone", "true"), true).headless(), "a shell is there");
    }
}
