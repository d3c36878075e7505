package dev.orrery.host.internal.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.HostSettings;
import dev.orrery.host.RebuildInfo;
import dev.orrery.host.core.HostSettingsParser;
import dev.orrery.host.core.UnloadedCode;
import dev.orrery.host.internal.rebuild.Swap;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.world.Trait;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The frame loop purges the world of unloaded code (removed or updated
 * bundles leave no reference behind) when asked and after a swap in which plugins left, and resets its
 * thread's context class loader. The "unloaded code" here is one class loader: a system leaves it as
 * the frame thread's context class loader and in a world trait.
 */
class FrameLoopPurgeTest {
    private final Trait<Object> slot = Trait.of("test/slot", Object::new);
    private final ClassLoader gone = new URLClassLoader(new URL[0], null);
    private final AtomicInteger purges = new AtomicInteger();
    private FrameLoop loop;

    @AfterEach
    void stop() {
        if (loop != null) {
            loop.stop(5000);
        }
    }

    private void start() throws Exception {
        HostSettings c = HostSettingsParser.parse(
                Map.of("mode", "fixed", "fixedDt", 0.25, "rate", 0, "startPaused", true), k -> null);
        RunProbe probe = new RunProbe();
        loop = new FrameLoop(c, probe, CapturedLog.create().logger(), () -> { });
        loop.purgeWith(() -> {
            purges.incrementAndGet();
            return new UnloadedCode() {
                @Override
                public boolean test(ClassLoader loader) {
                    return loader == gone;
                }

                @Override
                public List<String> names() {
                    return List.of("gone");
                }
            };
        });
        Plugin leaky = Plugin.builder("leaky").systems(EcsSystem.define("leaky/set", (w, dt) -> {
            w.set(slot, gone);
            Thread.currentThread().setContextClassLoader(gone);
        })).build();
        Schedule main = Schedule.builder("main").plugins(leaky).probe(probe).build();
        loop.start();
        loop.swap(Swaps.of("main", Map.of("main", main)));
        loop.step(1).toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertSame(gone, onFrame(() -> Thread.currentThread().getContextClassLoader()));
    }

    private <T> T onFrame(java.util.function.Supplier<T> work) throws Exception {
        return loop.submit(w -> work.get()).toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void requestedPurgeDropsValuesOfUnloadedCodeAndResetsTheContextClassLoader() throws Exception {
        start();
        assertTrue(loop.submit(w -> w.has(slot)).toCompletableFuture().get(10, TimeUnit.SECONDS));
        loop.requestPurge();
        assertFalse(loop.submit(w -> w.has(slot)).toCompletableFuture().get(10, TimeUnit.SECONDS));
        assertSame(FrameLoop.class.getClassLoader(), onFrame(() -> Thread.currentThread().getContextClassLoader()));
        assertEquals(1, purges.get());
    }

    @Test
    void swapInWhichAPluginLeftPurgesAtThatFrameBoundary() throws Exception {
        start();
        Schedule empty = Schedule.builder("main").build();
        RebuildInfo left = RebuildInfo.builder().sequence(1).schedule("main").plugins(List.of()).systems(0).phases(9)
                .buildNanos(0).joined(List.of()).left(List.of("leaky")).replaced(List.of()).excluded(List.of()).build();
        loop.swap(new Swap(1, "main", Map.of("main", empty), List.of(left), List.of(), Map.of()));
        assertFalse(loop.submit(w -> w.has(slot)).toCompletableFuture().get(10, TimeUnit.SECONDS));
        assertSame(FrameLoop.class.getClassLoader(), onFrame(() -> Thread.currentThread().getContextClassLoader()));
        assertEquals(1, purges.get());
    }

    @Test
    void swapWithoutDeparturesDoesNotPurge() throws Exception {
        start();
        RebuildInfo same = RebuildInfo.builder().sequence(1).schedule("main").plugins(List.of("leaky")).systems(1)
                .phases(9).buildNanos(0).joined(List.of()).left(List.of()).replaced(List.of()).excluded(List.of())
                .build();
        Schedule main = loop.schedules().require("main");
        loop.swap(new Swap(1, "main", Map.of("main", main), List.of(same), List.of(), Map.of()));
        assertTrue(loop.submit(w -> w.has(slot)).toCompletableFuture().get(10, TimeUnit.SECONDS));
        assertEquals(0, purges.get());
    }
}
