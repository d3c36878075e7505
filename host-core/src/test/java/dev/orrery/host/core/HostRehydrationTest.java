package dev.orrery.host.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.schedule.Plugin;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.testsupport.log.LogLine;
import dev.orrery.testsupport.memory.Reachability;
import dev.orrery.world.Tree;
import dev.orrery.world.World;
import dev.orrery.world.snapshot.OpaqueTrait;
import dev.orrery.world.snapshot.OpaqueTraits;
import dev.orrery.world.snapshot.RestoreReport;
import dev.orrery.world.snapshot.SnapshotFiles;
import dev.orrery.world.snapshot.SnapshotFormat;
import dev.orrery.world.snapshot.SnapshotOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.ref.WeakReference;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The host gives a plugin its persistent state back: after an update (a new class loader with a new
 * trait object of the same id), after an uninstall and a reinstall, and after a load made while the
 * plugin was absent; a load decodes the traits the plugins in force declare; data the running version
 * cannot decode stays opaque with one WARNING. The plugin is {@code isolated.CounterPlugin}, defined by
 * a class loader of its own per version, which the front end reports gone when that version leaves.
 */
class HostRehydrationTest {
    private static final Map<String, Object> SETTINGS = Map.of("mode", "fixed", "fixedDt", 0.25, "rate", 0,
            "startPaused", true, "quietMillis", 5, "maxDelayMillis", 50);
    private static final long WAIT_SECONDS = 10;
    private static final String REHYDRATED = "rehydrated persistent trait 'counter/count' for plugin 'counter': ";

    private final CapturedLog log = CapturedLog.create();
    private final Set<ClassLoader> gone = ConcurrentHashMap.newKeySet();
    private HostCore host;

    @AfterEach
    void stop() {
        if (host != null) {
            host.stop();
        }
    }

    /** Defines the classes of {@code dev.orrery.host.core.isolated} itself, as one version of a bundle. */
    private static final class PluginLoader extends ClassLoader {
        private static final String PACKAGE = "dev.orrery.host.core.isolated.";

        PluginLoader(String version) {
            super("counter-" + version, HostRehydrationTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                if (!name.startsWith(PACKAGE)) {
                    return super.loadClass(name, resolve);
                }
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                        byte[] bytes = in.readAllBytes();
                        c = defineClass(name, bytes, 0, bytes.length);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
                return c;
            }
        }

        Object call(String method, Object... args) {
            try {
                Class<?> plugin = loadClass(PACKAGE + "CounterPlugin");
                for (Method m : plugin.getMethods()) {
                    if (m.getName().equals(method) && m.getParameterCount() == args.length) {
                        return m.invoke(null, args);
                    }
                }
                throw new IllegalArgumentException("no method " + method);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }

        Plugin plugin() {
            return (Plugin) call("plugin");
        }
    }

    private void start() {
        host = HostCore.create(HostSettingsParser.parse(SETTINGS, k -> null), new FrontEnd() {
            @Override
            public void stopApplication(String after) {
            }

            @Override
            public UnloadedCode unloadedCode() {
                return new UnloadedCode() {
                    private final List<String> names = new ArrayList<>();

                    @Override
                    public boolean test(ClassLoader loader) {
                        if (gone.contains(loader)) {
                            names.add(loader.getName());
                            return true;
                        }
                        return false;
                    }

                    @Override
                    public List<String> names() {
                        return List.copyOf(names);
                    }
                };
            }
        }, log.logger());
        host.start();
        host.requestRebuild();
    }

    private void install(long id, PluginLoader version) throws Exception {
        host.pluginBound(id);
        host.pluginAdded(new PluginSource(id, "counter.jar/" + version.getName(), null), version.plugin());
        host.requestRebuild();
        awaitPlugin(s -> s.map(p -> p.state() == PluginState.ACTIVE && p.serviceId() == id).orElse(false));
    }

    private void uninstall(long id, PluginLoader version) throws Exception {
        gone.add(version);
        host.pluginRemoved(id);
        awaitPlugin(Optional::isEmpty);
    }

