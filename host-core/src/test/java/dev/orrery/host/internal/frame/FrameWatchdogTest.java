package dev.orrery.host.internal.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.testsupport.log.LogLine;
import dev.orrery.world.World;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class FrameWatchdogTest {
    private final AtomicLong now = new AtomicLong(1);
    private final CapturedLog log = CapturedLog.create();
    private final RunProbe probe = new RunProbe();
    private final FrameWatchdog watchdog = new FrameWatchdog(log.logger(), now::get, probe, 2000);

    @Test
    void aFrameLongerThanTheLimitLogsOneLineNamingTheRunningSystemAndItsPlugin() {
        List<Boolean> checks = new ArrayList<>();
        Plugin slow = Plugin.builder("slowpoke").systems(EcsSystem.define("slowpoke/block", (w, dt) -> {
            checks.add(watchdog.check()); // 1 s in: nothing yet
            now.addAndGet(1_500_000_000L);
            checks.add(watchdog.check()); // 2.5 s in: one line
            now.addAndGet(3_000_000_000L);
            checks.add(watchdog.check()); // still the same frame: no second line
        })).build();
        Schedule main = Schedule.builder("main").plugins(slow).probe(probe).build();
        watchdog.frameStarted(7);
        now.addAndGet(1_000_000_000L);
        main.run(new World(), 0.016);
        watchdog.frameEnded();
        assertEquals(List.of(false, true, false), checks);
        List<LogLine> lines = log.at(Level.WARNING);
        assertEquals(1, lines.size(), String.valueOf(log.lines()));
        assertEquals("frame 7 has run for 2500 ms (limit 2000 ms, orrery.host.frameWarnMillis): system"
                + " 'slowpoke/block' of plugin 'slowpoke' in schedule 'main' is running", lines.get(0).message());
    }

    @Test
    void nothingIsLoggedBetweenFramesOrWhenTheLimitIsZero() {
        now.addAndGet(10_000_000_000L);
        assertFalse(watchdog.check(), "no frame is running");
        watchdog.limit(0);
        watchdog.frameStarted(1);
        now.addAndGet(10_000_000_000L);
        assertFalse(watchdog.check(), "0 turns the watchdog off");
        watchdog.limit(5);
        assertTrue(watchdog.check());
        assertTrue(log.records().get(0).message().contains("no system is running"), log.lines().toString());
    }
}
