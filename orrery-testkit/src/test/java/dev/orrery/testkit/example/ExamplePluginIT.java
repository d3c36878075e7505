package dev.orrery.testkit.example;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.orrery.host.PluginState;
import dev.orrery.host.RebuildInfo;
import dev.orrery.plugin.prefab.PrefabPlugin;
import dev.orrery.testkit.osgi.LogCapture;
import dev.orrery.testkit.osgi.ProbeTrap;
import dev.orrery.testkit.paxexam.OrreryOptions;
import dev.orrery.testkit.paxexam.OrreryPluginTest;
import dev.orrery.testkit.paxexam.ProbeIsolation;
import java.io.File;
import java.time.Duration;
import java.util.List;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.osgi.framework.Bundle;
import org.osgi.framework.Constants;

/**
 * The kit used as a plugin author uses it (in a package of its own, as a plugin's test is: in the
 * kit's exported package {@code dev.orrery.testkit.paxexam} the class was split between the probe and
 * the kit, and the probe at times failed to load it, ClassNotFoundException "not found by
 * dev.orrery.testkit", once its dynamic import had wired that package to the kit), with plugin-example as the plugin under test: the class
 * needs only the configuration method outside its tests.
 */
@RunWith(PaxExam.class)
public class ExamplePluginIT extends OrreryPluginTest {
    @Configuration
    public Option[] config() {
        return OrreryOptions.withPluginUnderTest();
    }

    @Test
    public void thePluginRunsIsUpdatedAndUninstalledWithoutLeavingCodeBehind() throws Exception {
        host().awaitPlugin("example", PluginState.ACTIVE);
        host().awaitMainSchedule();
        try (LogCapture log = LogCapture.of("dev.orrery.plugin.example")) {
            host().step(4); // 4 x 0.25 s
            assertEquals("INFO example/clock: 1 s of simulated time",
                    log.await(l -> l.contains("example/clock"), Duration.ofSeconds(10)));
        }
        assertTrue("the clock's trait is in the world", host().worldValue("example/time").isPresent());

        long beforeUpdate = host().mark();
        host().update(host().bundle("dev.orrery.plugin.example"), new File(System.getProperty(OrreryOptions.PLUGIN_PROPERTY)));
        RebuildInfo updated = host().awaitRebuild(beforeUpdate, r -> r.plugins().contains("example")
                && (r.replaced().contains("example") || r.joined().contains("example")));
        assertFalse(updated.summary(), updated.left().contains("example"));
        host().awaitPlugin("example", PluginState.ACTIVE);
        assertEquals("the old revision is gone after update", List.of(), host().removalPending());

        long beforeUninstall = host().mark();
        host().uninstall(host().bundle("dev.orrery.plugin.example"));
        host().awaitRebuild(beforeUninstall, r -> r.left().contains("example"));
        host().awaitNoPlugin("example");
        assertEquals("nothing of the plugin stays loaded", List.of(), host().removalPending());
        host().step(1);
        assertFalse("the purge dropped the trait of the uninstalled code", host().worldValue("example/time").isPresent());
    }

    @Test
    public void theProbeImportsOnlyThePlatformAndTheTrapIsReportedWhenATestWiresToAPlugin() {
        assertEquals(ProbeIsolation.dynamicImports(), probe().getHeaders().get(Constants.DYNAMICIMPORT_PACKAGE));
        assertEquals(List.of(), ProbeTrap.packagesWired(host().bundle("dev.orrery.plugin.example"), probe()));
        // Touching a class of the prefab bundle wires this probe to its package: the trap.
        assertEquals("prefab", PrefabPlugin.PLUGIN.name());
        Bundle prefab = host().bundle("dev.orrery.plugin.prefab");
        assertEquals(List.of("dev.orrery.plugin.prefab"), ProbeTrap.packagesWired(prefab, probe()));
        try {
            host().uninstall(prefab);
            fail("uninstalling a bundle the probe is wired to must fail");
        } catch (AssertionError e) {
            assertTrue(e.getMessage(), e.getMessage().startsWith("probe trap: the test bundle "));
            assertTrue(e.getMessage(), e.getMessage().contains("is wired to packages [dev.orrery.plugin.prefab] of plugin"
                    + " bundle dev.orrery.plugin.prefab"));
        }
        assertEquals("the check comes before the uninstall", Bundle.ACTIVE, prefab.getState());
    }
}
