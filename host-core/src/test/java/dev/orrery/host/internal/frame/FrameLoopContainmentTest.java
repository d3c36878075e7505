package dev.orrery.host.internal.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.HostSettings;
import dev.orrery.host.ObserverStatus;
import dev.orrery.host.RunState;
import dev.orrery.host.SystemFault;
import dev.orrery.host.SystemFaultException;
import dev.orrery.host.core.HostSettingsParser;
import dev.orrery.host.internal.plugins.HooksEntry;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.HookContext;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunFailure;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.ScheduleState;
import dev.orrery.schedule.SystemSet;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.testsupport.log.LogLine;
import dev.orrery.world.Trait;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The frame side of the plugin boundary: departures that never hold frames, faults that name their
 * culprit, observers behind fuses, a frame thread that never dies silently, state carried to a renamed
 * main schedule.
 */
class FrameLoopContainmentTest {
    private final Trait<int[]> counts = Trait.of("test/counts", () -> new int[4]);
    private final CapturedLog log = CapturedLog.create();
    private final RunProbe probe = new RunProbe();
    private final CompletableFuture<SystemFault> died = new CompletableFuture<>();
    private FrameLoop loop;

    @AfterEach
    void stop() {
        if (loop != null) {
            loop.stop(5000);
        }
    }

    private FrameLoop paused() {
        HostSettings c = HostSettingsParser.parse(Map.of("mode", "fixed", "rate", 0, "startPaused", true), k -> null);
        loop = new FrameLoop(c, probe, log.logger(), new FrameLoop.Ended() {
            @Override
            public void budgetDone() {
            }

            @Override
            public void died(SystemFault fault) {
                died.complete(fault);
            }
        }, System::nanoTime, () -> { });
        loop.start();
        return loop;
    }

    private Schedule schedule(String name, Plugin... plugins) {
        return Schedule.builder(name).plugins(plugins).hooks(loop.observe(name, true, List.of())).build();
    }

    private Plugin counting(String name, int slot) {
        return Plugin.builder(name).systems(EcsSystem.define(name + "/tick", (w, dt) -> w.add(counts)[slot]++)).build();
    }

