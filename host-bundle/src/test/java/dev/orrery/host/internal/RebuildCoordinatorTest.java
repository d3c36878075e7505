package dev.orrery.host.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.RebuildInfo;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.ScheduleHooks;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Coalescing of service events into rebuilds (a rebuild is counted by its snapshot of the tracked
 * services), and what a rebuild reports.
 */
class RebuildCoordinatorTest {
    private final AtomicInteger builds = new AtomicInteger();
    private volatile List<PluginEntry> plugins = List.of();
    private volatile List<HooksEntry> hooks = List.of();
    private volatile CountDownLatch blockBuild;
    private volatile CountDownLatch buildStarted = new CountDownLatch(1);
    private HostConfig config;
    private FrameLoop loop;
    private RebuildCoordinator coordinator;

    private void start(long quietMillis, long maxDelayMillis) {
        config = HostConfig.from(Map.of("mode", "fixed", "rate", 0, "startPaused", true,
                "quietMillis", quietMillis, "maxDelayMillis", maxDelayMillis), k -> null);
        loop = new FrameLoop(config, new SystemTracker(), System.getLogger("test"), () -> { });
        loop.start();
        coordinator = new RebuildCoordinator(() -> {
            builds.incrementAndGet();
            buildStarted.countDown();
            CountDownLatch block = blockBuild;
            if (block != null) {
                try {
                    block.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return new RebuildCoordinator.Snapshot(builds.get(), config, plugins, hooks);
        }, loop, System.getLogger("test"));
    }

    @AfterEach
    void stop() {
        if (coordinator != null) {
            coordinator.shutdown();
        }
        if (loop != null) {
            loop.stop(5000);
        }
    }

    private static PluginEntry plugin(String name, long id) {
        return PluginEntry.of(Plugin.builder(name).systems(EcsSystem.define(name + "/s", (w, dt) -> { })).build(),
                "main", "test/1.0.0", id);
    }

    @Test
    void aBurstOfEventsCloserThanTheQuietPeriodGivesOneRebuild() throws Exception {
        start(200, 10_000);
        for (int i = 0; i < 10; i++) {
            coordinator.request(config, false);
            Thread.sleep(10);
        }
        Thread.sleep(800);
        assertEquals(1, builds.get());
    }

    @Test
    void eventsFartherApartThanTheQuietPeriodGiveOneRebuildEach() throws Exception {
        start(50, 10_000);
        for (int i = 0; i < 3; i++) {
            buildStarted = new CountDownLatch(1);
            coordinator.request(config, false);
            assertTrue(buildStarted.await(5, TimeUnit.SECONDS));
            Thread.sleep(100);
        }
        assertEquals(3, builds.get(), "the debounce must not swallow separate events");
    }

    @Test
    void eventsDuringABuildGiveAtMostOneFollowUpRebuild() throws Exception {
        start(50, 10_000);
        blockBuild = new CountDownLatch(1);
        coordinator.request(config, false);
        assertTrue(buildStarted.await(5, TimeUnit.SECONDS));
        for (int i = 0; i < 10; i++) {
            coordinator.request(config, false); // arrive while the (slow) build runs
            Thread.sleep(5);
        }
        blockBuild.countDown();
        Thread.sleep(600);
        assertEquals(2, builds.get(), "the build in progress, then one follow-up for all ten events");
    }

    @Test
    void aRebuildOnlyForNewHooksSaysSoAndEachRebuildCarriesItsSwapTime() throws Exception {
        start(20, 10_000);
        Instant before = Instant.now();
        plugins = List.of(plugin("a", 1));
        coordinator.request(config, true);
        awaitRebuilds(1);
        ScheduleHooks timings = new ScheduleHooks() { };
        hooks = List.of(new HooksEntry(timings, null, 7));
        coordinator.request(config, false);
        awaitRebuilds(2);
        List<RebuildInfo> infos = loop.rebuilds();
        assertFalse(infos.get(0).hooksChanged());
        assertTrue(infos.get(1).hooksChanged());
        assertEquals(infos.get(0).plugins(), infos.get(1).plugins());
        assertTrue(infos.get(1).summary().endsWith("joined []; left []; hooks changed"), infos.get(1).summary());
        for (RebuildInfo info : infos) {
            assertNotNull(info.swappedIn());
            assertFalse(info.swappedIn().isBefore(before));
            assertFalse(info.swappedIn().isAfter(Instant.now()));
        }
        assertFalse(infos.get(1).swappedIn().isBefore(infos.get(0).swappedIn()));
    }

    private void awaitRebuilds(int n) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (loop.rebuilds().size() < n && System.nanoTime() < end) {
            Thread.sleep(5);
        }
        assertEquals(n, new ArrayList<>(loop.rebuilds()).size());
    }
}
