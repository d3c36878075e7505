package dev.orrery.host.jpms;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.module.Configuration;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JPMS mode names the forgotten {@code provides}: a plugin jar whose module has a concrete class
 * implementing {@code Plugin} but provides no {@code Plugin} gets one line per such class naming the
 * fix. The platform is a stand-in module that exports {@code dev.orrery.schedule} with {@code Plugin}
 * and {@code ForwardingPlugin}; plugin jars are compiled here.
 */
class UnprovidedPluginTest {
    private static final String NONE = "";

    @TempDir
    Path tmp;

    private Path work;
    private Path apiJar;
    private PluginLayers<Object> layers;
    private final List<String> log = new ArrayList<>();
    private final Map<Path, FileStamp> folder = new TreeMap<>();

    @BeforeEach
    @SuppressWarnings("unchecked")
    void platform() throws Exception {
        work = Files.createDirectories(tmp.resolve("work"));
        apiJar = ModuleJars.build(work, tmp.resolve("platform/api.jar"), List.of(), Map.of(
                "module-info.java", "module test.sched { exports dev.orrery.schedule; }",
                "dev/orrery/schedule/Plugin.java", "package dev.orrery.schedule; public interface Plugin { }",
                "dev/orrery/schedule/ForwardingPlugin.java",
                "package dev.orrery.schedule; public abstract class ForwardingPlugin implements Plugin { }"));
        Configuration cf = ModuleLayer.boot().configuration().resolve(ModuleFinder.of(apiJar), ModuleFinder.of(), Set.of("test.sched"));
        ModuleLayer platform = ModuleLayer.boot().defineModulesWithOneLoader(cf, ClassLoader.getPlatformClassLoader());
        Class<Object> plugin = (Class<Object>) platform.findLoader("test.sched").loadClass("dev.orrery.schedule.Plugin");
        PluginEvents<Object> events = new PluginEvents<>() {
            @Override
            public void added(String key, Object provider, String jar) {
            }

            @Override
            public void removed(String key) {
            }

            @Override
            public void settled() {
            }
        };
        layers = new PluginLayers<>(platform, plugin, tmp.resolve("cache"), events, log::add);
    }

    private void jar(String file, String module, String provides, Map<String, String> classes) throws IOException {
        Map<String, String> sources = new TreeMap<>(classes);
        sources.put("module-info.java", "module " + module + " { requires test.sched; " + provides + " }");
        Path jar = ModuleJars.build(work, tmp.resolve("plugins").resolve(file), List.of(apiJar), sources);
        folder.put(jar, new FileStamp(Files.size(jar), folder.size() + 1));
    }

    @Test
    @DisplayName("a module without provides: each concrete Plugin class (direct, or through ForwardingPlugin) is named with the fix")
    void forgottenProvidesIsNamed() throws IOException {
        jar("score.jar", "p.score", NONE, Map.of(
                "p/score/ScorePlugin.java", "package p.score; public final class ScorePlugin extends dev.orrery.schedule.ForwardingPlugin { }",
                "p/score/Direct.java", "package p.score; public class Direct implements dev.orrery.schedule.Plugin { }",
                "p/score/Helper.java", "package p.score; public abstract class Helper implements dev.orrery.schedule.Plugin { }"));
        assertEquals(List.of(), layers.sync(folder));
        String fix = " implementing Plugin but provides no Plugin service: add 'provides dev.orrery.schedule.Plugin with ";
        assertEquals(List.of(
                "plugin jar score.jar: module p.score has class p.score.Direct" + fix + "p.score.Direct;' to its module-info"
                        + " (with bnd: @ServiceProvider(Plugin.class))",
                "plugin jar score.jar: module p.score has class p.score.ScorePlugin" + fix + "p.score.ScorePlugin;' to its"
                        + " module-info (with bnd: @ServiceProvider(Plugin.class))",
                "plugin jar score.jar: layer of module p.score defined (0 provider(s) of Plugin)"), log);
    }

    @Test
    @DisplayName("a module that provides its plugin, or has no Plugin class, gets no such line")
    void providedOrNoPluginClassSaysNothing() throws IOException {
        jar("good.jar", "p.good", "provides dev.orrery.schedule.Plugin with p.good.GoodPlugin;", Map.of(
                "p/good/GoodPlugin.java", "package p.good; public final class GoodPlugin extends dev.orrery.schedule.ForwardingPlugin { }"));
        jar("model.jar", "p.model", NONE, Map.of("p/model/Words.java", "package p.model; public class Words { }"));
        assertEquals(List.of(), layers.sync(folder));
        assertEquals(List.of("plugin jar good.jar: layer of module p.good defined (1 provider(s) of Plugin)",
                "plugin jar model.jar: layer of module p.model defined (0 provider(s) of Plugin)"), log);
    }
}
