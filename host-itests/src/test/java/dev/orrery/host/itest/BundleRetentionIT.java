package dev.orrery.host.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.PluginState;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import dev.orrery.world.World;
import java.util.concurrent.ExecutionException;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleReference;

/**
 * The Felix leak: a DS plugin bundle that is installed, started (SCR activates its
 * component, which reads its configuration through ConfigurationAdmin, and the host binds its plugin),
 * uninstalled and refreshed leaves nothing that keeps its {@code Bundle} object reachable. Felix 7.0.5
 * keeps a zero-count service usage per (bundle, service) in its service registry after
 * {@code ungetService} until the service is unregistered; the host's {@code StaleUsageSweeper} flushes
 * it. Each test runs {@value #CYCLES} cycles and expects every uninstalled {@code Bundle} to be
 * collected (weak references enqueued within {@value #GC_MILLIS} ms of GC attempts).
 */
@RunWith(PaxExam.class)
public class BundleRetentionIT extends HostItBase {
    /** One cycle would show a bundle kept for good; ten show that none is kept now and then either. */
    private static final int CYCLES = 10;
    private static final long GC_MILLIS = 10_000;

    @Configuration
    public Option[] config() {
        return options(platform(10, 100));
    }

    @Test
    public void uninstalledDsPluginBundlesAreCollectedAfterRefresh() throws Exception {
        host().awaitMainSchedule();
        ReferenceQueue<Bundle> queue = new ReferenceQueue<>();
        List<WeakReference<Bundle>> uninstalled = new ArrayList<>();
        for (int i = 0; i < CYCLES; i++) {
            uninstalled.add(cycle("alpha", "alpha", queue));
        }
        assertCollected(uninstalled, queue);
    }

    @Test
    public void uninstalledPluginBundlesThatReferenceGameHostAreCollectedAfterRefresh() throws Exception {
        host().awaitMainSchedule();
        ReferenceQueue<Bundle> queue = new ReferenceQueue<>();
        List<WeakReference<Bundle>> uninstalled = new ArrayList<>();
        for (int i = 0; i < CYCLES; i++) {
            uninstalled.add(cycle("usehost", "usehost", queue));
        }
        assertCollected(uninstalled, queue);
    }

    /**
     * A plugin whose messages (of its own type, with values of its own class) are in flight when it
     * leaves: the purge releases them with its type, so its bundle is collected.
     */
    @Test
    public void uninstalledPluginBundlesWithMessagesInFlightAreCollectedAfterRefresh() throws Exception {
        host().awaitMainSchedule();
        ReferenceQueue<Bundle> queue = new ReferenceQueue<>();
        List<WeakReference<Bundle>> uninstalled = new ArrayList<>();
        for (int i = 0; i < CYCLES; i++) {
            Bundle b = start("messenger");
            host().awaitPlugin("messenger", PluginState.ACTIVE);
            host().step(2);
            assertEquals("messages of the plugin in flight when it leaves", Integer.valueOf(1), host().onFrame(w ->
                    w.messageStats().stream().filter(s -> s.type().equals("messenger/Ping"))
                            .mapToInt(s -> s.buffered()).sum()));
            host().uninstall(b);
            host().awaitNoPlugin("messenger");
            uninstalled.add(new WeakReference<>(b, queue));
        }
        assertCollected(uninstalled, queue);
        assertEquals("the departed plugin's message type is forgotten", List.of(),
                host().onFrame(w -> w.messageStats().stream().map(s -> s.type()).toList()));
    }

    /**
     * A deactivated host keeps neither its frame loop nor its rebuild coordinator, so
     * a client that still holds the {@code GameHost} object does not keep the world reachable.
     */
    @Test
    public void stoppedHostKeepsNoWorldReachableThroughItsGameHostObject() throws Exception {
        host().awaitMainSchedule();
        start("alpha");
        host().awaitPlugin("alpha", PluginState.ACTIVE);
        host().step(2);
        ReferenceQueue<World> queue = new ReferenceQueue<>();
        WeakReference<World> world = new WeakReference<>(host().onFrame(w -> w), queue);
        Bundle hostBundle = gameHost.getClass().getClassLoader() instanceof BundleReference r ? r.getBundle() : null;
        assertTrue("the host object comes from a bundle", hostBundle != null);
        hostBundle.stop();
        assertEquals("the stopped host reports no plugins", List.of(), gameHost.plugins());
        try {
            gameHost.submit(w -> w).toCompletableFuture().get(WAIT_MILLIS, TimeUnit.MILLISECONDS);
            fail("work submitted to a stopped host must fail");
        } catch (ExecutionException e) {
            assertTrue(String.valueOf(e.getCause()), e.getCause() instanceof IllegalStateException);
        }
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(GC_MILLIS);
        boolean collected = false;
        while (!collected && System.nanoTime() < end) {
            System.gc();
            collected = queue.remove(100) != null;
        }
        assertTrue("the world of the stopped host is still reachable (the test holds its GameHost object)", collected);
    }

    /** Installs, starts (until the host runs the plugin), uninstalls and refreshes one plugin bundle. */
    private WeakReference<Bundle> cycle(String file, String plugin, ReferenceQueue<Bundle> queue) throws Exception {
        Bundle b = start(file);
        host().awaitPlugin(plugin, PluginState.ACTIVE);
        host().uninstall(b);
        host().awaitNoPlugin(plugin);
        return new WeakReference<>(b, queue);
    }

    private void assertCollected(List<WeakReference<Bundle>> refs, ReferenceQueue<Bundle> queue) throws Exception {
        int collected = 0;
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(GC_MILLIS);
        while (collected < refs.size() && System.nanoTime() < end) {
            System.gc();
            Reference<? extends Bundle> r = queue.remove(100);
            while (r != null) {
                collected++;
                r = queue.poll();
            }
        }
        if (collected == refs.size()) {
            return;
        }
        List<String> kept = new ArrayList<>();
        for (WeakReference<Bundle> r : refs) {
            Bundle b = r.get();
            if (b != null && kept.size() < 3) {
                kept.add("bundle " + b.getBundleId() + " (" + b.getSymbolicName() + "): " + ServiceUsages.of(context, b));
            }
        }
        fail((refs.size() - collected) + " of " + refs.size() + " uninstalled and refreshed bundles are still reachable"
                + " after " + GC_MILLIS + " ms of GC; first ones: " + kept);
    }
}
