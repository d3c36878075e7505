package dev.orrery.testkit.junit5.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.GameHost;
import dev.orrery.host.PluginState;
import dev.orrery.host.RebuildInfo;
import dev.orrery.plugin.prefab.PrefabPlugin;
import dev.orrery.testkit.osgi.HostDriver;
import dev.orrery.testkit.osgi.ProbeTrap;
import java.io.File;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/**
 * Update and uninstall of the plugin bundle through the test kit's driver, in the one framework bnd's
 * tester runs every test class in. The uninstall test installs the plugin again afterwards, so the
 * test classes do not depend on their order.
 *
 * <p>The probe trap on this route: bnd gives the tests bundle a plain {@code Import-Package} computed
 * from the test classes (no {@code DynamicImport-Package: *} as in a Pax Exam probe), so the tests
 * bundle is wired to a plugin's package only if a test uses one of its classes. These tests do not use
 * plugin-example's classes; they do use {@link PrefabPlugin}, so the tests bundle is wired to the prefab
 * bundle, and the driver refuses to uninstall that one.
 */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class PluginLifecycleTest {
    private static final String PLUGIN_BUNDLE = "dev.orrery.plugin.example";

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    GameHost gameHost;

    HostDriver host;

    /** The plugin's jar: test.bndrun sets this framework property from bnd's repository. */
    File pluginJar;

    @BeforeEach
    void driver() {
        host = HostDriver.of(context, gameHost);
        pluginJar = new File(context.getProperty("orrery.testkit.plugin"));
        host.awaitPlugin("example", PluginState.ACTIVE);
        host.awaitMainSchedule();
    }

    @AfterEach
    void pluginIsBack() {
        if (host.plugin("example").isEmpty()) {
            host.install(pluginJar);
        }
        host.awaitPlugin("example", PluginState.ACTIVE);
    }

    @Test
    void anUpdateReplacesThePluginAndLeavesNoOldRevisionBehind() {
        Bundle plugin = host.bundle(PLUGIN_BUNDLE);
        assertEquals(List.of(), ProbeTrap.packagesWired(plugin, context.getBundle()),
                "bnd imported none of the plugin's packages into the tests bundle");
        long beforeUpdate = host.mark();
        host.update(plugin, pluginJar);
        RebuildInfo updated = host.awaitRebuild(beforeUpdate, r -> r.plugins().contains("example")
                && (r.replaced().contains("example") || r.joined().contains("example")));
        assertFalse(updated.left().contains("example"), updated.summary());
        host.awaitPlugin("example", PluginState.ACTIVE);
        assertEquals(List.of(), host.removalPending(), "the old revision is gone after update");
        // The update is one swap, or two when the new revision's plugin came back after the host's
        // wait (UpdateOutcome says which); each revision's clock is a trait of its own, and the old
        // one leaves with the purge at a frame boundary. Step until the world's clock is the refreshed bundle's, then it must advance.
        ClassLoader refreshed = plugin.adapt(BundleWiring.class).getClassLoader();
        host.awaitCondition(() -> {
            host.step(1);
            return host.worldValue("example/time").map(v -> v.getClass().getClassLoader() == refreshed).orElse(false);
        }, () -> "the refreshed bundle's clock never became the world's example/time");
        double before = Traits.seconds(host, "example/time");
        host.step(1);
        assertTrue(Traits.seconds(host, "example/time") > before, "the updated clock runs");
    }

    @Test
    void anUninstallRemovesThePluginItsCodeAndItsTrait() {
        host.step(1);
        assertTrue(host.worldValue("example/time").isPresent(), "the clock's trait is in the world");
        long beforeUninstall = host.mark();
        host.uninstall(host.bundle(PLUGIN_BUNDLE));
        host.awaitRebuild(beforeUninstall, r -> r.left().contains("example"));
        host.awaitNoPlugin("example");
        assertEquals(List.of(), host.removalPending(), "nothing of the plugin stays loaded");
        host.step(1);
        assertFalse(host.worldValue("example/time").isPresent(), "the purge dropped the trait of the uninstalled code");
    }

    @Test
    void theDriverRefusesToUninstallABundleTheTestsBundleIsWiredTo() {
        assertEquals("prefab", PrefabPlugin.PLUGIN.name()); // a compile-time use: bnd imports the package
        Bundle prefab = host.bundle("dev.orrery.plugin.prefab");
        assertEquals(List.of("dev.orrery.plugin.prefab"), ProbeTrap.packagesWired(prefab, context.getBundle()));
        AssertionError e = assertThrows(AssertionError.class, () -> host.uninstall(prefab));
        assertTrue(e.getMessage().startsWith("probe trap: the test bundle dev.orrery.testkit.junit5.example-tests is wired"
                + " to packages [dev.orrery.plugin.prefab] of plugin bundle dev.orrery.plugin.prefab"), e.getMessage());
        assertEquals(Bundle.ACTIVE, prefab.getState(), "the check comes before the uninstall");
    }
}
