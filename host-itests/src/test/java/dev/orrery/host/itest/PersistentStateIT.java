package dev.orrery.host.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.PluginState;
import dev.orrery.testkit.osgi.LogCapture;
import dev.orrery.testsupport.memory.Reachability;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.List;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.osgi.framework.Bundle;

/**
 * A plugin whose state is in persistent traits of its own bundle ({@code keeper}: a world value and an
 * entity component of its own record class) gets it back after an uninstall and a reinstall, and after
 * an update, with no model bundle; and the old class loader is collected all the same. The plugin
 * records its counts in the support bundle's trace; the test reads only those strings.
 */
@RunWith(PaxExam.class)
public class PersistentStateIT extends HostItBase {
    private static final String PLUGIN_CLASS = "dev.orrery.host.itest.plugins.keeper.KeeperPlugin";
    private static final long GC_MILLIS = 30_000;

    @Configuration
    public Option[] config() {
        return options(platform());
    }

    @Test
    public void anUninstalledAndReinstalledPluginContinuesFromItsStateAndLeaksNoClassLoader() throws Exception {
        host().awaitMainSchedule();
        Bundle keeper = start("keeper-v1");
        host().awaitPlugin("keeper", PluginState.ACTIVE);
        host().step(3);
        assertEquals(List.of("keeper/tick:1.0.0:3:3"), lastTick());
        WeakReference<ClassLoader> first = loaderOf(keeper);

        long before = host().mark();
        host().uninstall(keeper);
        host().awaitRebuild("main", before, r -> r.left().contains("keeper"));
        host().awaitNoPlugin("keeper");
        host().step(2); // frames without the plugin: its state waits as opaque data
        assertCollected("the uninstalled bundle's class loader", first);

        clearTrace();
        try (LogCapture log = LogCapture.of("dev.orrery.host", System.Logger.Level.INFO)) {
            start("keeper-v1");
            host().awaitPlugin("keeper", PluginState.ACTIVE);
            host().step(1);
            assertEquals("the reinstalled plugin counts on from 3, in the world and on its entity",
                    List.of("keeper/tick:1.0.0:4:4"), lastTick());
            assertEquals(log.lines().toString(), 1,
                    log.linesWith("rehydrated persistent trait 'keeper/tally' for plugin 'keeper': 2 values").size());
        }
    }

    @Test
    public void anUpdatedPluginContinuesFromItsOldVersionsStateAndTheOldLoaderIsCollected() throws Exception {
        host().awaitMainSchedule();
        Bundle keeper = start("keeper-v1");
        host().awaitPlugin("keeper", PluginState.ACTIVE);
        host().step(5);
        assertEquals(List.of("keeper/tick:1.0.0:5:5"), lastTick());
        WeakReference<ClassLoader> old = loaderOf(keeper);

        host().update(keeper, Bundles.file("keeper-v2"));
        assertEquals("2.0.0", keeper.getVersion().toString());
        host().awaitPlugin("keeper", PluginState.ACTIVE);
        assertNotSame("the update gave a new class loader", old.get(), loaderOf(keeper).get());
        host().step(1);
        assertEquals("version 2 counts on from version 1's 5", List.of("keeper/tick:2.0.0:6:6"), lastTick());
        assertCollected("the old revision's class loader", old);
        host().step(1);
        assertEquals(List.of("keeper/tick:2.0.0:7:7"), lastTick());
    }

    /** @return the last {@code keeper/tick} event of the trace, as a one-element list (empty if none) */
    private List<String> lastTick() {
        List<String> ticks = events().stream().filter(e -> e.startsWith("keeper/tick:")).toList();
        return ticks.isEmpty() ? List.of() : List.of(ticks.get(ticks.size() - 1));
    }

    private static WeakReference<ClassLoader> loaderOf(Bundle b) throws ClassNotFoundException {
        return new WeakReference<>(b.loadClass(PLUGIN_CLASS).getClassLoader());
    }

    private static void assertCollected(String what, WeakReference<ClassLoader> ref) throws InterruptedException {
        Reachability.retained(List.of(ref), Duration.ofMillis(GC_MILLIS));
        if (ref.get() != null) {
            fail(what + " was not collected within " + GC_MILLIS + " ms");
        }
    }
}
