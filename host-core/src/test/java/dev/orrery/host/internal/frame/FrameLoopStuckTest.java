package dev.orrery.host.internal.frame;

import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.testsupport.log.LogLine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.HostStatus;
import dev.orrery.host.RunState;
import dev.orrery.host.SystemFault;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunProbe;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A frame that does not return: the host is STUCK naming the system (the fake clock moves past the
 * stuck limit; the watchdog's checker notices), a stop does not wait for it, and a departure of its
 * plugin interrupts an interruptible wait without pausing the simulation. Tests wait on the loop's
 * change notifications, never on time.
 */
class FrameLoopStuckTest {
    private final WatchedLoop watched = new WatchedLoop(new RunProbe());
    private final AtomicLong clock = watched.clock;
    private final CapturedLog log = watched.log;
    private final CountDownLatch entered = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private FrameLoop loop;

    @AfterEach
    void stop() {
        release.countDown();
        watched.stop();
    }

    /** A system that blocks until released (or interrupted: then it throws). */
    private Plugin blocking(String name) {
        return Plugin.builder(name).systems(EcsSystem.define(name + "/accept", (w, dt) -> {
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException("accept interrupted", e);
            }
        })).build();
    }

    @Test
    @DisplayName("a system that has not returned for stuckMillis makes the host STUCK naming it; its return ends that")
    void stuckUntilTheFrameReturns() throws Exception {
        loop = watched.start(true);
        watched.install(blocking("net"));
        loop.step(1);
        assertTrue(entered.await(30, TimeUnit.SECONDS));
        clock.addAndGet(TimeUnit.SECONDS.toNanos(11));
        HostStatus stuck = watched.awaitStatus(s -> s.state() == RunState.STUCK);
        assertEquals("system 'net/accept' of plugin 'net' in schedule 'main'", stuck.stuck().orElseThrow().describe()
                .replaceAll(" has not returned.*", ""));
        assertEquals(1, stuck.stuck().orElseThrow().frame());
        release.countDown();
        HostStatus back = watched.awaitStatus(s -> s.state() == RunState.PAUSED);
        assertTrue(back.stuck().isEmpty());
        assertEquals(1, log.matching(m -> m.startsWith("the host is STUCK: system 'net/accept'")).size(), log.lines()::toString);
        assertEquals(1, log.matching(m -> m.startsWith("frame 1 returned after ")).size(), log.lines()::toString);
    }

    @Test
    @DisplayName("stopping a STUCK host does not wait for the frame; the status stays STUCK, naming the system")
    void aStopDoesNotWaitForAStuckFrame() throws Exception {
        loop = watched.start(true);
        watched.install(blocking("net"));
        loop.step(1);
        assertTrue(entered.await(30, TimeUnit.SECONDS));
        clock.addAndGet(TimeUnit.SECONDS.toNanos(11));
        watched.awaitStatus(s -> s.state() == RunState.STUCK);
        assertFalse(loop.stop(TimeUnit.HOURS.toMillis(1)), "returns at once, without the frame");
        assertEquals(RunState.STUCK, loop.status().state());
        assertEquals("net/accept", loop.status().stuck().orElseThrow().system().orElseThrow());
        release.countDown();
        watched.awaitStatus(s -> s.state() == RunState.STOPPED);
        assertTrue(loop.stop(5000));
    }

    @Test
    @DisplayName("a departure while its plugin's system waits interrupts it; what it throws then does not pause the simulation")
    void aDepartureInterruptsItsPluginsWaitingSystem() throws Exception {
        loop = watched.start(false);
        Plugin net = blocking("net");
        watched.install(net);
        assertTrue(entered.await(30, TimeUnit.SECONDS));
        loop.suspend(net, "net", 1, 0);
        HostStatus after = watched.awaitStatus(s -> s.lastFault() != null);
        SystemFault f = after.lastFault();
        assertEquals("net/accept", f.system().orElseThrow());
        assertEquals(List.of(), loop.submit(w -> loop.schedules().require("main").plugins()).toCompletableFuture()
                .get(30, TimeUnit.SECONDS), "the departure is in force");
        assertEquals(RunState.RUNNING, loop.status().state(), "not paused by the interrupted system");
        assertEquals(1, log.matching(m -> m.startsWith("plugin 'net' left while its system 'net/accept'")).size(),
                log.lines()::toString);
        assertEquals(1, log.matching(m -> m.startsWith("the host interrupted a system of departing plugin 'net'")).size(),
                log.lines()::toString);
        assertTrue(log.at(Level.ERROR).isEmpty(), log.lines()::toString);
    }
}
