package dev.orrery.host.internal.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.HostSettings;
import dev.orrery.host.SystemFault;
import dev.orrery.host.SystemFaultException;
import dev.orrery.host.core.HostSettingsParser;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.testsupport.log.LogLine;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The host side of the system lifecycle: init inside frames, dispose of a departing
 * plugin's systems on the frame thread at the boundary where a schedule without them is put in force
 * (departure suspension or rebuilt swap), dispose-all when the loop stops, faults of both named.
 */
class FrameLoopLifecycleTest {
    /** What init, run and dispose did, with the thread they did it on. */
    private final List<String> events = new CopyOnWriteArrayList<>();
    private final CapturedLog log = CapturedLog.create();
    private final RunProbe probe = new RunProbe();
    private FrameLoop loop;
    private Schedule current;

    @AfterEach
    void stop() {
        if (loop != null) {
            loop.stop(5000);
        }
    }

    private void paused() {
        HostSettings c = HostSettingsParser.parse(Map.of("mode", "fixed", "rate", 0, "startPaused", true), k -> null);
        loop = new FrameLoop(c, probe, log.logger(), () -> { });
        loop.start();
    }

    /** Swaps in a schedule built like the host's assembler does: adopting the previous one's state. */
    private Schedule swapIn(Plugin... plugins) {
        Schedule next = Schedule.builder("main").plugins(plugins).hooks(loop.observe("main", true, List.of()))
                .adoptStateOf(current).build();
        current = next;
        loop.swap(Swaps.of("main", Map.of("main", next)));
        return next;
    }

    private Plugin plugin(String name) {
        return Plugin.builder(name).systems(EcsSystem.builder(name + "/tick")
                .run((w, dt) -> events.add("run " + name))
                .init(w -> events.add("init " + name + " on " + Thread.currentThread().getName()))
                .dispose(w -> events.add("dispose " + name + " on " + Thread.currentThread().getName()))
                .build()).build();
    }

    private static <T> T get(CompletionStage<T> s) throws Exception {
        return s.toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private List<String> take() {
        List<String> copy = List.copyOf(events);
        events.clear();
        return copy;
    }

    @Test
    void aDepartingPluginIsDisposedOnTheFrameThreadAtTheBoundaryOfItsSuspension() throws Exception {
        paused();
        Plugin stayer = plugin("stayer");
        Plugin leaver = plugin("leaver");
        swapIn(stayer, leaver);
        get(loop.step(2));
        assertEquals(List.of("init stayer on orrery-frame", "init leaver on orrery-frame",
                "run stayer", "run leaver", "run stayer", "run leaver"), take());

        loop.suspend(leaver, "leaver", 1, 5000);
        assertEquals(List.of("dispose leaver on orrery-frame"), take(),
                "disposed on the frame thread before suspend returned, after its last frame");

        get(loop.step(1));
        swapIn(stayer); // the rebuild without the plugin
        get(loop.step(1));
        assertEquals(List.of("run stayer", "run stayer"), take(), "disposed once; stayer not initialised again");

        assertTrue(loop.stop(5000));
        assertEquals(List.of("dispose stayer on orrery-frame"), take(), "every initialised system at stop");
    }

    @Test
    void aSystemMissingFromARebuiltScheduleIsDisposedAtTheSwapAndAReturningOneIsInitialisedAgain() throws Exception {
        paused();
        Plugin stayer = plugin("stayer");
        Plugin leaver = plugin("leaver");
        swapIn(stayer, leaver);
        get(loop.step(1));
        take();
        swapIn(stayer);
        get(loop.step(1));
        assertEquals(List.of("dispose leaver on orrery-frame", "run stayer"), take(), "disposed at the swap, before the next frame");
        swapIn(stayer, leaver);
        get(loop.step(1));
        assertEquals(List.of("init leaver on orrery-frame", "run stayer", "run leaver"), take());
    }

    @Test
    void aThrowingDisposeIsLoggedNamingSystemPluginAndStageAndTheOthersAreStillDisposed() throws Exception {
        paused();
        Plugin bad = Plugin.builder("bad").systems(EcsSystem.builder("bad/tick").run((w, dt) -> { })
                .dispose(w -> {
                    throw new IllegalStateException("cannot close");
                }).build()).build();
        Plugin other = plugin("other");
        swapIn(other, bad);
        get(loop.step(1));
        take();
        loop.suspend(bad, "bad", 1, 5000);
        get(loop.step(1));
        assertEquals(List.of("run other"), take(), "the host keeps running");
        SystemFault fault = loop.status().lastFault();
        assertEquals("dispose", fault.stageText());
        assertEquals("the dispose of system 'bad/tick' of plugin 'bad' in schedule 'main' threw "
                + "java.lang.IllegalStateException: cannot close in frame 1", fault.describe());
        List<LogLine> errors = log.records().stream().filter(l -> l.level() == Level.ERROR).toList();
        assertEquals(1, errors.size());
        assertEquals("disposing systems (plugin 'bad' left): " + fault.describe() + "; the host keeps running",
                errors.get(0).message());

        assertTrue(loop.stop(5000));
        assertEquals(List.of("dispose other on orrery-frame"), take());
    }

    @Test
    void aThrowingInitIsAFrameFaultNamingSystemPluginAndStage() throws Exception {
        paused();
        Plugin bad = Plugin.builder("gfx").systems(EcsSystem.builder("gfx/setup").run((w, dt) -> { })
                .init(w -> {
                    throw new IllegalStateException("no GPU");
                }).build()).build();
        swapIn(bad);
        ExecutionException e = assertThrows(ExecutionException.class, () -> get(loop.step(1)));
        SystemFault fault = assertInstanceOf(SystemFaultException.class, e.getCause()).fault();
        assertEquals("init", fault.stageText());
        assertEquals("the init of system 'gfx/setup' of plugin 'gfx' in schedule 'main' threw "
                + "java.lang.IllegalStateException: no GPU in frame 1", fault.describe());
        assertEquals(1, log.records().stream().filter(l -> l.level() == Level.ERROR).count(), "logged once, captured");
        int disposed = get(loop.submit(w -> current.disposeAll(w)));
        assertEquals(0, disposed, "a failed init is not disposed");
    }
}
