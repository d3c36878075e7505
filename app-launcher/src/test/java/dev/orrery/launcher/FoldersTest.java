package dev.orrery.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.function.Function;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The folders are checked before anything starts; one that cannot serve is refused naming it and why. */
class FoldersTest {
    private static final Function<String, String> FILE = k -> " (conf/config.properties)";

    @TempDir
    Path home;

    private LauncherConfig config(String... keyValues) {
        Properties p = new Properties();
        for (int i = 0; i < keyValues.length; i += 2) {
            p.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return LauncherConfig.resolve(home, p, new Properties());
    }

    private String refused(LauncherConfig c, boolean jpms, java.util.function.Predicate<Path> listable) {
        LaunchRefusal r = assertThrows(LaunchRefusal.class, () -> Folders.check(c, jpms, FILE, listable));
        assertEquals(Main.BAD_SETTING, r.exitCode());
        return r.getMessage();
    }

    @Test
    @DisplayName("a missing bundles folder, or a jpms folder missing in JPMS mode")
    void missingPlatformFolders() throws Exception {
        assertEquals("orrery.bundles.dir (conf/config.properties): " + home.resolve("bundles")
                + " does not exist; it must hold the platform bundles", refused(config(), false, d -> true));
        Files.createDirectories(home.resolve("bundles"));
        Folders.check(config(), false, FILE, d -> true);
        assertEquals("orrery.jpms.dir (conf/config.properties): " + home.resolve("jpms")
                + " does not exist; it must hold the JPMS platform modules", refused(config(), true, d -> true));
    }

    @Test
    @DisplayName("a plugins folder that is a file, the distribution folder, the bundles folder or unreadable")
    void pluginsFolder() throws Exception {
        Files.createDirectories(home.resolve("bundles"));
        Files.writeString(home.resolve("mods"), "x");
        assertEquals("orrery.plugins.dir (conf/config.properties): " + home.resolve("mods") + " is a file, not a folder",
                refused(config("orrery.plugins.dir", "mods"), false, d -> true));
        assertTrue(refused(config("orrery.plugins.dir", "."), false, d -> true).endsWith(" is the distribution folder;"
                + " give the plugins a folder of their own (default plugins)"));
        assertTrue(refused(config("orrery.plugins.dir", "bundles"), false, d -> true).endsWith(" is the folder of the"
                + " platform bundles; give the plugins a folder of their own (default plugins)"));
        Path plugins = home.resolve("plugins");
        assertEquals("orrery.plugins.dir (conf/config.properties): " + plugins + " cannot be read (permission denied);"
                + " plugins dropped there would never load", refused(config(), false, d -> !d.equals(plugins)));
        assertTrue(Files.isDirectory(plugins), "a missing plugins folder is made");
    }

    @Test
    @DisplayName("an empty folder setting is refused, not taken for the distribution folder")
    void emptySetting() {
        LaunchRefusal r = assertThrows(LaunchRefusal.class, () -> config("orrery.plugins.dir", " "));
        assertEquals("orrery.plugins.dir is empty (conf/config.properties); give a folder (default plugins)", r.getMessage());
    }
}
