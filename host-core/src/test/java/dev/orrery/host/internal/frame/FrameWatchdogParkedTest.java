package dev.orrery.host.internal.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.StuckFrame;
import dev.orrery.host.internal.plugins.ObserverProbe;
import dev.orrery.schedule.Cooperative;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ParkedUpdate;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.world.World;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The watchdog and a parked world update, with an injected clock: one ERROR line at 5 s (none at
 * 4.9 s) naming world, system, plugin and label, the next about a minute later; a parked frame is
 * told apart from a stuck one (never marked stuck, never warned about as a long frame). The update
 * parks on a thread the test starts; the test learns of it from the probe's listener.
 */
class FrameWatchdogParkedTest {
    static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private final AtomicReference<Instant> now = new AtomicReference<>(T0);
    private final AtomicLong nanos = new AtomicLong(1);
    private final CapturedLog log = CapturedLog.create();
    private final CountDownLatch parked = new CountDownLatch(1);
    private final RunProbe probe = RunProbe.builder().clock(now::get)
            .listener(u -> parked.countDown()).build();
    private final CompletableFuture<String> stage = new CompletableFuture<>();
    private Thread worldThread;

    @BeforeEach
    void park() throws InterruptedException {
        Plugin net = Plugin.builder("net").systems(EcsSystem.define("net/load",
                (w, dt) -> Cooperative.await(stage, "player profile"))).build();
        Schedule main = Schedule.builder("main").plugins(net).probe(probe).build();
        World world = new World();
        worldThread = new Thread(() -> main.run(world, 0.016), "test-world");
        worldThread.start();
        assertTrue(parked.await(30, TimeUnit.SECONDS), "the update parked");
    }

    @AfterEach
    void release() throws InterruptedException {
        stage.complete("done");
        worldThread.join(TimeUnit.SECONDS.toMillis(30));
        assertFalse(worldThread.isAlive());
    }

    /** A watchdog with a 100 ms warning and a 1 s stuck limit that keeps the frame it marks stuck in {@code marked}. */
    private FrameWatchdog markingWatchdog(AtomicReference<StuckFrame> marked) {
        return new FrameWatchdog(log.logger(), nanos::get, probe, new ObserverProbe(), 100, 1000,
                new FrameWatchdog.Stuck() {
                    @Override
                    public void stuck(StuckFrame frame) {
                        marked.set(frame);
                    }

                    @Override
                    public void returned(StuckFrame frame) {
                    }
                });
    }

    private void at(Duration sincePark) {
        now.set(T0.plus(sincePark));
    }

    @Test
    @DisplayName("no log at 4.9 s parked, one ERROR at 5 s naming world, system, plugin and label, the next a minute on")
    void errorAfterFiveSecondsThenEveryMinute() {
        FrameWatchdog dog = new FrameWatchdog(log.logger(), nanos::get, probe, new ObserverProbe(), 100, 1000,
                FrameWatchdog.Stuck.NONE);
        dog.frameStarted(7);
        at(Duration.ofMillis(4900));
        assertFalse(dog.check());
        assertEquals(List.of(), log.lines());
        at(Duration.ofSeconds(5));
        assertTrue(dog.check());
        List<String> errors = log.messagesAt(Level.ERROR);
        assertEquals(1, errors.size(), log.lines()::toString);
        String line = errors.get(0);
        assertTrue(line.startsWith("world 'host' has been parked for 5 s: system 'net/load' of plugin 'net' in schedule"
                + " 'main'"), line);
        assertTrue(line.contains("parked on 'player profile'"), line);
        at(Duration.ofSeconds(64));
        assertFalse(dog.check(), "not again within the minute");
        at(Duration.ofSeconds(65));
        assertTrue(dog.check());
        assertEquals(2, log.messagesAt(Level.ERROR).size());
    }

    @Test
    @DisplayName("a parked frame is not stuck: past both limits it is neither warned about nor marked")
    void parkedIsNotStuck() {
        AtomicReference<StuckFrame> marked = new AtomicReference<>();
        FrameWatchdog dog = markingWatchdog(marked);
        dog.frameStarted(3);
        nanos.addAndGet(TimeUnit.MINUTES.toNanos(1));
        dog.check();
        assertNull(marked.get());
        assertNull(dog.stuck());
        assertTrue(log.matching(m -> m.contains("STUCK") || m.contains("has run for")).isEmpty(), log.lines()::toString);
        ParkedUpdate u = probe.parked().orElseThrow();
        assertEquals("player profile", u.label());
        assertEquals("net/load", dog.parked().systemName().orElseThrow());
        assertEquals(3, dog.parked().frame());
    }

    @Test
    @DisplayName("after a long wait the frame's run counts from the wait's end: no long-frame line, no stuck mark at once")
    void aFrameThatWaitedIsTimedFromTheWaitsEnd() throws InterruptedException {
        AtomicReference<StuckFrame> marked = new AtomicReference<>();
        FrameWatchdog dog = markingWatchdog(marked);
        dog.frameStarted(4);
        nanos.addAndGet(TimeUnit.MINUTES.toNanos(1));
        dog.check(); // parked
        stage.complete("the profile");
        worldThread.join(TimeUnit.SECONDS.toMillis(30));
        assertTrue(probe.parked().isEmpty(), "the wait ended");
        nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(50)); // the frame goes on 50 ms after its wait
        assertFalse(dog.check());
        assertNull(marked.get());
        assertTrue(log.matching(m -> m.contains("STUCK") || m.contains("has run for")).isEmpty(), log.lines()::toString);
        nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(1000)); // now past the stuck limit after the wait: stuck
        assertTrue(dog.check());
        assertEquals(4, marked.get().frame());
    }
}
