package dev.orrery.host.internal.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.HostStatus;
import dev.orrery.host.ParkedFrame;
import dev.orrery.host.RunState;
import dev.orrery.schedule.Cooperative;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ParkListener;
import dev.orrery.schedule.ParkedUpdate;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunProbe;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.world.Trait;
import java.lang.System.Logger.Level;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A system of the host waits in {@code Cooperative.await}: the host is PARKED naming it, requests wait
 * for the frame boundary, and a departure of its plugin or the host stopping cancels the wait without
 * blaming the plugin. Tests learn of the park from the probe's listener and wait on the loop's change
 * notifications, never on time.
 */
class FrameLoopParkedTest {
    static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private final CountDownLatch parkedLatch = new CountDownLatch(1);
    /** Told of the parks as the host's engine tells it. */
    private final ParkedReads reads = new ParkedReads();
    private final RunProbe probe = RunProbe.builder().clock(InstantSource.fixed(T0)).listener(new ParkListener() {
        @Override
        public void parked(ParkedUpdate update) {
            reads.parked(update);
            parkedLatch.countDown();
            watched.changed();
        }

        @Override
        public void resumed(ParkedUpdate update) {
            reads.resumed(update);
            watched.changed();
        }
    }).build();
    private final CompletableFuture<String> profile = new CompletableFuture<>();
    private final AtomicInteger after = new AtomicInteger();
    private final AtomicReference<Thread> frameThread = new AtomicReference<>();
    private final WatchedLoop watched = new WatchedLoop(probe);
    private final CapturedLog log = watched.log;
    private FrameLoop loop;

    @AfterEach
    void stop() {
        profile.complete("done");
        watched.stop();
    }

    /** Starts a running loop whose one system waits for the profile, and waits until it parks. */
    private void startParked() throws InterruptedException {
        loop = watched.start(false);
        watched.install(loading("net"));
        assertTrue(parkedLatch.await(30, TimeUnit.SECONDS));
    }

    /** A plugin whose system awaits the profile, then counts. */
    private Plugin loading(String name) {
        return Plugin.builder(name).systems(EcsSystem.define(name + "/load", (w, dt) -> {
            frameThread.set(Thread.currentThread());
            Cooperative.await(profile, "player profile");
            after.incrementAndGet();
        })).build();
    }

    private static List<String> names(List<Plugin> plugins) {
        return plugins.stream().map(Plugin::name).toList();
    }

    @Test
    @DisplayName("a parked system makes the host PARKED naming world, schedule, phase, system, label and since")
    void parkedStatus() throws Exception {
        loop = watched.start(true);
        watched.install(loading("net"));
        loop.step(1);
        assertTrue(parkedLatch.await(30, TimeUnit.SECONDS));
        HostStatus s = watched.awaitStatus(x -> x.state() == RunState.PARKED);
        ParkedFrame p = s.parked().orElseThrow();
        assertEquals(new ParkedFrame(1, "host", "main", "OnUpdate", "net/load", "net", "player profile",
                CompletableFuture.class.getName(), T0), p);
        assertTrue(s.stuck().isEmpty());

        CompletionStage<String> work = loop.submit(w -> "ran");
        CompletionStage<Long> step = loop.step(1);
        watched.install(loading("net"), Plugin.builder("late").build()); // a plugin arrives while parked
        assertEquals(RunState.PARKED, loop.status().state());
        assertFalse(work.toCompletableFuture().isDone(), "work waits for the frame boundary");
        assertFalse(step.toCompletableFuture().isDone());
        assertEquals(List.of("net"), names(loop.schedules().require("main").plugins()), "the arrival waits too");

        profile.complete("ada");
        assertEquals("ran", work.toCompletableFuture().get(30, TimeUnit.SECONDS));
        assertEquals(List.of("late", "net"), names(loop.submit(w -> loop.schedules().require("main").plugins())
                .toCompletableFuture().get(30, TimeUnit.SECONDS)).stream().sorted().toList());
        assertEquals(2L, step.toCompletableFuture().get(30, TimeUnit.SECONDS));
        HostStatus back = watched.awaitStatus(x -> x.state() == RunState.PAUSED && x.frames() == 2);
        assertTrue(back.parked().isEmpty());
        assertEquals(2, after.get());
        assertTrue(log.at(Level.ERROR).isEmpty(), log.lines()::toString);
        assertTrue(log.matching(m -> m.contains("STUCK")).isEmpty(), log.lines()::toString);
    }

