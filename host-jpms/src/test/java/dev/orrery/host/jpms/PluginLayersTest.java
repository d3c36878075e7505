package dev.orrery.host.jpms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.module.Configuration;
import java.lang.module.ModuleFinder;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The layer graph of {@link PluginLayers}: add, replace, remove, dependent reload, bad jars, and a
 * dropped layer's class loader being collected. The platform is a module {@code test.api} with the
 * service {@code test.api.Greeter}; plugin jars are compiled here.
 */
class PluginLayersTest {
    @TempDir
    Path tmp;

    private Path work;
    private Path plugins;
    private Path apiJar;
    private ModuleLayer platform;
    private Class<Object> greeter;
    private final Recorder events = new Recorder();
    private final List<String> log = new ArrayList<>();
    private final Map<Path, FileStamp> folder = new TreeMap<>();
    private long version;
    private PluginLayers<Object> layers;

    /** Records the events and keeps the providers, as a host would. */
    static final class Recorder implements PluginEvents<Object> {
        final List<String> calls = new ArrayList<>();
        final Map<String, Object> providers = new LinkedHashMap<>();

        @Override
        public void added(String key, Object provider, String jar) {
            calls.add("+" + key + " (" + jar + ")");
            providers.put(key, provider);
        }

        @Override
        public void removed(String key) {
            calls.add("-" + key);
            providers.remove(key);
        }

        @Override
        public void settled() {
            calls.add("settled");
        }

        @Override
        public void layerDefined(String module, ModuleLayer layer) {
            if (!module.equals(layer.modules().iterator().next().getName())) {
                throw new AssertionError(module);
            }
            calls.add("defined " + module);
        }

        @Override
        public void layerDropped(String module) {
            calls.add("dropped " + module);
        }
    }

    @BeforeEach
    @SuppressWarnings("unchecked")
    void platform() throws Exception {
        work = Files.createDirectories(tmp.resolve("work"));
        plugins = Files.createDirectories(tmp.resolve("plugins"));
        apiJar = ModuleJars.build(work, tmp.resolve("platform/test-api.jar"), List.of(), Map.of(
                "module-info.java", "module test.api { exports test.api; }",
                "test/api/Greeter.java", "package test.api; public interface Greeter { String greet(); }"));
        Configuration cf = ModuleLayer.boot().configuration().resolve(ModuleFinder.of(apiJar), ModuleFinder.of(), Set.of("test.api"));
        platform = ModuleLayer.boot().defineModulesWithOneLoader(cf, ClassLoader.getPlatformClassLoader());
        greeter = (Class<Object>) platform.findLoader("test.api").loadClass("test.api.Greeter");
        layers = new PluginLayers<>(platform, greeter, tmp.resolve("cache"), events, log::add);
    }

    // --- jars -------------------------------------------------------------------------------------

    private Path greeterJar(String file, String module, String text) throws IOException {
        return put(ModuleJars.build(work, plugins.resolve(file), List.of(apiJar), Map.of(
                "module-info.java", "module " + module + " { requires test.api; provides test.api.Greeter with " + module + ".Hello; }",
                module.replace('.', '/') + "/Hello.java", "package " + module + "; public class Hello implements test.api.Greeter {"
                        + " public String greet() { return \"" + text + "\"; } }")));
    }

    private Path modelJar(String word) throws IOException {
        return put(ModuleJars.build(work, plugins.resolve("model.jar"), List.of(apiJar), Map.of(
                "module-info.java", "module p.model { exports p.model; }",
                "p/model/Words.java", "package p.model; public class Words { public static String word() { return \"" + word + "\"; } }")));
    }

    private Path rulesJar(String suffix) throws IOException {
        return put(ModuleJars.build(work, plugins.resolve("rules.jar"), List.of(apiJar, plugins.resolve("model.jar")), Map.of(
                "module-info.java", "module p.rules { requires test.api; requires p.model; provides test.api.Greeter with p.rules.Rules; }",
                "p/rules/Rules.java", "package p.rules; public class Rules implements test.api.Greeter {"
                        + " public String greet() { return p.model.Words.word() + \"" + suffix + "\"; } }")));
    }

    /** A new version of the file in the folder (a new stamp). */
    private Path put(Path jar) throws IOException {
        folder.put(jar, new FileStamp(Files.size(jar), ++version));
        return jar;
    }

    private void delete(Path jar) throws IOException {
        folder.remove(jar);
        Files.delete(jar);
    }

    private List<JarProblem> sync() {
        return layers.sync(folder);
    }

    private String greet(String key) throws Exception {
        Object provider = events.providers.get(key);
        return (String) greeter.getMethod("greet").invoke(provider);
    }

    // --- tests ------------------------------------------------------------------------------------