    private void awaitPlugin(Predicate<Optional<PluginStatus>> done) throws Exception {
        long seen = host.changes();
        while (true) {
            Optional<PluginStatus> s = host.plugins().stream().filter(p -> p.name().equals("counter")).findFirst();
            if (done.test(s)) {
                return;
            }
            CompletableFuture<Long> next = host.awaitChange(seen).toCompletableFuture();
            try {
                seen = next.get(WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                next.cancel(false);
                throw new AssertionError("plugin 'counter' never reached the state: " + host.plugins());
            }
        }
    }

    private void step(int frames) throws Exception {
        host.step(frames).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    private <T> T onFrame(Function<World, T> work) throws Exception {
        return host.submit(work).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    private long count(PluginLoader version) throws Exception {
        return onFrame(w -> (Long) version.call("count", w));
    }

    private int entities(PluginLoader version) throws Exception {
        return onFrame(w -> (Integer) version.call("entities", w));
    }

    private Set<String> worldOpaqueIds() throws Exception {
        return onFrame(w -> w.has(OpaqueTraits.TRAIT) ? Set.copyOf(w.get(OpaqueTraits.TRAIT).byId().keySet()) : Set.of());
    }

    @Test
    void anUpdatedPluginContinuesFromItsOldVersionsPersistentStateAndTheOldLoaderIsCollected() throws Exception {
        start();
        PluginLoader v1 = new PluginLoader("1.0");
        install(1, v1);
        step(3);
        assertEquals(3, count(v1));

        PluginLoader v2 = new PluginLoader("1.1");
        gone.add(v1);
        host.pluginRemoved(1);
        install(2, v2);
        assertEquals(3, count(v2), "the new version's trait holds the old version's count");
        assertEquals(1, entities(v2), "and the entity's value");
        step(1);
        assertEquals(4, count(v2), "counting goes on");
        assertEquals(Set.of(), worldOpaqueIds());
        log.await(m -> m.equals("INFO " + REHYDRATED + "2 values"), Duration.ofSeconds(WAIT_SECONDS));
        assertEquals(List.of(), log.matching(m -> m.contains("stays opaque")));

        WeakReference<ClassLoader> old = new WeakReference<>(v1);
        gone.clear();
        v1 = null;
        assertTrue(Reachability.awaitCleared(old), "the old version's class loader is collected");
    }

    @Test
    void aReinstalledPluginGetsItsStateBackAndTheStateWaitsWhileItIsAway() throws Exception {
        start();
        PluginLoader v1 = new PluginLoader("1.0");
        install(1, v1);
        step(3);
        uninstall(1, v1);
        step(2);
        assertEquals(Set.of("counter/count"), worldOpaqueIds(), "kept as opaque data while the plugin is away");

        PluginLoader again = new PluginLoader("1.0-again");
        install(2, again);
        assertEquals(3, count(again));
        assertEquals(1, entities(again));
        step(2);
        assertEquals(5, count(again));
        assertEquals(Set.of(), worldOpaqueIds());
    }

    @Test
    void dataOfANewerVersionStaysOpaqueWithOneWarningAndThePluginStartsAfresh() throws Exception {
        start();
        onFrame(w -> {
            w.set(OpaqueTraits.TRAIT, OpaqueTraits.of(List.of(new OpaqueTrait("counter/count", 2,
                    Tree.obj("n", Tree.of(9))))));
            return null;
        });
        PluginLoader v1 = new PluginLoader("1.0");
        install(1, v1);
        step(1);
        assertEquals(1, count(v1), "the plugin starts afresh");
        assertEquals(Set.of("counter/count"), worldOpaqueIds(), "the newer data is kept, not downgraded");
        List<String> warnings = log.matching(m -> m.startsWith("persistent trait 'counter/count' of plugin 'counter'"
                + " stays opaque data: ")).stream().map(LogLine::message).toList();
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("newer version"), warnings.get(0));

        host.requestPurge();
        step(1);
        assertEquals(1, log.matching(m -> m.contains("stays opaque data")).size(), "one WARNING per trait");
    }

    @Test
    void aLoadDecodesTheTraitsThePluginsInForceDeclare(@TempDir Path dir) throws Exception {
        Path file = saveWithCount(dir, 41);
        start();
        PluginLoader v1 = new PluginLoader("1.0");
        install(1, v1);
        RestoreReport report = host.load(file).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(0, report.opaque(), "decoded, though the plugin never touched its trait in this world");
        assertEquals(41, count(v1));
        step(1);
        assertEquals(42, count(v1));
    }

    @Test
    void dataLoadedWhileThePluginIsAbsentIsRehydratedWhenItArrives(@TempDir Path dir) throws Exception {
        Path file = saveWithCount(dir, 41);
        start();
        RestoreReport report = host.load(file).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(1, report.opaque(), "no running plugin defines it: kept opaque");
        PluginLoader v1 = new PluginLoader("1.0");
        install(1, v1);
        assertEquals(41, count(v1));
        log.await(m -> m.equals("INFO " + REHYDRATED + "1 value"), Duration.ofSeconds(WAIT_SECONDS));
    }

    /** @return a save of a world whose counter holds {@code n}, made by a version of its own */
    private static Path saveWithCount(Path dir, long n) throws IOException {
        World donor = new World();
        new PluginLoader("0.9").call("seed", donor, n);
        Path file = dir.resolve("counter.cbor");
        SnapshotFiles.save(donor, file, SnapshotOptions.builder().format(SnapshotFormat.CBOR).build());
        return file;
    }
}
