package dev.orrery.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Felix HTTP follows the console's settings unless set explicitly; the settings file must be there. */
class LauncherDerivedSettingsTest {
    @TempDir
    Path home;

    private static Map<String, String> resolve(Properties file) {
        return LauncherConfig.resolve(Path.of("/opt/orrery"), file, new Properties()).frameworkProperties();
    }

    @Test
    @DisplayName("with no Felix HTTP key anywhere: HTTP on loopback 127.0.0.1:8420, and off when the console is off")
    void httpFollowsTheConsole() {
        Map<String, String> on = resolve(new Properties());
        assertEquals("true", on.get("org.apache.felix.http.enable"));
        assertEquals("127.0.0.1", on.get("org.apache.felix.http.host"));
        assertEquals("8420", on.get("org.osgi.service.http.port"));
        assertEquals("false", on.get("org.apache.felix.https.enable"));
        Properties off = new Properties();
        off.setProperty("orrery.console.enabled", "false");
        off.setProperty("orrery.console.host", "::1");
        off.setProperty("orrery.console.port", "9000");
        Map<String, String> o = resolve(off);
        assertEquals("false", o.get("org.apache.felix.http.enable"));
        assertEquals("::1", o.get("org.apache.felix.http.host"));
        assertEquals("9000", o.get("org.osgi.service.http.port"));
        Properties explicit = new Properties();
        explicit.setProperty("org.apache.felix.http.host", "0.0.0.0");
        assertEquals("0.0.0.0", resolve(explicit).get("org.apache.felix.http.host"), "an explicit setting stays");
        assertEquals("jul", on.get("felix.fileinstall.log.default"));
    }

    @Test
    @DisplayName("a missing settings file, a folder in its place, or a malformed one: one line naming the file, exit code 2")
    void settingsFile() throws Exception {
        Path file = home.resolve("conf/config.properties");
        LaunchRefusal missing = assertThrows(LaunchRefusal.class, () -> ConfigFile.read(home));
        assertEquals(Main.BAD_SETTING, missing.exitCode());
        assertEquals("the settings file " + file + " is missing; run the launcher from an Orrery distribution folder (or set"
                + " -Dorrery.home to one)", missing.getMessage());
        Files.createDirectories(file);
        assertEquals("the settings file " + file + " is a folder, not a file",
                assertThrows(LaunchRefusal.class, () -> ConfigFile.read(home)).getMessage());
        Files.delete(file);
        Files.writeString(file, "a=\\u12");
        assertTrue(assertThrows(LaunchRefusal.class, () -> ConfigFile.read(home)).getMessage()
                .startsWith("the settings file " + file + " is not in .properties format: "));
        Files.writeString(file, "orrery.host.rate=30\n");
        assertEquals("30", ConfigFile.read(home).getProperty("orrery.host.rate"));
    }
}