    @Test
    void aNewJarGetsALayerAndItsProvidersAreAdded() throws Exception {
        greeterJar("hello.jar", "p.hello", "hello");
        assertEquals(List.of(), sync());
        assertEquals(List.of("+p.hello/p.hello.Hello (hello.jar)", "defined p.hello", "settled"), events.calls);
        assertEquals("hello", greet("p.hello/p.hello.Hello"));
        ModuleLayer layer = layers.layer("p.hello").orElseThrow();
        assertEquals(List.of(platform), layer.parents());
        assertSame(layer, events.providers.get("p.hello/p.hello.Hello").getClass().getModule().getLayer());
    }

    @Test
    void providersOfParentLayersAreNotAddedAgain() throws Exception {
        modelJar("hi");
        rulesJar("!");
        sync();
        // p.rules' layer has p.model's and the platform's as parents; only its own provider is added
        assertEquals(List.of("defined p.model", "+p.rules/p.rules.Rules (rules.jar)", "defined p.rules", "settled"), events.calls);
        assertEquals(List.of(layers.layer("p.model").orElseThrow(), platform), layers.layer("p.rules").orElseThrow().parents());
        assertEquals("hi!", greet("p.rules/p.rules.Rules"));
    }

    @Test
    void aReplacedJarGetsANewLayer() throws Exception {
        greeterJar("hello.jar", "p.hello", "hello");
        sync();
        ModuleLayer before = layers.layer("p.hello").orElseThrow();
        ClassLoader oldLoader = before.findLoader("p.hello");
        greeterJar("hello.jar", "p.hello", "hello again");
        events.calls.clear();
        sync();
        assertEquals(List.of("dropped p.hello", "-p.hello/p.hello.Hello", "+p.hello/p.hello.Hello (hello.jar)", "defined p.hello",
                "settled"), events.calls);
        assertEquals("hello again", greet("p.hello/p.hello.Hello"));
        assertNotSame(before, layers.layer("p.hello").orElseThrow());
        assertTrue(layers.isDropped(oldLoader));
        assertFalse(layers.isDropped(layers.layer("p.hello").orElseThrow().findLoader("p.hello")));
    }

    @Test
    void replacingARequiredJarReloadsTheJarsThatRequireIt() throws Exception {
        modelJar("hi");
        rulesJar("!");
        greeterJar("other.jar", "p.other", "other");
        sync();
        ModuleLayer other = layers.layer("p.other").orElseThrow();
        events.calls.clear();
        modelJar("ho");
        sync();
        assertEquals(List.of("dropped p.rules", "-p.rules/p.rules.Rules", "dropped p.model", "defined p.model",
                "+p.rules/p.rules.Rules (rules.jar)", "defined p.rules", "settled"), events.calls);
        assertEquals("ho!", greet("p.rules/p.rules.Rules"));
        assertSame(other, layers.layer("p.other").orElseThrow(), "a jar that does not require the model keeps its layer");
        assertTrue(log.contains("plugin jar rules.jar: layer of module p.rules dropped (reloading)"), log::toString);
        assertTrue(log.contains("plugin jar model.jar: layer of module p.model dropped (reloading)"), log::toString);
    }

    @Test
    void replacingADependentJarKeepsTheLayerItRequires() throws Exception {
        modelJar("hi");
        rulesJar("!");
        sync();
        ModuleLayer model = layers.layer("p.model").orElseThrow();
        rulesJar("?");
        events.calls.clear();
        sync();
        assertEquals(List.of("dropped p.rules", "-p.rules/p.rules.Rules", "+p.rules/p.rules.Rules (rules.jar)", "defined p.rules",
                "settled"), events.calls);
        assertEquals("hi?", greet("p.rules/p.rules.Rules"));
        assertSame(model, layers.layer("p.model").orElseThrow());
    }

    @Test
    void removingARequiredJarDropsItsDependentsUntilItIsBack() throws Exception {
        Path model = modelJar("hi");
        rulesJar("!");
        sync();
        delete(model);
        events.calls.clear();
        List<JarProblem> problems = sync();
        assertEquals(List.of("dropped p.rules", "-p.rules/p.rules.Rules", "dropped p.model", "settled"), events.calls);
        assertEquals(List.of(), layers.modules());
        assertEquals(List.of(new JarProblem("rules.jar", JarProblem.Kind.MISSING_REQUIRES,
                "module p.rules requires p.model, which is neither a platform module nor a loaded plugin jar")), problems);
        assertTrue(log.contains("plugin jar rules.jar has a missing requires: module p.rules requires p.model, which is neither"
                + " a platform module nor a loaded plugin jar; left out"), log::toString);
        modelJar("back");
        events.calls.clear();
        assertEquals(List.of(), sync());
        assertEquals(List.of("defined p.model", "+p.rules/p.rules.Rules (rules.jar)", "defined p.rules", "settled"), events.calls);
        assertEquals("back!", greet("p.rules/p.rules.Rules"));
    }