    private static <T> T get(CompletionStage<T> s) throws Exception {
        return s.toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private int[] counts() throws Exception {
        return get(loop.submit(w -> w.add(counts).clone()));
    }

    private SystemFault stepFault() {
        ExecutionException e = assertThrows(ExecutionException.class, () -> get(loop.step(1)));
        return assertInstanceOf(SystemFaultException.class, e.getCause()).fault();
    }

    // ---------------------------------------------------------------- departures

    @Test
    void aDepartedPluginStopsAtTheNextBoundaryAndFramesGoOnWithoutWaitingForARebuild() throws Exception {
        paused();
        Plugin a = counting("a", 0);
        Plugin b = counting("b", 1);
        Schedule withBoth = schedule("main", a, b);
        loop.swap(Swaps.of("main", Map.of("main", withBoth)));
        get(loop.step(2));
        loop.suspend(b, "b", 1, 5000);
        assertEquals(4L, get(loop.step(2)), "frames run at once, with no rebuild swapped in");
        assertEquals(4, counts()[0]);
        assertEquals(2, counts()[1], "no system of the departed plugin ran after suspend returned");
        assertEquals(List.of("a"), loop.schedules().require("main").plugins().stream().map(Plugin::name).toList());

        loop.swap(Swaps.of("main", Map.of("main", schedule("main", a, b))));
        get(loop.step(1));
        assertEquals(2, counts()[1], "a rebuild that started before the departure is filtered too");

        Plugin bAgain = counting("b", 1);
        loop.swap(Swaps.of("main", Map.of("main", schedule("main", a, bAgain))));
        get(loop.step(1));
        assertEquals(3, counts()[1], "the plugin's new registration runs");
        assertEquals(6, counts()[0]);
    }

    @Test
    void aDepartureDuringARebuildThatStillHasThePluginIsFilteredWhenThatRebuildIsSwappedInLater()
            throws Exception {
        paused();
        Plugin a = counting("a", 0);
        Plugin b = counting("b", 1);
        loop.swap(Swaps.at(1, "main", Map.of("main", schedule("main", a))));
        get(loop.step(1));
        // b arrived (generation 2) and left (generation 3) while the rebuild with it was being built.
        loop.suspend(b, "b", 3, 5000);
        loop.swap(Swaps.at(2, "main", Map.of("main", schedule("main", a, b))));
        get(loop.step(2));
        assertEquals(0, counts()[1], "the departed plugin never runs, though its data was not installed yet");
        loop.swap(Swaps.at(3, "main", Map.of("main", schedule("main", a))));
        Plugin bAgain = counting("b", 1);
        loop.swap(Swaps.at(4, "main", Map.of("main", schedule("main", a, bAgain))));
        get(loop.step(1));
        assertEquals(1, counts()[1], "its next registration runs");
    }

    @Test
    void aDepartedObserverIsNotCalledAfterItsRetirement() throws Exception {
        paused();
        AtomicInteger calls = new AtomicInteger();
        ScheduleHooks counting = new ScheduleHooks() {
            @Override
            public void beforeSystem(HookContext ctx) {
                calls.incrementAndGet();
            }
        };
        HooksEntry entry = new HooksEntry(counting, null, 41, "itest.observer/1.0.0");
        Schedule main = Schedule.builder("main").plugins(counting("a", 0)).hooks(loop.observe("main", true, List.of(entry)))
                .build();
        loop.swap(Swaps.of("main", Map.of("main", main)));
        get(loop.step(2));
        assertEquals(2, calls.get());
        loop.retireObserver(41, 5000);
        get(loop.step(2));
        assertEquals(2, calls.get());
        assertEquals(List.of(), loop.observers());

        // A rebuild from a snapshot taken before the service left still lists it: it stays retired.
        Schedule stale = Schedule.builder("main").plugins(counting("a", 0)).hooks(loop.observe("main", true, List.of(entry)))
                .build();
        loop.swap(Swaps.of("main", Map.of("main", stale)));
        get(loop.step(2));
        assertEquals(2, calls.get(), "a departed observer is never called again");
        assertEquals(List.of(), loop.observers());
    }

    @Test
    void anInterruptLeftByASystemIsClearedAndLoggedAndFramesGoOn() throws Exception {
        paused();
        Plugin rude = Plugin.builder("rude").systems(EcsSystem.define("rude/interrupt", (w, dt) -> {
            if (w.add(counts)[0]++ == 0) {
                Thread.currentThread().interrupt();
            }
        })).build();
        loop.swap(Swaps.of("main", Map.of("main", schedule("main", rude))));
        get(loop.step(1));
        assertEquals(3L, get(loop.step(2)), "the loop goes on after the interrupt");
        assertEquals(RunState.PAUSED, loop.status().state());
        assertEquals(1, log.matching(m -> m.startsWith("the frame thread was interrupted")).size(),
                String.valueOf(log.lines()));
    }

    // ---------------------------------------------------------------- faults

    @Test
    void aStackOverflowErrorInASystemPausesWithTheSystemNamedAndTheWorldIntact() throws Exception {
        paused();
        Plugin deep = Plugin.builder("deep").systems(EcsSystem.define("deep/recurse", (w, dt) -> {
            if (w.add(counts)[0]++ >= 1) {
                recurse(1);
            }
        })).build();
        loop.swap(Swaps.of("main", Map.of("main", schedule("main", deep))));
        get(loop.step(1));
        SystemFault fault = stepFault();
        assertEquals(Optional.of("deep/recurse"), fault.system());
        assertEquals(Optional.of("deep"), fault.plugin());
        assertEquals(Optional.of(RunFailure.Stage.RUN), fault.stage());
        assertEquals(StackOverflowError.class.getName(), fault.errorType());
        assertEquals(RunState.PAUSED, loop.status().state());
        assertEquals(2, counts()[0], "the world value written before the fault is intact");
        assertEquals(1, log.at(Level.ERROR).size());
        assertInstanceOf(StackOverflowError.class, log.at(Level.ERROR).get(0).thrown());
    }

    private static int recurse(int n) {
        return recurse(n + 1) + 1;
    }

    @Test
    void aThrowingRunConditionIsBlamedOnItsSystemWithTheStageNamed() throws Exception {
        paused();
        Plugin p = Plugin.builder("cond").systems(EcsSystem.builder("cond/guarded").runIf(w -> {
            throw new NoClassDefFoundError("dev/gone/Thing");
        }).run((w, dt) -> { }).build()).build();
        loop.swap(Swaps.of("main", Map.of("main", schedule("main", p))));
        SystemFault fault = stepFault();
        assertEquals(Optional.of("cond/guarded"), fault.system());
        assertEquals(Optional.of("cond"), fault.plugin());
        assertEquals(Optional.of(RunFailure.Stage.CONDITION), fault.stage());
        assertEquals("the condition of system 'cond/guarded' of plugin 'cond' in schedule 'main' threw"
                + " java.lang.NoClassDefFoundError: dev/gone/Thing in frame 1", fault.describe());
    }

    @Test
    void aThrowingSetConditionNamesTheSet() throws Exception {
        paused();
        SystemSet gate = SystemSet.builder("gate").runIf(w -> {
            throw new AssertionError("set says no");
        }).build();
        Plugin p = Plugin.builder("gated").sets(gate)
                .systems(EcsSystem.builder("gated/s").sets(gate).run((w, dt) -> { }).build()).build();
        loop.swap(Swaps.of("main", Map.of("main", schedule("main", p))));
        SystemFault fault = stepFault();
        assertEquals(Optional.of("gated/s"), fault.system());
        assertEquals(Optional.of(RunFailure.Stage.SET_CONDITION), fault.stage());
        assertEquals(Optional.of("gate"), fault.set());
        assertEquals("set condition 'gate'", fault.stageText());
    }

    @Test
    void aVirtualMachineErrorEndsTheFrameThreadWithOneLineAndAStoppedStatusThatSaysWhy() throws Exception {
        paused();
        Plugin p = Plugin.builder("fatal").systems(EcsSystem.define("fatal/s", (w, dt) -> {
            throw new InternalError("simulated VM failure");
        })).build();
        loop.swap(Swaps.of("main", Map.of("main", schedule("main", p))));
        CompletableFuture<Long> step = loop.step(1).toCompletableFuture();
        SystemFault fault = died.get(10, TimeUnit.SECONDS);
        assertTrue(loop.stop(5000));
        assertEquals(SystemFault.Kind.FRAME_THREAD, fault.kind());
        assertEquals(Optional.of("fatal/s"), fault.system());
        assertEquals(RunState.STOPPED, loop.status().state());
        assertEquals(fault, loop.status().lastFault());
        assertTrue(step.isCompletedExceptionally(), "the step waiting for the frame does not hang");
        List<LogLine> errors = log.at(Level.ERROR);
        assertEquals(1, errors.size(), String.valueOf(log.lines()));
        assertTrue(errors.get(0).message().startsWith("the Orrery host stopped: the frame thread (schedule 'main',"
                + " system 'fatal/s' of plugin 'fatal') died of java.lang.InternalError: simulated VM failure"),
                errors.get(0).message());
        ExecutionException e = assertThrows(ExecutionException.class, () -> get(loop.submit(w -> 1)));
        assertInstanceOf(IllegalStateException.class, e.getCause());
    }

    // ---------------------------------------------------------------- observers

    @Test
    void aThrowingObserverIsQuarantinedAndNoSystemIsBlamed() throws Exception {
        paused();
        AtomicInteger calls = new AtomicInteger();
        ScheduleHooks bad = new ScheduleHooks() {
            @Override
            public void afterSystem(HookContext ctx) {
                calls.incrementAndGet();
                throw new IllegalStateException("observer bug");
            }
        };
        HooksEntry entry = new HooksEntry(bad, null, 17, "itest.badhooks/1.0.0");
        Schedule main = Schedule.builder("main").plugins(counting("game", 0))
                .hooks(loop.observe("main", true, List.of(entry))).build();
        loop.swap(Swaps.of("main", Map.of("main", main)));
        assertEquals(3L, get(loop.step(3)));
        assertEquals(3, counts()[0], "the game goes on");
        assertEquals(1, calls.get(), "never called again after it threw");
        assertNull(loop.status().lastFault(), "no system is blamed");
        ObserverStatus status = loop.observers().get(0);
        assertEquals(17, status.serviceId());
        assertTrue(status.quarantined());
        assertTrue(status.reason().startsWith("its afterSystem threw java.lang.IllegalStateException: observer bug"
                + " around system 'game/tick' of schedule 'main'"), status.reason());
        List<LogLine> warnings = log.at(Level.WARNING);
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).message().startsWith("observer service 17 (itest.badhooks/1.0.0) quarantined"),
                warnings.get(0).message());
        assertFalse(log.records().stream().anyMatch(l -> l.thrown() != null), "no stack trace for an observer");
    }

    // ---------------------------------------------------------------- main schedule renamed

    @Test
    void renamingTheMainScheduleCarriesDisabledFlagsAndOnStartProgress() throws Exception {
        paused();
        AtomicInteger starts = new AtomicInteger();
        Plugin game = Plugin.builder("game").systems(
                EcsSystem.builder("game/start").phase(dev.orrery.schedule.Phase.ON_START)
                        .run((w, dt) -> starts.incrementAndGet()).build(),
                EcsSystem.define("game/off", (w, dt) -> w.add(counts)[1]++),
                EcsSystem.define("game/on", (w, dt) -> w.add(counts)[0]++)).build();
        Schedule before = schedule("main", game);
        loop.swap(Swaps.of("main", Map.of("main", before)));
        get(loop.step(1));
        get(loop.submit(w -> {
            before.disable(w, before.systems().stream().filter(s -> s.name().equals("game/off")).findFirst().get());
            return null;
        }));
        Schedule renamed = schedule("game-main", game);
        loop.swap(Swaps.carrying("game-main", Map.of("game-main", renamed), Map.of("game-main", "main")));
        get(loop.step(2));
        assertEquals(1, starts.get(), "OnStart does not run again");
        assertEquals(1, counts()[1], "the disabled system ran only in the frame before it was disabled");
        assertEquals(3, counts()[0]);
        ScheduleState carried = get(loop.submit(w -> w.get(renamed.state())));
        assertEquals("game-main", carried.name());
        assertEquals(List.of("game/off"), carried.disabled());
    }

    @Test
    void renamingTheMainScheduleDisposesItsInitialisedSystemsBeforeTheyInitialiseUnderTheNewName() throws Exception {
        paused();
        List<String> lifecycle = new java.util.concurrent.CopyOnWriteArrayList<>();
        Plugin game = Plugin.builder("game").systems(EcsSystem.builder("game/audio").run((w, dt) -> { })
                .init(w -> lifecycle.add("init")).dispose(w -> lifecycle.add("dispose")).build()).build();
        Schedule before = schedule("main", game);
        loop.swap(Swaps.of("main", Map.of("main", before)));
        get(loop.step(1));
        assertEquals(List.of("init"), lifecycle);
        Schedule renamed = schedule("game-main", game);
        loop.swap(Swaps.carrying("game-main", Map.of("game-main", renamed), Map.of("game-main", "main")));
        get(loop.step(2));
        assertEquals(List.of("init", "dispose", "init"), lifecycle,
                "the old name's record is disposed at the swap; never two inits without a dispose between");
    }
}
