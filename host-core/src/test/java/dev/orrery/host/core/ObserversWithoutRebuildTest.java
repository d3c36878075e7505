package dev.orrery.host.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.PluginState;
import dev.orrery.host.Schedules;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.HookContext;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.testsupport.log.CapturedLog;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Observers come and go without a rebuild, on the real host core with stepped frames (paused, fixed
 * step, unpaced: the test runs each frame): attaching or detaching a {@code ScheduleHooks} service
 * builds no schedule, records no rebuild and logs nothing at INFO or above, and the observer is called
 * from the next frame on, and not after it left, in the main schedule (sampled as it asks) and in a
 * schedule a system steps through {@link Schedules}.
 */
class ObserversWithoutRebuildTest {
    private static final Map<String, Object> SETTINGS = Map.of("mode", "fixed", "fixedDt", 0.25, "rate", 0,
            "startPaused", true, "quietMillis", 5, "maxDelayMillis", 50);
    private static final long WAIT_SECONDS = 10;
    private static final int ROUNDS = 100;

    private final CapturedLog log = CapturedLog.create();
    private HostCore host;

    @AfterEach
    void stop() {
        if (host != null) {
            host.stop();
        }
    }

    /** Counts the hook calls per system. */
    private static final class Counting implements ScheduleHooks {
        final Map<String, AtomicInteger> before = new ConcurrentHashMap<>();
        private final int period;

        Counting(int period) {
            this.period = period;
        }

        @Override
        public void beforeSystem(HookContext ctx) {
            before.computeIfAbsent(ctx.system().name(), k -> new AtomicInteger()).incrementAndGet();
        }

        @Override
        public int samplePeriod() {
            return period;
        }

        int calls(String system) {
            AtomicInteger n = before.get(system);
            return n == null ? 0 : n.get();
        }
    }

    private void step(int frames) throws Exception {
        host.step(frames).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** A host with a main schedule whose system steps the schedule "side" once per frame. */
    private void startWithTwoSchedules() throws Exception {
        host = HostCore.create(HostSettingsParser.parse(SETTINGS, k -> null), new FrontEnd() {
            @Override
            public void stopApplication(String after) {
            }

            @Override
            public UnloadedCode unloadedCode() {
                return UnloadedCode.NONE;
            }
        }, log.logger());
        host.start();
        Plugin main = Plugin.builder("main-plugin").systems(EcsSystem.define("main/tick", (w, dt) ->
                w.get(Schedules.TRAIT).get("side").ifPresent(s -> s.run(w, dt)))).build();
        Plugin side = Plugin.builder("side-plugin").systems(EcsSystem.define("side/tick", (w, dt) -> { })).build();
        host.pluginBound(1);
        host.pluginBound(2);
        assertTrue(host.pluginAdded(new PluginSource(1, "main.jar/1", null), main));
        assertTrue(host.pluginAdded(new PluginSource(2, "side.jar/1", "side"), side));
        host.requestRebuild();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!bothSwappedIn()) {
            long seen = host.changes(); // read before the check: a change after it moves the token past seen
            if (bothSwappedIn()) {
                break;
            }
            long left = deadline - System.nanoTime();
            assertTrue(left > 0, "the two schedules were never swapped in: " + host.rebuilds());
            host.awaitChange(seen).toCompletableFuture().get(left, TimeUnit.NANOSECONDS);
        }
        step(1);
    }

    private boolean bothSwappedIn() {
        return host.plugins().size() == 2 && host.plugins().stream().allMatch(p -> p.state() == PluginState.ACTIVE)
                && host.rebuilds().size() == 2 && host.rebuilds().stream().allMatch(r -> r.swappedIn() != null);
    }

    @Test
    @DisplayName("attaching and detaching an observer 100 times: no rebuild, no INFO line, called exactly while attached")
    void attachAndDetachHundredTimes() throws Exception {
        startWithTwoSchedules();
        int rebuilds = host.rebuilds().size();
        assertEquals(2, rebuilds, host.rebuilds()::toString);
        int logged = log.records().size();
        Schedule mainBefore = host.schedule("main").orElseThrow();
        for (int i = 0; i < ROUNDS; i++) {
            Counting hooks = new Counting(1);
            long id = 100 + i;
            host.hooksAdded(new PluginSource(id, "timings/" + i, null), hooks);
            step(1);
            assertEquals(1, hooks.calls("main/tick"), "round " + i + ": the main schedule is observed from the next frame");
            assertEquals(1, hooks.calls("side/tick"), "round " + i + ": so is the schedule a system steps");
            assertEquals(1, host.observers().size(), host.observers()::toString);
            host.hooksRemoved(id);
            step(1);
            assertEquals(1, hooks.calls("main/tick"), "round " + i + ": not called after it left");
            assertEquals(1, hooks.calls("side/tick"), "round " + i + ": not called after it left");
            assertEquals(List.of(), host.observers());
        }
        assertEquals(rebuilds, host.rebuilds().size(), "no rebuild: " + host.rebuilds());
        assertEquals(List.of(), log.records().subList(logged, log.records().size()).stream()
                .filter(l -> l.level().getSeverity() >= Level.INFO.getSeverity()).map(l -> l.level() + " " + l.message())
                .toList(), "nothing logged at INFO or above");
        assertEquals(mainBefore.systems(), host.schedule("main").orElseThrow().systems(), "the same schedule runs");
    }

    @Test
    @DisplayName("an observer of the main schedule that samples 1 call in 3 sees 1 frame in 3; the stepped schedule is observed on every call")
    void theMainScheduleIsSampledAsTheObserverAsks() throws Exception {
        startWithTwoSchedules();
        Counting hooks = new Counting(3);
        host.hooksAdded(new PluginSource(50, "timings/sampled", null), hooks);
        step(9);
        assertEquals(3, hooks.calls("main/tick"), "frames 1, 4 and 7 of 9");
        assertEquals(9, hooks.calls("side/tick"), "a schedule run by a system is observed on every call");
        Counting mainOnly = new Counting(1);
        host.hooksAdded(new PluginSource(51, "timings/main-only", "main"), mainOnly);
        step(2);
        assertEquals(2, mainOnly.calls("main/tick"));
        assertEquals(0, mainOnly.calls("side/tick"), "an observer of one schedule sees only that one");
        assertEquals(2, host.rebuilds().size(), "no rebuild: " + host.rebuilds());
    }
}
