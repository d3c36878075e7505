package dev.orrery.host.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.testkit.osgi.ConsoleCapture;
import dev.orrery.testkit.osgi.HostDriver;
import java.time.Duration;
import java.util.List;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.osgi.framework.Bundle;

/**
 * Mistakes in plugin bundles are named with their fix, in OSGi mode and through the test kit: a
 * plugin class whose {@code @Component} was forgotten (one WARNING line, an EXCLUDED status that the
 * kit's failure messages show), and a plugin keeping state in a static field (one WARNING at install).
 */
@RunWith(PaxExam.class)
public class PluginMistakesIT extends HostItBase {
    private static final String FORGOTTEN = "dev.orrery.host.itest.plugins.forgotten.ForgottenPlugin";
    private static final String FIX = "has class " + FORGOTTEN + " implementing Plugin but registers no Plugin service:"
            + " add @Component(service = Plugin.class)";

    @Configuration
    public Option[] config() {
        return options(platform(20, 200));
    }

    @Test
    public void forgottenComponentIsNamedWithItsFixInOneLineAndAStatus() throws Exception {
        host().awaitMainSchedule();
        Bundle forgotten;
        List<String> lines;
        try (ConsoleCapture console = ConsoleCapture.open()) {
            forgotten = start("forgotten");
            host().awaitCondition(() -> statusOf("itest.forgotten/1.0.0") != null,
                    () -> "no status for the bundle without a Plugin service");
            host().awaitCondition(() -> console.lines().stream().anyMatch(l -> l.contains(FIX)),
                    () -> "no warning line: " + console.lines());
            lines = console.lines();
        }
        assertEquals(Bundle.ACTIVE, forgotten.getState());
        PluginStatus status = statusOf("itest.forgotten/1.0.0");
        assertEquals(PluginState.EXCLUDED, status.state());
        assertEquals(FORGOTTEN, status.name());
        assertEquals(FIX, status.reason());
        List<String> hostLines = lines.stream().filter(l -> l.contains("[dev.orrery.host]") && l.contains(FORGOTTEN)).toList();
        assertEquals(String.join("\n", lines), 1, hostLines.size());
        assertTrue(hostLines.get(0), hostLines.get(0).contains("WARN")
                && hostLines.get(0).endsWith("bundle itest.forgotten/1.0.0 " + FIX));

        // The test kit: waiting for the plugin fails with the host's reports, which name the fix.
        HostDriver impatient = new HostDriver(context, gameHost, probe(), Duration.ofMillis(1));
        try {
            impatient.awaitPlugin("forgotten", PluginState.ACTIVE);
            fail("the plugin cannot become ACTIVE");
        } catch (AssertionError e) {
            assertTrue(e.getMessage(), e.getMessage().contains("plugin 'forgotten' never became ACTIVE")
                    && e.getMessage().contains(FIX));
        }

        forgotten.stop();
        host().awaitCondition(() -> statusOf("itest.forgotten/1.0.0") == null,
                () -> "the report stays after the bundle stopped");
    }

    @Test
    public void staticStateIsWarnedAboutAtInstall() throws Exception {
        host().awaitMainSchedule();
        String warning = "plugin 'statics' (itest.statics/1.0.0): state in static field"
                + " dev.orrery.host.itest.plugins.statics.StaticsPlugin.kills is lost on every update: keep it in a world trait";
        List<String> lines;
        try (ConsoleCapture console = ConsoleCapture.open()) {
            start("statics");
            host().awaitPlugin("statics", PluginState.ACTIVE);
            lines = console.lines();
        }
        List<String> warned = lines.stream().filter(l -> l.contains("static field")).toList();
        assertEquals(String.join("\n", lines), 1, warned.size());
        assertTrue(warned.get(0), warned.get(0).contains("WARN") && warned.get(0).endsWith(warning));
        assertTrue("a plugin with a service is not reported as lacking one: " + gameHost.plugins(),
                statusOf("itest.statics/1.0.0").state() == PluginState.ACTIVE);
    }

    private PluginStatus statusOf(String bundle) {
        return gameHost.plugins().stream().filter(p -> p.bundle().equals(bundle)).findFirst().orElse(null);
    }
}
