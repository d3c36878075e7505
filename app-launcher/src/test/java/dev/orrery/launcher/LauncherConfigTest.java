package dev.orrery.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class LauncherConfigTest {
    private static final Path HOME = Path.of("/opt/orrery");

    @Test
    void pluginsFolderDefaultsToPluginsUnderHomeAndFeedsFileInstall() {
        LauncherConfig c = LauncherConfig.resolve(HOME, new Properties(), new Properties());
        assertEquals(Path.of("/opt/orrery/plugins"), c.pluginsDir());
        assertEquals(Path.of("/opt/orrery/bundles"), c.bundlesDir());
        assertEquals(Path.of("/opt/orrery/jpms"), c.jpmsDir());
        assertEquals("/opt/orrery/plugins", c.frameworkProperties().get("felix.fileinstall.dir"));
        assertEquals("/opt/orrery/felix-cache", c.frameworkProperties().get("org.osgi.framework.storage"));
    }

    @Test
    void systemPropertyOverridesTheFileAndAbsolutePathsStay() {
        Properties file = new Properties();
        file.setProperty("orrery.plugins.dir", "plugins");
        file.setProperty("unrelated", "x");
        Properties sys = new Properties();
        sys.setProperty("orrery.plugins.dir", "/srv/game/plugins");
        sys.setProperty("user.name", "ignored");
        LauncherConfig c = LauncherConfig.resolve(HOME, file, sys);
        assertEquals(Path.of("/srv/game/plugins"), c.pluginsDir());
        assertEquals("/srv/game/plugins", c.frameworkProperties().get("felix.fileinstall.dir"));
        assertEquals("x", c.frameworkProperties().get("unrelated"));
        assertEquals(null, c.frameworkProperties().get("user.name"));
    }

    @Test
    void referencesToOtherKeysAndHomeAreSubstituted() {
        Properties file = new Properties();
        file.setProperty("game.dir", "${orrery.home}/game");
        file.setProperty("orrery.plugins.dir", "${game.dir}/mods");
        LauncherConfig c = LauncherConfig.resolve(HOME, file, new Properties());
        assertEquals(Path.of("/opt/orrery/game/mods"), c.pluginsDir());
    }

    @Test
    void circularReferenceIsReportedWithTheKey() {
        Properties file = new Properties();
        file.setProperty("a", "${b}");
        file.setProperty("b", "${a}");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LauncherConfig.resolve(HOME, file, new Properties()));
        assertEquals(true, e.getMessage().contains("circular"), e.getMessage());
    }
}
