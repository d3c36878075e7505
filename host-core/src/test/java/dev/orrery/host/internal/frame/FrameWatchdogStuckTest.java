package dev.orrery.host.internal.frame;

import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.testsupport.log.LogLine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.StuckFrame;
import dev.orrery.host.internal.plugins.HooksEntry;
import dev.orrery.host.internal.plugins.ObserverProbe;
import dev.orrery.host.internal.plugins.Observers;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.HookContext;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.world.World;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The watchdog tells an observer's hook from the system it observes, and marks a frame stuck past the
 * stuck limit until it returns. The test thread plays the frame thread and the checker, with a fake
 * clock: nothing here waits.
 */
class FrameWatchdogStuckTest {
    private final AtomicLong now = new AtomicLong(1);
    private final CapturedLog log = CapturedLog.create();
    private final RunProbe probe = new RunProbe();
    private final ObserverProbe observers = new ObserverProbe();
    private final List<String> told = new ArrayList<>();
    private final FrameWatchdog watchdog = new FrameWatchdog(log.logger(), now::get, probe, observers, 2000, 10_000,
            new FrameWatchdog.Stuck() {
                @Override
                public void stuck(StuckFrame frame) {
                    told.add("stuck: " + frame.describe());
                }

                @Override
                public void returned(StuckFrame frame) {
                    told.add("returned: frame " + frame.frame());
                }
            });

    private static Plugin plugin(String name, Runnable body) {
        return Plugin.builder(name).systems(EcsSystem.define(name + "/work", (w, dt) -> body.run())).build();
    }

    @Test
    @DisplayName("a blocking ScheduleHooks observer is named by the watchdog, the system it observes is not blamed")
    void aBlockingObserverIsBlamedNotTheSystem() {
        List<Boolean> checks = new ArrayList<>();
        ScheduleHooks blocking = new ScheduleHooks() {
            @Override
            public void beforeSystem(HookContext ctx) {
                now.addAndGet(3_000_000_000L); // the observer blocks 3 s before the system runs
                checks.add(watchdog.check());
            }
        };
        ScheduleHooks hooks = new Observers(log.logger(), () -> { }, observers).hooks(
                List.of(new HooksEntry(blocking, null, 12, "slow.observer/1.0.0")), false);
        Schedule main = Schedule.builder("main").plugins(plugin("prefab", () -> { })).probe(probe).hooks(hooks).build();
        watchdog.frameStarted(4);
        main.run(new World(), 0.016);
        watchdog.frameEnded();
        assertEquals(List.of(true), checks);
        List<LogLine> warnings = log.at(Level.WARNING);
        assertEquals(1, warnings.size(), String.valueOf(log.lines()));
        assertEquals("frame 4 has run for 3000 ms (limit 2000 ms, orrery.host.frameWarnMillis): observer service 12"
                + " (slow.observer/1.0.0), its beforeSystem, is running (around system 'prefab/work' of schedule 'main');"
                + " no system is blamed", warnings.get(0).message());
        assertTrue(observers.inHook().isEmpty(), "the probe is cleared after the hook");
    }

    @Test
    @DisplayName("a system that has not returned past stuckMillis marks the frame stuck once, naming it; its return clears it")
    void aSystemPastTheStuckLimitMarksTheFrameStuckUntilItReturns() {
        List<StuckFrame> seen = new ArrayList<>();
        Schedule main = Schedule.builder("main").plugins(plugin("net", () -> {
            now.addAndGet(10_500_000_000L);
            watchdog.check(); // 10.5 s in: stuck
            seen.add(watchdog.stuck());
            now.addAndGet(5_000_000_000L);
            watchdog.check(); // still the same frame: no second mark
        })).probe(probe).build();
        watchdog.frameStarted(9);
        main.run(new World(), 0.016);
        watchdog.frameEnded();
        StuckFrame f = seen.get(0);
        assertEquals("system 'net/work' of plugin 'net' in schedule 'main' has not returned for 10500 ms (frame 9)",
                f.describe());
        assertEquals(List.of("stuck: " + f.describe(), "returned: frame 9"), told);
        assertNull(watchdog.stuck());
        assertEquals(1, log.at(Level.ERROR).size(), String.valueOf(log.lines()));
        assertEquals("the host is STUCK: " + f.describe() + " (limit 10000 ms, orrery.host.stuckMillis); nothing else"
                + " runs on the frame thread until it returns: a departure of its plugin cannot complete, and stopping the"
                + " host does not wait for it", log.at(Level.ERROR).get(0).message());
        assertEquals("frame 9 returned after 15500 ms; the host is no longer stuck", log.at(Level.INFO).get(0).message());
    }

    @Test
    @DisplayName("a stuck observer's hook is what the stuck frame names, without a plugin")
    void aStuckObserverIsNamedInTheStuckFrame() {
        ScheduleHooks blocking = new ScheduleHooks() {
            @Override
            public void afterSystem(HookContext ctx) {
                now.addAndGet(11_000_000_000L);
                watchdog.check();
            }
        };
        ScheduleHooks hooks = new Observers(log.logger(), () -> { }, observers).hooks(
                List.of(new HooksEntry(blocking, null, 3, "o/2.0.0")), false);
        Schedule main = Schedule.builder("main").plugins(plugin("p", () -> { })).probe(probe).hooks(hooks).build();
        watchdog.frameStarted(1);
        main.run(new World(), 0.016);
        watchdog.frameEnded();
        assertEquals("stuck: observer service 3 (o/2.0.0), its afterSystem around system 'p/work' in schedule 'main' has"
                + " not returned for 11000 ms (frame 1)", told.get(0));
    }

    @Test
    @DisplayName("no mark between frames, with stuckMillis 0, or for a frame that ended before the mark; markStuckNow marks at once")
    void marksOnlyARunningFrame() {
        now.addAndGet(60_000_000_000L);
        watchdog.check();
        assertNull(watchdog.stuck(), "no frame runs");
        assertNull(watchdog.markStuckNow("the test stops without waiting"));
        watchdog.stuckLimit(0);
        watchdog.frameStarted(1);
        now.addAndGet(60_000_000_000L);
        watchdog.check();
        assertNull(watchdog.stuck(), "0: never");
        StuckFrame now = watchdog.markStuckNow("the test stops without waiting");
        assertEquals("the frame (no system or observer is running: the host itself is busy) has not returned for"
                + " 60000 ms (frame 1)", now.describe());
        watchdog.frameEnded();
        assertEquals(List.of("stuck: " + now.describe(), "returned: frame 1"), told);
    }
}
