package dev.orrery.host.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.PluginState;
import dev.orrery.host.SystemFaultException;
import dev.orrery.host.itest.support.Retention;
import dev.orrery.host.itest.support.Slots;
import dev.orrery.host.itest.support.Trace;
import dev.orrery.plugin.prefab.Prefab;
import dev.orrery.plugin.prefab.PrefabRegistry;
import dev.orrery.testkit.osgi.LogCapture;
import dev.orrery.testsupport.memory.Reachability;
import dev.orrery.world.Query;
import dev.orrery.world.World;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.osgi.framework.Bundle;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;

/**
 * docs/architecture.md, "The OSGi host": a bundle that is removed or updated leaves no reference behind; its
 * classes must be collectable. The {@code leaky} plugin puts its own world trait, entity components,
 * values of its classes in another bundle's trait, a prefab with a factory lambda, a hooks service,
 * the frame thread's context class loader and a fault with its own exception class into the host;
 * after uninstalling (or updating) and refreshing it, a weak reference to its (old) class loader must
 * be cleared within a bounded number of GC attempts.
 */
@RunWith(PaxExam.class)
public class LeakIT extends HostItBase {
    private static final String PLUGIN_CLASS = "dev.orrery.host.itest.plugins.leaky.LeakyPlugin";
    private static final long GC_MILLIS = 30_000;

    @Configuration
    public Option[] config() {
        return options(platform(settings(150, 1000).prefabs(true).build()));
    }

    @Test
    public void uninstalledPluginBundleLeavesNoReferenceBehind() throws Exception {
        host().awaitMainSchedule();
        host().awaitPlugin("prefab", PluginState.ACTIVE);
        Bundle leaky = start("leaky-v1");
        host().awaitPlugin("leaky", PluginState.ACTIVE);
        exercise("1.0.0");
        WeakReference<ClassLoader> loader = loaderOf(leaky);

        long before = host().mark();
        host().uninstall(leaky);
        host().awaitRebuild("main", before, r -> r.left().contains("leaky"));
        host().awaitNoPlugin("leaky");
        host().step(2);

        assertCollected("the uninstalled bundle's class loader", loader);
        assertKeptWhatIsNotTheBundles();
    }

    @Test
    public void updatedPluginBundlesOldClassLoaderIsCollectableWhileTheNewOneRuns() throws Exception {
        host().awaitMainSchedule();
        host().awaitPlugin("prefab", PluginState.ACTIVE);
        Bundle leaky = start("leaky-v1");
        host().awaitPlugin("leaky", PluginState.ACTIVE);
        exercise("1.0.0");
        WeakReference<ClassLoader> old = loaderOf(leaky);

        long before = host().mark();
        host().update(leaky, Bundles.file("leaky-v2"));
        host().awaitRebuild("main", before, r -> r.plugins().contains("leaky")
                && (r.replaced().contains("leaky") || r.joined().contains("leaky")));
        assertEquals("2.0.0", leaky.getVersion().toString());
        WeakReference<ClassLoader> current = loaderOf(leaky);
        assertNotSame("the update gave a new class loader", old.get(), current.get());

        // update() returns once the new revision's plugin is in force (it stops the bundle, updates,
        // refreshes and starts it: one departure, one return); check, as PluginLifecycleIT does, that
        // the plugin in force is the service registered now and its systems run.
        host().awaitCondition(() -> {
            long registered = pluginServiceId(leaky);
            return registered >= 0 && gameHost.plugins().stream().anyMatch(p -> p.name().equals("leaky")
                    && p.serviceId() == registered && p.state() == PluginState.ACTIVE)
                    && gameHost.schedule("main").map(m -> m.systems().stream()
                    .anyMatch(x -> x.name().equals("leaky/tick"))).orElse(false);
        }, () -> "the plugin of the refreshed bundle is not in force; rebuilds since the mark "
                + gameHost.rebuilds().stream().filter(r -> r.sequence() > before).toList());
        clearTrace();
        host().step(2);
        assertEquals("events after the update; rebuilds since the mark " + gameHost.rebuilds().stream()
                        .filter(r -> r.sequence() > before).toList(),
                List.of("leaky/tick:2.0.0", "leaky/tick:2.0.0"), events());

        assertCollected("the old revision's class loader", old);
        assertTrue("the new revision's class loader is alive", current.get() != null);
        clearTrace();
        host().step(1);
        assertEquals("the new code still runs after the GC", List.of("leaky/tick:2.0.0"), events());
        int blobs = host().onFrame(w -> w.query(Query.of(Prefab.SOURCE)).count());
        assertTrue("the new code's prefab is registered and spawned: " + blobs, blobs > 0);
    }

