package dev.orrery.host.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RunState;
import dev.orrery.host.SystemFault;
import dev.orrery.host.SystemFaultException;
import dev.orrery.schedule.EcsObserver;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunFailure;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.world.Trait;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Observers under the host: collected from the plugins in the declared plugin order, never called
 * after their plugin left, and a throwing observer is a contained fault that pauses the simulation,
 * naming the observer, its plugin and the stage.
 */
class HostObserversTest {
    private static final Map<String, Object> SETTINGS = Map.of("mode", "fixed", "fixedDt", 0.25, "rate", 0,
            "startPaused", true, "quietMillis", 5, "maxDelayMillis", 50, "order", List.of("b-fx", "a-fx", "rules"));
    private static final long WAIT_SECONDS = 10;
    private static final Trait<String> BURNING = Trait.withDefault("test/Burning", "hot");
    private static final Trait<long[]> TORCH = Trait.of("test/torch", () -> new long[] {-1});

    private final CapturedLog log = CapturedLog.create();
    private final List<String> fired = new ArrayList<>();
    private HostCore host;

    @AfterEach
    void stop() {
        if (host != null) {
            host.stop();
        }
    }

    private void start() {
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
    }

    /** Each frame lights the torch (adds Burning) or douses it. */
    private static Plugin rules() {
        return Plugin.builder("rules").systems(EcsSystem.define("rules/torch", (w, dt) -> {
            long[] torch = w.add(TORCH);
            if (torch[0] < 0) {
                torch[0] = w.spawn(BURNING.with("lit"));
            } else if (w.has(torch[0], BURNING)) {
                w.remove(torch[0], BURNING);
            } else {
                w.add(torch[0], BURNING);
            }
        })).build();
    }

    private Plugin fx(String name, AtomicBoolean fail) {
        return Plugin.builder(name).observers(EcsObserver.builder(name + "/lit").onAdd(BURNING).run((w, e) -> {
            if (fail.get()) {
                throw new IllegalStateException("no sparks");
            }
            synchronized (fired) {
                fired.add(name);
            }
        })).build();
    }

    private List<String> fired() {
        synchronized (fired) {
            return List.copyOf(fired);
        }
    }

    private void step(int frames) throws Exception {
        host.step(frames).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    private void awaitPlugin(String name, Predicate<Optional<PluginStatus>> done) throws Exception {
        long seen = host.changes();
        while (true) {
            Optional<PluginStatus> s = host.plugins().stream().filter(p -> p.name().equals(name)).findFirst();
            if (done.test(s)) {
                return;
            }
            CompletableFuture<Long> next = host.awaitChange(seen).toCompletableFuture();
            try {
                seen = next.get(WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                next.cancel(false);
                throw new AssertionError("plugin '" + name + "' never reached the state: " + host.plugins());
            }
        }
    }

    private void awaitActive(String name) throws Exception {
        awaitPlugin(name, s -> s.map(p -> p.state() == PluginState.ACTIVE).orElse(false));
    }

    private void addAll(AtomicBoolean fail) throws Exception {
        start();
        host.pluginBound(1);
        host.pluginBound(2);
        host.pluginBound(3);
        host.pluginAdded(new PluginSource(1, "a.jar/1.0", null), fx("a-fx", fail));
        host.pluginAdded(new PluginSource(2, "b.jar/1.0", null), fx("b-fx", fail));
        host.pluginAdded(new PluginSource(3, "rules.jar/1.0", null), rules());
        host.requestRebuild();
        awaitActive("a-fx");
        awaitActive("b-fx");
        awaitActive("rules");
    }

    @Test
    void theHostCollectsObserversInTheDeclaredPluginOrderAndADepartedPluginsObserverIsNeverCalledAgain()
            throws Exception {
        addAll(new AtomicBoolean());
        assertEquals(List.of("b-fx/lit", "a-fx/lit"), host.schedules().require("main").observers().stream()
                .map(EcsObserver::name).toList(), "the declared order: b-fx, then a-fx");
        step(1); // the torch is spawned lit
        assertEquals(List.of("b-fx", "a-fx"), fired());

        host.pluginRemoved(2);
        step(2); // doused, then lit again
        assertEquals(List.of("b-fx", "a-fx", "a-fx"), fired(), "no observer of a removed plugin after pluginRemoved");
        awaitPlugin("b-fx", Optional::isEmpty);
        step(2);
        assertEquals(List.of("b-fx", "a-fx", "a-fx", "a-fx"), fired());
        assertEquals(List.of("a-fx/lit"), host.schedules().require("main").observers().stream()
                .map(EcsObserver::name).toList());
    }

    /** Between frames (a frame task): douses the torch, or lights it again. */
    private void toggleTorchBetweenFrames() throws Exception {
        host.submit(w -> {
            long torch = w.get(TORCH)[0];
            if (w.has(torch, BURNING)) {
                w.remove(torch, BURNING);
            } else {
                w.add(torch, BURNING);
            }
            return null;
        }).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    @Test
    void betweenFramesAFrameTasksChangeFiresTheObserversInForceAtOnceAndNoneAfterTheHostStopped() throws Exception {
        addAll(new AtomicBoolean());
        step(1); // the torch is spawned lit
        toggleTorchBetweenFrames(); // doused
        toggleTorchBetweenFrames(); // lit again, outside any frame
        assertEquals(List.of("b-fx", "a-fx", "b-fx", "a-fx"), fired(), "at once, in the declared order");

        host.pluginRemoved(2);
        toggleTorchBetweenFrames();
        toggleTorchBetweenFrames(); // the departed plugin's observer is dropped before this task runs
        assertEquals(List.of("b-fx", "a-fx", "b-fx", "a-fx", "a-fx"), fired());
        awaitPlugin("b-fx", Optional::isEmpty);
        toggleTorchBetweenFrames();
        toggleTorchBetweenFrames();
        assertEquals(List.of("b-fx", "a-fx", "b-fx", "a-fx", "a-fx", "a-fx"), fired(), "nor after the rebuild");

        dev.orrery.world.World world = host.submit(w -> w).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        host.stop();
        host = null;
        long torch = world.get(TORCH)[0];
        world.remove(torch, BURNING);
        world.add(torch, BURNING); // the frame thread has ended: the world is this thread's now
        assertEquals(6, fired().size(), "a stopped host's schedules are detached: no observer fires");
        assertTrue(!world.traitEvents().isWatching());
    }

    @Test
    void aThrowingObserverPausesTheSimulationNamingTheObserverItsPluginAndTheStage() throws Exception {
        AtomicBoolean fail = new AtomicBoolean(true);
        addAll(fail);
        ExecutionException e = assertThrows(ExecutionException.class, () -> step(1));
        SystemFault fault = assertInstanceOf(SystemFaultException.class, e.getCause()).fault();
        assertEquals(Optional.of("b-fx/lit"), fault.system());
        assertEquals(Optional.of("b-fx"), fault.plugin());
        assertEquals(Optional.of(RunFailure.Stage.OBSERVER), fault.stage());
        assertEquals("observer 'b-fx/lit' of plugin 'b-fx' in schedule 'main' threw java.lang.IllegalStateException: "
                + "no sparks in frame " + fault.frame(), fault.describe());
        assertEquals(RunState.PAUSED, host.status().state());
        assertTrue(fired().isEmpty());
        fail.set(false);
        step(2); // what the phase published stays (the torch is lit): doused, then lit again, firing both in order
        assertEquals(List.of("b-fx", "a-fx"), fired());
    }
}
