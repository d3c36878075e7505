package dev.orrery.host.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.PluginState;
import dev.orrery.host.RebuildInfo;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.startlevel.BundleStartLevel;
import org.osgi.framework.startlevel.FrameworkStartLevel;

/**
 * A burst of plugin bundles gives one rebuild. The ten bundles are started in one batch by the
 * framework (one start-level change, as a launcher or a provisioning agent would), and the host's
 * quiet period is set well above the gaps between their service events even on a loaded machine
 * (400 ms; maxDelayMillis 10 s), so the test checks the coalescing, not the machine's speed. Each of
 * the ten bundles registers its plugin service in its own start: a host that rebuilt on every event
 * would give up to ten rebuilds, and the test fails.
 */
@RunWith(PaxExam.class)
public class PluginBurstIT extends HostItBase {
    private static final long QUIET_MILLIS = 400;

    @Configuration
    public Option[] config() {
        return options(platform(QUIET_MILLIS, 10_000));
    }

    @Test
    public void tenPluginBundlesStartedAtOnceGiveOneRebuild() throws Exception {
        host().awaitMainSchedule();
        FrameworkStartLevel framework = context.getBundle(0).adapt(FrameworkStartLevel.class);
        int level = framework.getStartLevel();
        List<Bundle> bundles = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            Bundle b = install("n" + i);
            b.adapt(BundleStartLevel.class).setStartLevel(level + 1);
            b.start(); // above the framework's start level: only marked to start
            bundles.add(b);
        }
        for (Bundle b : bundles) {
            assertNotEquals(b.getSymbolicName() + " must wait for the start-level change", Bundle.ACTIVE, b.getState());
        }
        long before = host().mark();
        CountDownLatch started = new CountDownLatch(1);
        framework.setStartLevel(level + 1, event -> {
            if (event.getType() == FrameworkEvent.STARTLEVEL_CHANGED) {
                started.countDown();
            }
        });
        assertTrue("start-level change done", started.await(WAIT_MILLIS, TimeUnit.MILLISECONDS));
        for (int i = 0; i < 10; i++) {
            host().awaitPlugin("n" + i, PluginState.ACTIVE);
        }
        // A late second rebuild for the burst would come before a rebuild requested now, or join it.
        long requested = host().mark();
        gameHost.requestRebuild();
        host().awaitCondition(() -> !host().rebuildsAfter("main", requested).isEmpty(),
                () -> "the requested rebuild never came");
        List<RebuildInfo> rebuilds = host().rebuildsAfter("main", before);
        assertEquals("one rebuild for ten bundles, then the requested one: " + rebuilds, 2, rebuilds.size());
        assertEquals("nothing joined or left in the requested rebuild: " + rebuilds, List.of(),
                rebuilds.get(1).joined());
        assertEquals("nothing joined or left in the requested rebuild: " + rebuilds, List.of(), rebuilds.get(1).left());
        List<String> joined = new ArrayList<>(rebuilds.get(0).joined());
        Collections.sort(joined);
        assertEquals(List.of("n0", "n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9"), joined);
        host().step(1);
        assertEquals(10, events().size());
    }
}