    @Test
    @DisplayName("a read while parked runs at once on the caller's thread, sees what the frame did before the wait; submitted work waits")
    void readWhileParked() throws Exception {
        Trait<String> seen = Trait.of("test/seen", () -> "none");
        loop = watched.start(true);
        watched.install(Plugin.builder("net").systems(EcsSystem.define("net/load", (w, dt) -> {
            w.set(seen, "before the wait");
            Cooperative.await(profile, "player profile");
            after.incrementAndGet();
        })).build());
        CompletableFuture<String> early = loop.read(w -> w.get(seen), reads).toCompletableFuture();
        assertNull(early.get(30, TimeUnit.SECONDS), "not parked: the read runs at the frame boundary, before any frame");
        loop.step(1);
        assertTrue(parkedLatch.await(30, TimeUnit.SECONDS));
        CompletionStage<String> work = loop.submit(w -> "ran");
        AtomicReference<Thread> reader = new AtomicReference<>();
        CompletableFuture<String> read = loop.read(w -> {
            reader.set(Thread.currentThread());
            return w.get(seen);
        }, reads).toCompletableFuture();
        assertTrue(read.isDone(), "answered at once");
        assertEquals("before the wait", read.get());
        assertEquals(Thread.currentThread(), reader.get());
        assertFalse(work.toCompletableFuture().isDone(), "submitted work still waits for the boundary");
        CompletableFuture<Object> failed = loop.read(w -> {
            throw new IllegalStateException("read failed");
        }, reads).toCompletableFuture();
        assertTrue(failed.isCompletedExceptionally(), "what the read threw is its outcome; the frame is untouched");

        profile.complete("ada");
        assertEquals("ran", work.toCompletableFuture().get(30, TimeUnit.SECONDS));
        assertEquals(1, after.get());
        assertFalse(reads.isOpen(), "resumed: reads go to the frame boundary again");
    }

    @Test
    @DisplayName("the parked system does not go on while a read runs: the frame thread waits for it")
    void resumeWaitsForARead() throws Exception {
        startParked();
        CountDownLatch reading = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger afterSeenByRead = new AtomicInteger(-1);
        Thread reader = new Thread(() -> loop.read(w -> {
            reading.countDown();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            afterSeenByRead.set(after.get());
            return null;
        }, reads), "reader");
        reader.start();
        assertTrue(reading.await(30, TimeUnit.SECONDS));
        profile.complete("ada");
        Thread frame = frameThread.get();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (frame.getState() != Thread.State.BLOCKED && System.nanoTime() < end) {
            Thread.onSpinWait(); // until the frame thread waits for the read's monitor
        }
        assertEquals(Thread.State.BLOCKED, frame.getState());
        release.countDown();
        reader.join(30_000);
        assertEquals(0, afterSeenByRead.get(), "the system went on only after the read");
        watched.awaitStatus(x -> after.get() >= 1);
    }

    @Test
    @DisplayName("a departure of the parked system's plugin cancels the wait; nothing is blamed on the plugin")
    void departureCancelsTheWait() throws Exception {
        loop = watched.start(false);
        Plugin net = loading("net");
        watched.install(net);
        assertTrue(parkedLatch.await(30, TimeUnit.SECONDS));
        loop.suspend(net, "net", 1, 30_000);
        assertTrue(profile.isCancelled(), "the stage was cancelled");
        assertEquals(List.of(), loop.submit(w -> loop.schedules().require("main").plugins()).toCompletableFuture()
                .get(30, TimeUnit.SECONDS), "the departure is in force");
        HostStatus s = loop.status();
        assertNull(s.lastFault(), "nothing blamed on the plugin");
        assertEquals(RunState.RUNNING, s.state());
        assertEquals(0, after.get());
        assertEquals(1, log.matching(m -> m.startsWith("plugin 'net' left while its system 'net/load' was parked"))
                .size(), log.lines()::toString);
        assertTrue(log.at(Level.ERROR).isEmpty(), log.lines()::toString);
        assertTrue(log.at(Level.WARNING).isEmpty(), log.lines()::toString);
    }

    @Test
    @DisplayName("stopping the host while parked cancels the wait: the frame thread ends, no fault")
    void stopCancelsTheWait() throws Exception {
        startParked();
        assertTrue(loop.stop(30_000), "the loop ended in time");
        Thread t = frameThread.get();
        t.join(TimeUnit.SECONDS.toMillis(30));
        assertFalse(t.isAlive(), "no thread left");
        HostStatus s = loop.status();
        assertEquals(RunState.STOPPED, s.state());
        assertNull(s.lastFault());
        assertTrue(profile.isCancelled());
        assertTrue(log.at(Level.ERROR).isEmpty(), log.lines()::toString);
    }
}