    @Test
    void aDeletedJarIsRemovedAndItsCacheCopyDeleted() throws Exception {
        Path hello = greeterJar("hello.jar", "p.hello", "hello");
        sync();
        try (var copies = Files.list(tmp.resolve("cache"))) {
            assertEquals(1, copies.count());
        }
        delete(hello);
        events.calls.clear();
        sync();
        assertEquals(List.of("dropped p.hello", "-p.hello/p.hello.Hello", "settled"), events.calls);
        try (var copies = Files.list(tmp.resolve("cache"))) {
            assertEquals(0, copies.count());
        }
    }

    @Test
    void theLayerReadsACopySoTheFileCanBeOverwrittenWhileItRuns() throws Exception {
        Path hello = greeterJar("hello.jar", "p.hello", "hello");
        sync();
        Files.write(hello, new byte[] {1, 2, 3}); // half-written replacement, not handed to sync
        assertEquals("hello", greet("p.hello/p.hello.Hello"));
        Object provider = events.providers.get("p.hello/p.hello.Hello");
        // a class not loaded yet is still read from the copy
        assertTrue(provider.getClass().getModule().getClassLoader().getResource("p/hello/Hello.class") != null);
    }

    @Test
    void badJarsAreLeftOutWithOneLineEachAndTheRestLoads() throws Exception {
        greeterJar("good.jar", "p.good", "good");
        // not a module: a plain jar (automatic module)
        Path plainClasses = Files.createDirectories(work.resolve("plain/p/plain"));
        Files.write(plainClasses.resolve("X.class"), new byte[0]);
        put(ModuleJars.writeJar(work.resolve("plain"), plugins.resolve("plain.jar")));
        // a missing requires
        Path needed = ModuleJars.build(work, work.resolve("elsewhere/needed.jar"), List.of(), Map.of(
                "module-info.java", "module p.needed { exports p.needed; }",
                "p/needed/N.java", "package p.needed; public class N {}"));
        put(ModuleJars.build(work, plugins.resolve("needy.jar"), List.of(apiJar, needed), Map.of(
                "module-info.java", "module p.needy { requires p.needed; }",
                "p/needy/Y.java", "package p.needy; public class Y { p.needed.N n; }")));
        // a split package: holds test.api, which the platform module it reads exports
        put(ModuleJars.build(work, plugins.resolve("split.jar"), List.of(apiJar), Map.of(
                "module-info.java", "module p.split { requires test.api; }",
                "p/split/S.java", "package p.split; public class S {}")));
        addClass(plugins.resolve("split.jar"), "test/api/Extra.class");
        // a provider that throws
        put(ModuleJars.build(work, plugins.resolve("throws.jar"), List.of(apiJar), Map.of(
                "module-info.java", "module p.throwing { requires test.api; provides test.api.Greeter with p.throwing.Bad; }",
                "p/throwing/Bad.java", "package p.throwing; public class Bad implements test.api.Greeter {"
                        + " public Bad() { throw new IllegalStateException(\"no dice\"); } public String greet() { return \"\"; } }")));
        // not a jar at all
        Files.write(plugins.resolve("broken.jar"), new byte[] {'P', 'K', 3, 4, 0});
        put(plugins.resolve("broken.jar"));
        // a module name that a platform module has
        put(ModuleJars.build(work, plugins.resolve("dup.jar"), List.of(), Map.of(
                "module-info.java", "module test.api { }",
                "p/dup/D.java", "package p.dup; public class D {}")));

        List<JarProblem> problems = sync();

        assertEquals(List.of("+p.good/p.good.Hello (good.jar)", "defined p.good", "defined p.throwing", "settled"), events.calls);
        Map<String, JarProblem.Kind> kinds = new TreeMap<>();
        problems.forEach(p -> kinds.put(p.jar(), p.kind()));
        assertEquals(Map.of("plain.jar", JarProblem.Kind.NOT_A_MODULE, "needy.jar", JarProblem.Kind.MISSING_REQUIRES,
                "split.jar", JarProblem.Kind.RESOLUTION, "throws.jar", JarProblem.Kind.PROVIDER_FAILED,
                "broken.jar", JarProblem.Kind.UNREADABLE, "dup.jar", JarProblem.Kind.DUPLICATE_MODULE), kinds);
        List<String> badLines = log.stream().filter(l -> l.endsWith("; left out")).toList();
        assertEquals(6, badLines.size(), log::toString);
        for (String jar : kinds.keySet()) {
            assertEquals(1, badLines.stream().filter(l -> l.startsWith("plugin jar " + jar + " ")).count(), jar + ": " + badLines);
        }
        assertTrue(badLines.stream().allMatch(l -> !l.contains("\n")));
        assertTrue(badLines.contains("plugin jar throws.jar has a provider that failed: p.throwing.Bad threw"
                + " java.lang.IllegalStateException: no dice; left out"), badLines::toString);
        assertTrue(badLines.stream().anyMatch(l -> l.startsWith("plugin jar split.jar does not resolve: module p.split: ")
                && l.contains("test.api")), badLines::toString);
        assertTrue(badLines.contains("plugin jar dup.jar duplicates a module: module test.api is already loaded from"
                + " a platform module; left out"), badLines::toString);

        // a later change elsewhere retries them, but the same problems are not logged again
        int lines = log.size();
        greeterJar("late.jar", "p.late", "late");
        sync();
        assertEquals(6, layers.problems().size());
        assertEquals(List.of("plugin jar late.jar: layer of module p.late defined (1 provider(s) of Greeter)"),
                log.subList(lines, log.size()));
    }

