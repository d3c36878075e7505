package dev.orrery.host.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.FrameMode;
import dev.orrery.host.HostSettings;
import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The host core driven the way a front end drives it, with no OSGi framework on the class path (plain
 * JUnit 5): plugins are handed over by a neutral {@link PluginSource} id, frames run their systems, a
 * removed plugin's systems stop, code the front end reports unloaded is purged from the world while
 * the state of code that stays is kept. Beyond the spec (Orrery's own): the OSGi-free core.
 */
class HostCoreTest {
    /** Fixed-step, unpaced, paused frames, so the test steps them; short rebuild delays. */
    private static final Map<String, Object> SETTINGS = Map.of("mode", "fixed", "fixedDt", 0.25, "rate", 0,
            "startPaused", true, "quietMillis", 5, "maxDelayMillis", 50);
    private static final long WAIT_SECONDS = 10;

    private final Trait<AtomicInteger> ticks = Trait.of("test/ticks", AtomicInteger::new);
    private final Trait<Object> loot = Trait.of("test/loot", Object::new);
    private final CapturedLog log = CapturedLog.create();
    private final List<String> stops = new ArrayList<>();
    /** The loader the front end reports gone (a module layer's or bundle's, in real front ends). */
    private final ChildFirst plugins = new ChildFirst(Loot.class.getName());
    private HostCore host;

    @AfterEach
    void stop() {
        if (host != null) {
            host.stop();
        }
    }

    private HostCore start(Map<String, ?> settings) {
        host = HostCore.create(HostSettingsParser.parse(settings, k -> null), new FrontEnd() {
            @Override
            public void stopApplication(String after) {
                synchronized (stops) {
                    stops.add(after);
                }
            }

            @Override
            public UnloadedCode unloadedCode() {
                return new UnloadedCode() {
                    @Override
                    public boolean test(ClassLoader loader) {
                        return loader == plugins;
                    }

                    @Override
                    public List<String> names() {
                        return List.of("plugins.jar");
                    }
                };
            }
        }, log.logger());
        host.start();
        return host;
    }

    /** A plugin whose system counts frames and leaves an object of "plugin code" in the world. */
    private Plugin counter(AtomicInteger runs) throws ReflectiveOperationException {
        Object fromPlugin = plugins.loadClass(Loot.class.getName()).getDeclaredConstructor().newInstance();
        return Plugin.builder("counter").systems(EcsSystem.define("counter/tick", (w, dt) -> {
            runs.incrementAndGet();
            w.add(ticks).incrementAndGet();
            w.set(loot, fromPlugin);
        })).build();
    }

    private <T> T onFrame(Function<World, T> work) throws Exception {
        return host.submit(work).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    private void step(int frames) throws Exception {
        host.step(frames).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** Waits for the host's changes until the plugin status matches (rebuilds are asynchronous): at most 10 s each. */
    private PluginStatus awaitPlugin(String name, Predicate<Optional<PluginStatus>> done) throws Exception {
        long seen = host.changes(); // read before the check: a change after it moves the token past seen
        while (true) {
            Optional<PluginStatus> s = host.plugins().stream().filter(p -> p.name().equals(name)).findFirst();
            if (done.test(s)) {
                return s.orElse(null);
            }
            CompletableFuture<Long> next = host.awaitChange(seen).toCompletableFuture();
            try {
                seen = next.get(WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                next.cancel(false);
                throw new AssertionError("plugin '" + name + "' never reached the state: " + host.plugins() + ", log "
                        + log.lines());
            }
        }
    }

    @Test
    void aPluginAddedByIdRunsOnFramesAndAfterItsRemovalTheWorldIsPurgedOfItsCodeOnly() throws Exception {
        assertThrows(ClassNotFoundException.class, () -> Class.forName("org.osgi.framework.Bundle"),
                "no OSGi framework on this test's class path");
        start(SETTINGS);
        AtomicInteger runs = new AtomicInteger();
        host.pluginBound(7);
        assertTrue(host.isBound(7));
        assertTrue(host.pluginAdded(new PluginSource(7, "plugins.jar/1.0", null), counter(runs)));
        host.requestRebuild();
        PluginStatus active = awaitPlugin("counter", s -> s.map(p -> p.state() == PluginState.ACTIVE).orElse(false));
        assertEquals(PluginStatus.builder().name("counter").schedule("main").bundle("plugins.jar/1.0").serviceId(7)
                .state(PluginState.ACTIVE).reason("").build(), active);

        int before = runs.get();
        step(3);
        assertEquals(before + 3, runs.get(), "each frame runs the plugin's system once");
        assertEquals(Integer.valueOf(before + 3), onFrame(w -> w.get(ticks).get()));
        assertNotSame(plugins, Loot.class.getClassLoader());
        assertEquals(plugins, onFrame(w -> w.get(loot).getClass().getClassLoader()));

        host.pluginRemoved(7);
        assertFalse(host.isBound(7));
        int afterRemoval = runs.get();
        step(2);
        assertEquals(afterRemoval, runs.get(), "no system of a removed plugin starts after pluginRemoved returns");
        awaitPlugin("counter", Optional::isEmpty);

        host.requestPurge();
        assertEquals(Boolean.FALSE, onFrame(w -> w.has(loot)), "the value of the unloaded plugin class is purged");
        assertEquals(Integer.valueOf(before + 3), onFrame(w -> w.get(ticks).get()), "the state of code that stays is kept");
        assertTrue(log.lines().stream().anyMatch(l -> l.startsWith("INFO purged unloaded code of [plugins.jar]")),
                log.lines()::toString);
        assertTrue(stops.isEmpty());
    }

    @Test
    void theInitialPluginsAndHooksGiveOneRebuildWithAllOfThemAtTheFirstRequestRebuild() throws Exception {
        // No quiet period: a change that asked for a rebuild before requestRebuild() would build at once
        // (a schedule without the plugin, as the OSGi host once did with early ScheduleHooks services).
        start(Map.of("mode", "fixed", "rate", 0, "startPaused", true, "quietMillis", 0, "maxDelayMillis", 0));
        host.hooksAdded(new PluginSource(1, "timings/1", null), new dev.orrery.schedule.ScheduleHooks() { });
        host.pluginBound(2);
        assertTrue(host.pluginAdded(new PluginSource(2, "plugins.jar/1", null), counter(new AtomicInteger())));
        host.requestRebuild();
        awaitPlugin("counter", p -> p.isPresent());
        dev.orrery.host.RebuildInfo first = host.rebuilds().get(0);
        assertEquals(List.of("counter"), first.joined(), host.rebuilds()::toString);
        assertEquals(1, host.observers().size(), host.observers()::toString);
    }

    @Test
    void aPluginRemovedBeforeItsObjectArrivesIsNotAdded() throws Exception {
        start(SETTINGS);
        assertFalse(host.pluginAdded(new PluginSource(1, "a/1", null), counter(new AtomicInteger())),
                "a plugin that was never bound is not taken");
        host.pluginBound(2);
        host.pluginRemoved(2);
        assertFalse(host.pluginAdded(new PluginSource(2, "a/1", null), counter(new AtomicInteger())),
                "a plugin removed while its object was being made is not taken");
        host.requestRebuild();
        step(1);
        assertTrue(host.plugins().isEmpty(), host.plugins()::toString);
    }

    @Test
    void aPluginTheFrontEndCouldNotMakeIsExcludedWithItsReasonUntilRemoved() throws Exception {
        start(SETTINGS);
        host.pluginBound(3);
        host.pluginExcluded(new PluginSource(3, "broken.jar/2.0", "side"), "org.example.Broken",
                "its provider threw java.lang.IllegalStateException: boom");
        assertEquals(List.of(PluginStatus.builder().name("org.example.Broken").schedule("side").bundle("broken.jar/2.0")
                .serviceId(3).state(PluginState.EXCLUDED)
                .reason("its provider threw java.lang.IllegalStateException: boom").build()), host.plugins());
        assertTrue(log.lines().contains("ERROR plugin 'org.example.Broken' of broken.jar/2.0 (id 3) EXCLUDED: "
                + "its provider threw java.lang.IllegalStateException: boom"), log.lines()::toString);
        host.pluginRemoved(3);
        assertTrue(host.plugins().isEmpty());
    }

    @Test
    void aPluginWhoseDataThrowsIsExcludedAndTheGameGoesOn() throws Exception {
        start(SETTINGS);
        Plugin broken = new Plugin() {
            @Override
            public String name() {
                return "broken";
            }

            @Override
            public List<dev.orrery.schedule.Phase> phases() {
                return List.of();
            }

            @Override
            public List<dev.orrery.schedule.SystemSet> sets() {
                return List.of();
            }

            @Override
            public List<EcsSystem> systems() {
                throw new IllegalStateException("no systems today");
            }
        };
        host.pluginBound(4);
        assertTrue(host.pluginAdded(new PluginSource(4, "broken.jar/1", null), broken));
        host.requestRebuild();
        PluginStatus s = awaitPlugin("broken", p -> p.isPresent());
        assertEquals(PluginState.EXCLUDED, s.state());
        assertTrue(s.reason().contains("its systems() threw java.lang.IllegalStateException: no systems today"),
                s.reason());
        long frames = host.status().frames();
        step(2);
        assertEquals(frames + 2, host.status().frames());
    }

    @Test
    void theDeclaredScheduleMayChangeBeforeThePluginObjectArrives() throws Exception {
        start(SETTINGS);
        host.pluginBound(5);
        host.pluginScheduleChanged(5, " side ");
        assertTrue(host.pluginAdded(new PluginSource(5, "a/1", null), counter(new AtomicInteger())));
        host.requestRebuild();
        PluginStatus s = awaitPlugin("counter", p -> p.isPresent());
        assertEquals("side", s.schedule());
    }

    @Test
    void aBadSettingIsRefusedInOneLineAndTheHostKeepsItsSettings() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HostSettingsParser.parse(Map.of("mode", "sometimes"), k -> null));
        assertTrue(e.getMessage().contains("mode"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());

        start(SETTINGS);
        HostSettings before = host.settings();
        assertThrows(IllegalArgumentException.class, () -> HostSettingsParser.parse(Map.of("rate", "fast"), k -> null));
        assertEquals("main", host.mainSchedule());
        assertEquals(before, host.settings());
        host.configure(HostSettingsParser.parse(Map.of("mode", "fixed", "mainSchedule", "game", "startPaused", true),
                k -> null));
        assertEquals("game", host.mainSchedule());
        assertEquals("game", host.settings().mainSchedule());
        assertTrue(log.lines().stream().anyMatch(
                l -> l.startsWith("INFO host configuration changed: HostSettings[mainSchedule=game")), log.lines()::toString);
    }

    @Test
    void shutdownRequestsStopTheApplicationOnceAndStopKeepsTheLastStatus() throws Exception {
        start(SETTINGS);
        host.requestRebuild(); // an empty main schedule: frames run
        step(2);
        host.requestShutdown("battle over");
        host.requestShutdown("again");
        synchronized (stops) {
            assertEquals(List.of("the shutdown request (battle over)"), stops);
        }
        host.stop();
        assertEquals(2, host.status().frames());
        host.stop(); // idempotent
        assertThrows(IllegalStateException.class, () -> host.pause());
        assertThrows(java.util.concurrent.ExecutionException.class,
                () -> host.step(1).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS));
    }

    @Test
    void aUsedUpFrameBudgetStopsTheApplicationWhenTheSettingsSaySo() throws Exception {
        java.util.concurrent.CountDownLatch stopped = new java.util.concurrent.CountDownLatch(1);
        List<String> after = new ArrayList<>();
        host = HostCore.create(HostSettings.builder().mode(FrameMode.FIXED).rate(0).frames(3)
                .stopFrameworkWhenDone(true)
                .build(), a -> {
                    after.add(a);
                    stopped.countDown();
                }, log.logger());
        host.start();
        host.requestRebuild();
        assertTrue(stopped.await(WAIT_SECONDS, TimeUnit.SECONDS), log.lines()::toString);
        assertEquals(List.of("the frame budget"), after);
        assertEquals(3, host.status().frames());
    }

    /** A class of "plugin code": loaded again by {@link ChildFirst}, it stands for a plugin jar's class. */
    public static final class Loot {
        /** Made reflectively from the plugin loader. */
        public Loot() {
        }
    }

    /** Defines the named classes itself (from this class path's bytes): a plugin jar's loader. */
    private static final class ChildFirst extends ClassLoader {
        private final String mine;

        ChildFirst(String mine) {
            super(HostCoreTest.class.getClassLoader());
            this.mine = mine;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                if (!name.equals(mine)) {
                    return super.loadClass(name, resolve);
                }
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    String resource = name.replace('.', '/') + ".class";
                    try (InputStream in = getParent().getResourceAsStream(resource)) {
                        if (in == null) {
                            throw new ClassNotFoundException(name);
                        }
                        byte[] bytes = in.readAllBytes();
                        c = defineClass(name, bytes, 0, bytes.length);
                    } catch (IOException e) {
                        throw new ClassNotFoundException(name, e);
                    }
                }
                return c;
            }
        }
    }

    /**
     * The host learns which system runs from its {@code RunProbe}, not from hooks, so a schedule
     * with no observer service keeps the generated dispatcher and a stuck system is still named.
     */
    @Test
    void theWatchdogNamesAStuckSystemOfAScheduleWithoutObservers() throws Exception {
        Map<String, Object> settings = new java.util.HashMap<>(SETTINGS);
        settings.put("frameWarnMillis", 20);
        start(settings);
        java.util.concurrent.atomic.AtomicBoolean armed = new java.util.concurrent.atomic.AtomicBoolean();
        Plugin slow = Plugin.builder("slow").systems(EcsSystem.define("slow/first", (w, dt) -> { }),
                EcsSystem.define("slow/block", (w, dt) -> {
                    if (!armed.getAndSet(false)) {
                        return;
                    }
                    // Stuck until the watchdog has named this system (an event; at most 10 s).
                    try {
                        log.await(l -> l.contains("has run for"), Duration.ofSeconds(WAIT_SECONDS));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                })).build();
        host.pluginBound(3);
        host.pluginAdded(new PluginSource(3, "slow.jar/1.0", null), slow);
        host.requestRebuild();
        awaitPlugin("slow", s -> s.map(p -> p.state() == PluginState.ACTIVE).orElse(false));

        armed.set(true);
        step(1);

        List<String> warnings = log.lines().stream().filter(l -> l.contains("has run for")).toList();
        assertEquals(1, warnings.size(), log.lines().toString());
        assertTrue(warnings.get(0).contains("system 'slow/block' of plugin 'slow' in schedule 'main' is running"),
                warnings.get(0));
    }

    @Test
    void theChangeTokenMovesWhenAPluginComesInAndAWaitCompletesOnTheNotifierThread() throws Exception {
        start(SETTINGS);
        long before = host.changes();
        CompletableFuture<String> where = host.awaitChange(before)
                .thenApply(token -> Thread.currentThread().getName()).toCompletableFuture();
        host.pluginBound(8);
        assertTrue(host.pluginAdded(new PluginSource(8, "plugins.jar/1.0", null), counter(new AtomicInteger())));
        host.requestRebuild();
        assertEquals("orrery-host-changes", where.get(WAIT_SECONDS, TimeUnit.SECONDS));
        long seen = host.changes();
        while (host.plugins().stream().noneMatch(p -> p.name().equals("counter") && p.state() == PluginState.ACTIVE)) {
            seen = host.awaitChange(seen).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        }
        assertTrue(host.changes() > before);
        host.stop();
        ExecutionException stopped = assertThrows(ExecutionException.class,
                () -> host.awaitChange(host.changes()).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertTrue(stopped.getCause() instanceof IllegalStateException, stopped::toString);
    }
}