    /** @return the service id of the bundle's registered {@code Plugin} service, or -1 while it has none */
    private static long pluginServiceId(Bundle bundle) {
        ServiceReference<?>[] refs = bundle.getRegisteredServices();
        if (refs == null) {
            return -1;
        }
        for (ServiceReference<?> ref : refs) {
            String[] classes = (String[]) ref.getProperty(Constants.OBJECTCLASS);
            if (Arrays.asList(classes).contains("dev.orrery.schedule.Plugin")) {
                return (Long) ref.getProperty(Constants.SERVICE_ID);
            }
        }
        return -1;
    }

    /** Runs the plugin for a few frames, with a fault from its own exception class in between. */
    private void exercise(String version) throws Exception {
        host().step(3);
        // OnStart registers the prefab in the first frame; the spawn requests of that frame are served
        // in it (prefab/Spawn runs after OnUpdate), so every frame spawns one blob.
        List<String> ticks = events().stream().filter(e -> e.startsWith("leaky/tick")).toList();
        assertEquals(List.of("leaky/tick:" + version, "leaky/tick:" + version, "leaky/tick:" + version), ticks);
        assertEquals(Integer.valueOf(3), host().onFrame(w -> w.query(Query.of(Prefab.SOURCE)).count()));
        assertTrue(host().onFrame(w -> PrefabRegistry.of(w).find("leaky/blob").isPresent()));

        host().onFrame(w -> {
            w.add(Trace.TRAIT).setFailing("leaky/boom", true);
            return null;
        });
        try (LogCapture log = LogCapture.of("dev.orrery.host", System.Logger.Level.INFO)) {
            try {
                gameHost.step(1).toCompletableFuture().get(WAIT_MILLIS, TimeUnit.MILLISECONDS);
                fail("leaky/boom must fault");
            } catch (ExecutionException e) {
                assertTrue(String.valueOf(e.getCause()), e.getCause() instanceof SystemFaultException);
            }
            assertEquals(log.lines().toString(), 1, log.linesWith("simulation paused: system 'leaky/boom'").size());
            assertEquals(1, log.stackTraces());
        }
        assertEquals("dev.orrery.host.itest.plugins.leaky.LeakyException",
                gameHost.status().fault().orElseThrow().errorType());
        host().onFrame(w -> {
            w.add(Trace.TRAIT).setFailing("leaky/boom", false);
            return null;
        });
        host().step(1);
    }

    /** Trace (a support trait, JDK values) and Slots.ANY entities with JDK values stay. */
    private void assertKeptWhatIsNotTheBundles() throws Exception {
        List<String> events = events();
        assertTrue("the trace keeps the events of the removed plugin: " + events,
                events.contains("leaky/tick:1.0.0"));
        List<String> anyValues = host().onFrame(w -> {
            List<String> classes = new ArrayList<>();
            w.query(Query.of(Slots.ANY)).forEach(Slots.ANY, (e, v) -> classes.add(v.getClass().getName()));
            return classes;
        });
        assertFalse("entities with a JDK value in a support trait stay", anyValues.isEmpty());
        assertTrue("only JDK values remain in the support trait: " + anyValues,
                anyValues.stream().allMatch(String.class.getName()::equals));
        assertFalse("the world value of the support trait was of the bundle's class and is gone",
                host().onFrame(w -> w.has(Slots.ANY)));
        assertFalse("the prefab of the removed bundle is forgotten",
                host().onFrame(w -> PrefabRegistry.of(w).find("leaky/blob").isPresent()));
    }

    private static WeakReference<ClassLoader> loaderOf(Bundle b) throws ClassNotFoundException {
        return new WeakReference<>(b.loadClass(PLUGIN_CLASS).getClassLoader());
    }

    /**
     * Collection rounds ({@link Reachability}) for at most {@link #GC_MILLIS} (the framework lets go of
     * the bundle on its own threads); on failure, the message shows a path from the host or its world to
     * an object of the loader, if one is found.
     */
    private void assertCollected(String what, WeakReference<ClassLoader> ref) throws Exception {
        Reachability.retained(List.of(ref), Duration.ofMillis(GC_MILLIS));
        ClassLoader leaked = ref.get();
        if (leaked != null) {
            World world = host().onFrame(w -> w);
            String fromHost = Retention.pathTo(gameHost, leaked);
            String fromWorld = Retention.pathTo(world, leaked);
            String fromThreads = threadsHolding(leaked);
            leaked = null;
            fail(what + " was not collected within " + GC_MILLIS + " ms; from the host: " + fromHost
                    + "; from the world: " + fromWorld + "; threads: " + fromThreads);
        }
    }

    private static String threadsHolding(ClassLoader loader) {
        List<String> names = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getContextClassLoader() == loader) {
                names.add(t.getName());
            }
        }
        return names.toString();
    }
}
