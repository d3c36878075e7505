package dev.orrery.demo.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The README's console examples (see {@link Readme}), each run as the README says and compared with
 * the real output: the demo's log, the devtools commands, running the host and dropping a plugin.
 * The hot reload example is checked by {@link HotReloadIT}, the interactive prompt by {@link ShellIT}.
 */
class ReadmeIT {
    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final String VERSION = System.getProperty("orrery.version", "0.1.0-SNAPSHOT");
    private static final Path DIST = DemoProcess.REPO.resolve("app-launcher/target/orrery");

    @Test
    @DisplayName("The demo: ./orrery-demo --seed 42 prints the README's combat log, devtools report and end")
    void demo() throws Exception {
        try (DemoProcess p = DemoProcess.start(Map.of(), "--seed", "42")) {
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            Readme.assertAppearsIn(Readme.example("demo"), p.lines());
        }
    }

    @ParameterizedTest(name = "README example {0}")
    @ValueSource(strings = {"devtools", "graph"})
    @DisplayName("Devtools commands: each g! command of the README's examples prints what the README shows (on the demo, seed 42)")
    void devtools(String name, @TempDir Path dir) throws Exception {
        List<String> example = Readme.example(name);
        List<String> commands = example.stream().filter(l -> l.startsWith("g! ")).map(l -> l.substring(3).strip()).toList();
        Path file = Files.write(dir.resolve("commands.txt"), commands);
        try (DemoProcess p = DemoProcess.start(Map.of("JAVA_OPTS", "-Dorrery.demo.report=@" + file), "--seed", "42")) {
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            List<String> asPrinted = example.stream().map(l -> l.startsWith("g! ") ? "[devtools] " + l.strip() : l).toList();
            Readme.assertAppearsIn(asPrinted, p.lines());
        }
    }

    @Test
    @DisplayName("Running the host: java -jar orrery-launcher.jar starts, a dropped plugin-example joins, deleting it leaves and is purged")
    void runningTheHost(@TempDir Path dir) throws Exception {
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        List<String> command = List.of("java", "-Dorrery.shell=false", "-Dorrery.plugins.dir=" + plugins, "-jar", "orrery-launcher.jar");
        try (DemoProcess p = DemoProcess.start(command, DIST, Map.of(), false)) {
            p.awaitLine(l -> l.startsWith("orrery: started "), TIMEOUT);
            Path jar = plugins.resolve("plugin-example-" + VERSION + ".jar");
            Files.copy(DemoProcess.REPO.resolve("plugin-example/target/plugin-example-" + VERSION + ".jar"), jar,
                    StandardCopyOption.REPLACE_EXISTING);
            p.awaitLine(l -> l.contains("example/clock: "), TIMEOUT);
            Files.delete(jar);
            p.awaitLine(l -> l.contains("left [example]"), TIMEOUT);
            p.awaitLine(l -> l.contains("purged unloaded code of [dev.orrery.plugin.example "), TIMEOUT);
            p.terminate();
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            Readme.assertAppearsIn(Readme.example("host-start"), p.lines());
            Readme.assertAppearsIn(Readme.example("host-plugin"), p.lines());
        }
    }
}
