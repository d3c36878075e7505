package dev.orrery.host.internal.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.HostSettings;
import dev.orrery.host.RunState;
import dev.orrery.host.Schedules;
import dev.orrery.host.SystemFault;
import dev.orrery.host.SystemFaultException;
import dev.orrery.host.core.HostSettingsParser;
import dev.orrery.host.internal.plugins.HooksEntry;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.world.Trait;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FrameLoopTest {
    private final Trait<List<Double>> dts = Trait.of("test/dts", ArrayList::new);
    private final RunProbe probe = new RunProbe();
    /** Counted down by a test's system on each frame, where a test waits for frames. */
    private final AtomicReference<CountDownLatch> frameLatch = new AtomicReference<>();
    private FrameLoop loop;
    /** How often the loop reported a change of what it reports. */
    private final AtomicInteger changes = new AtomicInteger();

    @AfterEach
    void stop() {
        if (loop != null) {
            loop.stop(5000);
        }
    }

    private FrameLoop start(Map<String, Object> config, Runnable onBudgetDone, Plugin... plugins) {
        return start(config, onBudgetDone, System::nanoTime, plugins);
    }

    private FrameLoop start(Map<String, Object> config, Runnable onBudgetDone, LongSupplier nanoTime,
                            Plugin... plugins) {
        HostSettings c = HostSettingsParser.parse(config, k -> null);
        loop = new FrameLoop(c, probe, CapturedLog.create().logger(), FrameLoop.Ended.onBudgetDone(onBudgetDone), nanoTime,
                changes::incrementAndGet);
        Schedule main = Schedule.builder("main").plugins(plugins).probe(probe).build();
        loop.start();
        loop.swap(Swaps.of("main", Map.of("main", main)));
        return loop;
    }

    private Plugin recordingDt() {
        return Plugin.builder("rec").systems(EcsSystem.define("rec/dt", (w, dt) -> w.add(dts).add(dt))).build();
    }

    private static <T> T get(java.util.concurrent.CompletionStage<T> s) throws Exception {
        return s.toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void fixedModeRunsExactlyTheFrameBudgetThenStops() throws Exception {
        CompletableFuture<Void> done = new CompletableFuture<>();
        start(Map.of("mode", "fixed", "fixedDt", 0.25, "rate", 0, "frames", 5), () -> done.complete(null),
                recordingDt());
        done.get(10, TimeUnit.SECONDS);
        assertTrue(loop.stop(5000));
        assertEquals(RunState.STOPPED, loop.status().state());
        assertEquals(5, loop.status().frames());
        ExecutionException e = assertThrows(ExecutionException.class, () -> get(loop.submit(w -> 1)));
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertEquals("the Orrery host is stopped; work was not run", e.getCause().getMessage());
    }

    @Test
    void fixedModeStepsPassTheFixedDtUnchanged() throws Exception {
        start(Map.of("mode", "fixed", "fixedDt", 0.25, "rate", 0, "startPaused", true), () -> { }, recordingDt());
        assertEquals(3L, get(loop.step(3)));
        assertEquals(List.of(0.25, 0.25, 0.25), get(loop.submit(w -> List.copyOf(w.add(dts)))));
        assertEquals(RunState.PAUSED, loop.status().state());
    }

    @Test
    void realTimeDtIsMeasuredAndClampedToMaxDt() throws Exception {
        // An injected clock: every read moves it on 1 ms, and the second frame's system moves it on
        // 0.3 s, as a slow frame would; no test thread sleeps.
        AtomicLong clock = new AtomicLong();
        CountDownLatch six = new CountDownLatch(6);
        AtomicInteger calls = new AtomicInteger();
        Plugin slow = Plugin.builder("slow").systems(EcsSystem.define("slow/s", (w, dt) -> {
            w.add(dts).add(dt);
            if (calls.incrementAndGet() == 2) {
                clock.addAndGet(300_000_000L); // makes the next frame's measured dt about 0.3 s
            }
            six.countDown();
        })).build();
        start(Map.of("mode", "realtime", "rate", 100, "maxDt", 0.05), () -> { },
                () -> clock.addAndGet(1_000_000L), slow);
        assertTrue(six.await(10, TimeUnit.SECONDS), "six frames ran");
        loop.pause();
        List<Double> seen = get(loop.submit(w -> List.copyOf(w.add(dts))));
        assertEquals(0.05, seen.get(2), "the frame after a 0.3 s frame gets maxDt");
        for (double dt : seen) {
            assertTrue(dt >= 0 && dt <= 0.05, "dt " + dt + " within [0, maxDt]");
        }
    }

    @Test
    void throwingSystemPausesWithSystemAndPluginNamedAndCanBeResumed() throws Exception {
        AtomicReference<Boolean> fail = new AtomicReference<>(false);
        Plugin boom = Plugin.builder("boomer").systems(EcsSystem.define("boomer/tick", (w, dt) -> {
            if (fail.get()) {
                throw new IllegalArgumentException("kaboom");
            }
            w.add(dts).add(dt);
            CountDownLatch l = frameLatch.get();
            if (l != null) {
                l.countDown();
            }
        })).build();
        start(Map.of("mode", "fixed", "fixedDt", 0.5, "rate", 0, "startPaused", true), () -> { }, boom);
        get(loop.step(2));
        fail.set(true);
        ExecutionException e = assertThrows(ExecutionException.class, () -> get(loop.step(1)));
        SystemFault fault = assertInstanceOf(SystemFaultException.class, e.getCause()).fault();
        assertEquals(Optional.of("boomer/tick"), fault.system());
        assertEquals(Optional.of("boomer"), fault.plugin());
        assertEquals(Optional.of("main"), fault.schedule());
        assertEquals(3, fault.frame());
        assertEquals("kaboom", fault.message());
        assertEquals("system 'boomer/tick' of plugin 'boomer' in schedule 'main' threw "
                + "java.lang.IllegalArgumentException: kaboom in frame 3", fault.describe());
        assertEquals(RunState.PAUSED, loop.status().state());
        assertEquals(List.of(0.5, 0.5), get(loop.submit(w -> List.copyOf(w.add(dts)))));

        fail.set(false);
        loop.resume();
        IllegalStateException running = assertThrows(IllegalStateException.class, () -> {
            try {
                get(loop.step(1));
            } catch (ExecutionException ex) {
                throw ex.getCause();
            }
        });
        assertEquals("step: the simulation is running; pause it first", running.getMessage());
        // Three frames after the resume, seen through the world, not by polling the frame count.
        CountDownLatch three = new CountDownLatch(3);
        frameLatch.set(three);
        assertTrue(three.await(10, TimeUnit.SECONDS), "frames run after the resume");
        assertEquals(fault, loop.status().lastFault(), "the last fault stays visible after resume");
    }

    @Test
    void systemsReachOtherSchedulesThroughTheSchedulesTrait() throws Exception {
        AtomicInteger turns = new AtomicInteger();
        Schedule turn = Schedule.builder("turn").systems(EcsSystem.define("turn/s", (w, dt) -> turns.incrementAndGet()))
                .probe(probe).build();
        Plugin clock = Plugin.builder("clock").systems(EcsSystem.define("clock/s",
                (w, dt) -> w.get(Schedules.TRAIT).require("turn").run(w, dt))).build();
        start(Map.of("mode", "fixed", "rate", 0, "startPaused", true), () -> { }, clock);
        loop.swap(Swaps.of("main", Map.of("turn", turn)));
        get(loop.step(3));
        assertEquals(3, turns.get());
        assertEquals(java.util.Set.of("main", "turn"), loop.schedules().names());
    }

    @Test
    void faultInANestedScheduleNamesTheInnermostSystem() throws Exception {
        Schedule turn = Schedule.builder("turn").systems(EcsSystem.define("turn/bad", (w, dt) -> {
            throw new IllegalStateException("bad turn");
        })).probe(probe).build();
        Plugin clock = Plugin.builder("clock").systems(EcsSystem.define("clock/s",
                (w, dt) -> w.get(Schedules.TRAIT).require("turn").run(w, dt))).build();
        start(Map.of("mode", "fixed", "rate", 0, "startPaused", true), () -> { }, clock);
        loop.swap(Swaps.of("main", Map.of("turn", turn)));
        ExecutionException e = assertThrows(ExecutionException.class, () -> get(loop.step(1)));
        SystemFault fault = assertInstanceOf(SystemFaultException.class, e.getCause()).fault();
        assertEquals(Optional.of("turn/bad"), fault.system());
        assertEquals(Optional.of("turn"), fault.schedule());
        assertEquals(Optional.of("turn"), fault.plugin(), "declared by the turn schedule itself");
    }

    @Test
    void cancellingAStepDropsItsRemainingFramesAndLaterStepsRunTheirOwnCount() throws Exception {
        CountDownLatch three = new CountDownLatch(3);
        Plugin counted = Plugin.builder("rec").systems(EcsSystem.define("rec/dt", (w, dt) -> {
            w.add(dts).add(dt);
            three.countDown();
        })).build();
        start(Map.of("mode", "fixed", "fixedDt", 0.25, "rate", 200, "startPaused", true), () -> { }, counted);
        CompletableFuture<Long> huge = loop.step(1_000_000).toCompletableFuture();
        assertTrue(three.await(10, TimeUnit.SECONDS), "the step is running");
        assertTrue(huge.cancel(false));
        // The cancellation and this task take effect at the same boundary, in that order (RunControlTest
        // checks the dropped frames without a frame thread).
        long reached = get(loop.submit(w -> w.add(dts).size()));
        assertEquals(reached + 2, get(loop.step(2)), "a later step runs its own frames only: none of the cancelled one's");
        assertEquals(reached + 2, loop.status().frames());
        assertEquals(RunState.PAUSED, loop.status().state());
    }

    @Test
    void cancellingOneOfTwoStepRequestsKeepsTheOthersFrames() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        start(Map.of("mode", "fixed", "fixedDt", 0.25, "rate", 0, "startPaused", true), () -> { }, recordingDt());
        // Hold the frame thread in a task, so both requests are queued before any frame runs.
        loop.submit(w -> {
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return null;
        });
        CompletableFuture<Long> first = loop.step(5).toCompletableFuture();
        CompletableFuture<Long> second = loop.step(3).toCompletableFuture();
        first.cancel(false);
        release.countDown();
        assertEquals(3L, get(second));
        assertEquals(3, (int) get(loop.submit(w -> w.add(dts).size())));
    }

    @Test
    void workCancelledBeforeItStartsNeverRuns() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean ran = new java.util.concurrent.atomic.AtomicBoolean();
        start(Map.of("mode", "fixed", "rate", 0, "startPaused", true), () -> { });
        loop.submit(w -> {
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return null;
        });
        CompletableFuture<Boolean> late = loop.submit(w -> ran.getAndSet(true)).toCompletableFuture();
        assertTrue(late.cancel(false));
        release.countDown();
        get(loop.submit(w -> null));
        assertEquals(false, ran.get());
    }

    @Test
    void schedulesNoServiceObservesGetNoHooksAndSampledObserversKeepTheSmallestPeriod() {
        loop = new FrameLoop(HostSettingsParser.parse(Map.of(), k -> null), probe, CapturedLog.create().logger(), () -> { });
        assertNull(loop.observe("main", true, List.of()), "no observer: no hooks, so the generated dispatcher runs");
        assertSame(probe, loop.probe(), "every schedule the host builds publishes to the loop's probe");

        dev.orrery.schedule.ScheduleHooks one = loop.observe("main", true, List.of(observer(64, 1)));
        assertEquals(64, one.samplePeriod());
        dev.orrery.schedule.ScheduleHooks two = loop.observe("main", true, List.of(observer(64, 1), observer(8, 2)));
        assertEquals(8, two.samplePeriod(), "each service is called at least as often as it asked");
        dev.orrery.schedule.ScheduleHooks turn = loop.observe("turn", false, List.of(observer(64, 1)));
        assertEquals(1, turn.samplePeriod(), "a schedule other than the main one is observed on every run call");
    }

    private static HooksEntry observer(int period, long serviceId) {
        return new HooksEntry(new dev.orrery.schedule.ScheduleHooks() {
            @Override
            public int samplePeriod() {
                return period;
            }
        }, "main", serviceId, "test.bundle");
    }

    @Test
    void aSwapAPauseAndAResumeAreChangesAndAFrameAloneIsNot() throws Exception {
        start(Map.of("mode", "fixed", "fixedDt", 0.25, "rate", 0, "startPaused", true), () -> { }, recordingDt());
        get(loop.submit(w -> 0)); // after the swap queued by start()
        int afterSwap = changes.get();
        assertTrue(afterSwap >= 1, "the swap is a change: " + afterSwap);
        get(loop.step(3));
        assertEquals(afterSwap, changes.get(), "stepped frames change only the frame count");
        loop.resume();
        loop.pause();
        get(loop.submit(w -> 0));
        assertEquals(afterSwap + 2, changes.get(), "resumed, then paused");
    }
}
