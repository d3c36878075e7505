package dev.orrery.host.internal.frame;

import dev.orrery.host.HostSettings;
import dev.orrery.host.HostStatus;
import dev.orrery.host.core.HostSettingsParser;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
import dev.orrery.testsupport.log.CapturedLog;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * A {@link FrameLoop} for the parked and stuck tests: fixed mode at rate 0 (as fast as it can), no
 * frame warning, a stuck limit of 10 s on a fake nanosecond clock the test moves, its log captured,
 * one main schedule installed by {@link #install}. Tests wait on the loop's change notifications
 * ({@link #awaitStatus}), which a test's own listeners may send too ({@link #changed()}), never on time.
 */
final class WatchedLoop {
    /** The fake clock, nanoseconds; starts at 1. */
    final AtomicLong clock = new AtomicLong(1);
    final CapturedLog log = CapturedLog.create();
    private final RunProbe probe;
    private final Object changes = new Object();
    private FrameLoop loop;

    /** @param probe the probe the loop and the installed schedule report to */
    WatchedLoop(RunProbe probe) {
        this.probe = probe;
    }

    /** Starts the loop, paused or running. @return the loop */
    FrameLoop start(boolean paused) {
        HostSettings c = HostSettingsParser.parse(Map.of("mode", "fixed", "rate", 0, "startPaused", paused,
                "frameWarnMillis", 0, "stuckMillis", 10_000), k -> null);
        loop = new FrameLoop(c, probe, log.logger(), FrameLoop.Ended.onBudgetDone(() -> { }), clock::get, this::changed);
        loop.start();
        return loop;
    }

    /** Swaps in a main schedule of these plugins, observed by the loop. */
    void install(Plugin... plugins) {
        Schedule main = Schedule.builder("main").plugins(plugins).probe(probe).hooks(loop.observe("main", true, List.of()))
                .build();
        loop.swap(Swaps.of("main", Map.of("main", main)));
    }

    /** Wakes {@link #awaitStatus}: the loop's change notification, and a test's own events. */
    void changed() {
        synchronized (changes) {
            changes.notifyAll();
        }
    }

    /**
     * @return the loop's status once it passes the test
     * @throws AssertionError naming the last status and the log when it does not within 30 s
     */
    HostStatus awaitStatus(Predicate<HostStatus> test) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        synchronized (changes) {
            while (!test.test(loop.status())) {
                long left = end - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("no such status; last " + loop.status() + "; log " + log.lines());
                }
                changes.wait(Math.max(1, Math.min(100, left / 1_000_000)));
            }
            return loop.status();
        }
    }

    /** Stops the loop, if started (a test's clean-up). */
    void stop() {
        if (loop != null) {
            loop.stop(5000);
        }
    }
}