    @Test
    void twoJarsWithOneModuleNameLoadTheFirstOnly() throws Exception {
        greeterJar("a.jar", "p.same", "a");
        greeterJar("b.jar", "p.same", "b");
        List<JarProblem> problems = sync();
        assertEquals("a", greet("p.same/p.same.Hello"));
        assertEquals(List.of(new JarProblem("b.jar", JarProblem.Kind.DUPLICATE_MODULE, "module p.same is already loaded from a.jar")),
                problems);
    }

    @Test
    void aDroppedLayersClassLoaderIsCollected() throws Exception {
        Path hello = greeterJar("hello.jar", "p.hello", "hello");
        sync();
        WeakReference<ClassLoader> loader = new WeakReference<>(layers.layer("p.hello").orElseThrow().findLoader("p.hello"));
        assertEquals("hello", greet("p.hello/p.hello.Hello"));
        delete(hello);
        sync(); // the recorder lets go of the provider on removed(), as the host does
        assertTrue(layers.isDropped(loader.get()));
        assertNull(events.providers.get("p.hello/p.hello.Hello"));
        for (int i = 0; i < 50 && loader.get() != null; i++) {
            System.gc();
        }
        assertNull(loader.get(), "the dropped layer's class loader is still reachable");
    }

    @Test
    void collectionTrackingReportsACollectedLoaderOnce() throws Exception {
        layers.trackCollection();
        Path hello = greeterJar("hello.jar", "p.hello", "hello");
        sync();
        delete(hello);
        sync();
        assertTrue(layers.collecting());
        List<String> lines = List.of();
        for (int i = 0; i < 50 && lines.isEmpty(); i++) {
            System.gc();
            lines = layers.checkCollected(1000);
        }
        assertEquals(List.of("class loader of the dropped layer of module p.hello collected"), lines);
        assertFalse(layers.collecting());
        assertEquals(List.of(), layers.checkCollected(1000));
    }

    @Test
    void closeDropsEveryLayerDependentsFirst() throws Exception {
        modelJar("hi");
        rulesJar("!");
        greeterJar("hello.jar", "p.hello", "hello");
        sync();
        events.calls.clear();
        layers.close();
        // loaded in name order (hello, model, rules): dropped in reverse, so rules before its model
        assertEquals(List.of("dropped p.rules", "-p.rules/p.rules.Rules", "dropped p.model", "dropped p.hello", "-p.hello/p.hello.Hello",
                "settled"), events.calls);
        assertEquals(List.of(), layers.modules());
    }

    @Test
    void anUnchangedFolderChangesNothing() throws Exception {
        greeterJar("hello.jar", "p.hello", "hello");
        sync();
        events.calls.clear();
        log.clear();
        sync();
        assertEquals(List.of(), events.calls);
        assertEquals(List.of(), log);
    }

    /** Adds an empty entry to a jar (rewriting it). */
    private void addClass(Path jar, String entry) throws IOException {
        Path dir = Files.createTempDirectory(work, "unpacked");
        try (var zip = new java.util.zip.ZipFile(jar.toFile())) {
            for (var e : java.util.Collections.list(zip.entries())) {
                if (!e.isDirectory() && !e.getName().equals("META-INF/MANIFEST.MF")) {
                    Path f = dir.resolve(e.getName());
                    Files.createDirectories(f.getParent());
                    Files.write(f, zip.getInputStream(e).readAllBytes());
                }
            }
        }
        Path extra = dir.resolve(entry);
        Files.createDirectories(extra.getParent());
        Files.write(extra, new byte[] {(byte) 0xCA, (byte) 0xFE});
        put(ModuleJars.writeJar(dir, jar));
    }
}
