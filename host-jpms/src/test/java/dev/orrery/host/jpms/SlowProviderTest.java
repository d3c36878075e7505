package dev.orrery.host.jpms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.core.PluginCalls;
import dev.orrery.testsupport.log.CapturedLog;
import java.lang.module.Configuration;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plugin provider whose constructor blocks holds up its sync at most the threshold (a fake clock; the
 * test runs the check), another jar of the same sync is handed over meanwhile, and the slow provider is
 * handed over on its own when it comes, if its layer is still loaded. The provider blocks on a latch
 * the test puts into the system properties (a JDK object both layers see).
 */
class SlowProviderTest {
    private static final String GATE = "orrery.test.slowProvider.gate";
    private static final String ENTERED = "orrery.test.slowProvider.entered";

    @TempDir
    Path tmp;

    private final AtomicLong clock = new AtomicLong(1);
    private final List<String> logged = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final List<String> calls = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final CountDownLatch gate = new CountDownLatch(1);
    private final CountDownLatch entered = new CountDownLatch(1);
    private final Object changed = new Object();

    @AfterEach
    void open() {
        gate.countDown();
        System.getProperties().remove(GATE);
        System.getProperties().remove(ENTERED);
    }

    @Test
    @DisplayName("a blocking provider is named past the threshold, the other jar goes on, the slow one comes later")
    void aSlowProviderHoldsUpNothingBeyondTheThreshold() throws Exception {
        System.getProperties().put(GATE, gate);
        System.getProperties().put(ENTERED, entered);
        Path work = Files.createDirectories(tmp.resolve("work"));
        Path api = ModuleJars.build(work, tmp.resolve("platform/test-api.jar"), List.of(), Map.of(
                "module-info.java", "module test.api { exports test.api; }",
                "test/api/Greeter.java", "package test.api; public interface Greeter { String greet(); }"));
        Configuration cf = ModuleLayer.boot().configuration().resolve(ModuleFinder.of(api), ModuleFinder.of(), Set.of("test.api"));
        ModuleLayer platform = ModuleLayer.boot().defineModulesWithOneLoader(cf, ClassLoader.getPlatformClassLoader());
        @SuppressWarnings("unchecked")
        Class<Object> greeter = (Class<Object>) platform.findLoader("test.api").loadClass("test.api.Greeter");
        Path slow = ModuleJars.build(work, tmp.resolve("plugins/slow.jar"), List.of(api), Map.of(
                "module-info.java", "module p.slow { requires test.api; provides test.api.Greeter with p.slow.Slow; }",
                "p/slow/Slow.java", "package p.slow; public class Slow implements test.api.Greeter { public Slow() throws"
                        + " Exception { ((java.util.concurrent.CountDownLatch) System.getProperties().get(\"" + ENTERED
                        + "\")).countDown(); ((java.util.concurrent.CountDownLatch) System.getProperties().get(\"" + GATE
                        + "\")).await(); } public String greet() { return \"slow\"; } }"));
        Path quick = ModuleJars.build(work, tmp.resolve("plugins/quick.jar"), List.of(api), Map.of(
                "module-info.java", "module p.quick { requires test.api; provides test.api.Greeter with p.quick.Quick; }",
                "p/quick/Quick.java", "package p.quick; public class Quick implements test.api.Greeter {"
                        + " public String greet() { return \"quick\"; } }"));
        PluginEvents<Object> events = new PluginEvents<>() {
            @Override
            public void added(String key, Object provider, String jar) {
                record("+" + key);
            }

            @Override
            public void removed(String key) {
                record("-" + key);
            }

            @Override
            public void settled() {
                record("settled");
            }
        };
        CapturedLog log = CapturedLog.create(); // the slow-provider warning is asserted on, not printed
        PluginCalls pluginCalls = new PluginCalls("test-providers", log.logger(), clock::get, () -> 2000);
        PluginLayers<Object> layers = new PluginLayers<>(platform, greeter, tmp.resolve("cache"), events, logged::add,
                pluginCalls);
        Map<Path, FileStamp> folder = new TreeMap<>(Map.of(slow, new FileStamp(Files.size(slow), 1),
                quick, new FileStamp(Files.size(quick), 1)));
        CompletableFuture<List<JarProblem>> sync = CompletableFuture.supplyAsync(() -> layers.sync(folder));
        assertTrue(entered.await(30, TimeUnit.SECONDS));
        clock.addAndGet(TimeUnit.MILLISECONDS.toNanos(2500));
        assertEquals(1, pluginCalls.checkSlow());
        List<String> warned = log.messagesAt(System.Logger.Level.WARNING);
        assertEquals(1, warned.size(), log.lines()::toString);
        assertTrue(warned.get(0).startsWith("provider p.slow.Slow of plugin jar slow.jar: still being made after 2500 ms"
                + " (limit 2000 ms"), warned::toString);
        assertEquals(List.of(), sync.get(30, TimeUnit.SECONDS), "the sync ends after the threshold, with no problem");
        assertEquals(List.of("+p.quick/p.quick.Quick", "settled"), calls, "the other jar is handed over");
        assertTrue(logged.contains("plugin jar slow.jar: layer of module p.slow defined (0 provider(s) of Greeter, 1 still"
                + " being made)"), logged::toString);
        gate.countDown();
        synchronized (changed) {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            // the late provider's hand-over ends with its own "settled": wait for that, not for "+p.slow" alone
            while (java.util.Collections.frequency(calls, "settled") < 2 && System.nanoTime() < end) {
                changed.wait(100);
            }
        }
        assertEquals(List.of("+p.quick/p.quick.Quick", "settled", "+p.slow/p.slow.Slow", "settled"), calls);
        layers.sync(Map.of());
        assertTrue(calls.contains("-p.slow/p.slow.Slow"), "the late provider is removed with its layer: " + calls);
        layers.close();
    }

    private void record(String call) {
        synchronized (changed) {
            calls.add(call);
            changed.notifyAll();
        }
    }
}
