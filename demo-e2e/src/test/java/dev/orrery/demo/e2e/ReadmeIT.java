package dev.orrery.demo.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    @DisplayName("Timings: the README's timings table has the shape orrery:timings prints (every-frame timing, seed 42)")
    void timings(@TempDir Path dir) throws Exception {
        List<String> example = Readme.example("timings");
        Path file = Files.write(dir.resolve("commands.txt"), List.of("disable dnd/ai", "timings"));
        try (DemoProcess p = DemoProcess.start(Map.of("JAVA_OPTS", "-Dorrery.devtools.timings.samplePeriod=1 -Dorrery.demo.report=@"
                + file), "--seed", "42")) {
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            List<String> asPrinted = example.stream().map(l -> l.startsWith("g! ") ? "[devtools] " + l.strip() : l).toList();
            Readme.assertShapeAppearsIn(asPrinted, p.lines());
        }
    }

    @Test
    @DisplayName("Devtools during a battle: each command of the README's list runs on the demo and none is refused")
    void battleCommands(@TempDir Path dir) throws Exception {
        List<String> commands = Readme.commands("battle-commands").stream().map(c -> c.substring("g! ".length())).toList();
        Path file = Files.write(dir.resolve("commands.txt"), commands);
        try (DemoProcess p = DemoProcess.start(Map.of("JAVA_OPTS", "-Dorrery.demo.report=@" + file), "--seed", "42")) {
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            List<String> lines = p.lines();
            for (String c : commands) {
                assertTrue(lines.contains("[devtools] g! " + c), "command not run: " + c + "\n" + p.text());
            }
            List<String> report = lines.subList(lines.indexOf("[devtools] g! " + commands.get(0)), lines.size());
            assertEquals(List.of(), report.stream().filter(l -> l.startsWith("usage") || l.contains(": takes ")
                    || l.contains("Command not found") || l.contains("no system '") || l.contains("no schedule '")
                    || l.contains("Exception")).toList(), p.text());
            assertTrue(lines.contains("disabled dnd/ai in schedule main"), p.text());
            assertTrue(report.stream().anyMatch(l -> l.equals("flowchart TB")), "graph mermaid dnd/turn:\n" + p.text());
        }
    }

    @Test
    @DisplayName("Launcher arguments: --jpms is the one argument; another is refused in the README's line, exit code 2")
    void launcherArguments() throws Exception {
        String refused = Readme.example("launcher-arguments").get(0);
        String argument = refused.replaceFirst(".*unknown argument '([^']*)'.*", "$1");
        try (DemoProcess p = DemoProcess.start(List.of("java", "-Dorrery.shell=false", "-jar", "orrery-launcher.jar", argument),
                DIST, Map.of(), false)) {
            assertEquals(2, p.waitFor(TIMEOUT), p.text());
            Readme.assertAppearsIn(List.of(refused), p.lines());
        }
    }

    @Test
    @DisplayName("Devtools start: the README's java -Dorrery.host.startPaused=true -jar orrery-launcher.jar starts a paused host")
    void startPaused() throws Exception {
        List<String> commands = Readme.commands("devtools-start");
        assertEquals("mvn -B package -DskipTests", commands.get(0), "the build the distribution comes from");
        Path dir = DemoProcess.REPO.resolve(commands.get(1).substring("cd ".length()));
        assertEquals(DIST, dir.normalize());
        List<String> java = new java.util.ArrayList<>(List.of(commands.get(2).split(" ")));
        java.add(1, "-Dorrery.shell=false");
        try (DemoProcess p = DemoProcess.start(java, dir, Map.of(), false)) {
            p.awaitLine(l -> l.contains("[dev.orrery.host] schedule 'main' rebuilt (#1)"), TIMEOUT);
            p.terminate();
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            assertTrue(p.lines().stream().anyMatch(l -> l.matches(".*Orrery host stopped after 0 frames.*")),
                    "a paused host runs no frame:\n" + p.text());
        }
    }

    @Test
    @DisplayName("Port clash: with port 8420 taken the launcher prints the README's SEVERE line after Jetty's")
    void portClash() throws Exception {
        try (java.net.ServerSocket held = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            String port = String.valueOf(held.getLocalPort());
            List<String> command = List.of("java", "-Dorrery.shell=false", "-Dorrery.console.port=" + port, "-jar",
                    "orrery-launcher.jar");
            try (DemoProcess p = DemoProcess.start(command, DIST, Map.of(), false)) {
                p.awaitLine(l -> l.contains("web console: cannot listen on"), TIMEOUT);
                p.terminate();
                assertEquals(0, p.waitFor(TIMEOUT), p.text());
                List<String> example = Readme.example("port-clash").stream().map(l -> l.replace("8420", port)).toList();
                Readme.assertAppearsIn(example, p.lines());
                assertTrue(p.lines().stream().noneMatch(l -> l.startsWith("\tat ")), p.text());
            }
        }
    }

    @Test
    @DisplayName("Running the host: the README's distribution, its start command, a dropped plugin-example that joins, and deleting it: left and purged")
    void runningTheHost(@TempDir Path dir) throws Exception {
        for (String line : distribution()) {
            String entry = line.split("\\s+")[0];
            assertTrue(Files.exists(DIST.resolve(entry)) || line.contains("(made by "), "the distribution has no " + entry);
        }
        List<String> start = Readme.commands("host-start-command");
        Path home = DemoProcess.REPO.resolve(start.get(0).substring("cd ".length())).normalize();
        assertEquals(DIST, home);
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        // The console on any free port (0), not 8420: another host on this machine may hold that one.
        java.util.regex.Pattern served = java.util.regex.Pattern.compile("web console at http://127\\.0\\.0\\.1:([1-9]\\d*)/orrery/");
        List<String> command = new java.util.ArrayList<>(List.of(start.get(1).split(" ")));
        command.addAll(1, List.of("-Dorrery.shell=false", "-Dorrery.plugins.dir=" + plugins, "-Dorrery.console.port=0"));
        String[] cp = Readme.commands("host-plugin-command").get(0).split(" ");
        assertEquals("app-launcher/target/orrery/plugins/", cp[2], "where the README drops the plugin");
        Path source = DemoProcess.REPO.resolve(cp[1]);
        try (DemoProcess p = DemoProcess.start(command, home, Map.of(), false)) {
            p.awaitLine(l -> l.startsWith("orrery: started "), TIMEOUT);
            Path jar = plugins.resolve(source.getFileName());
            Files.copy(source, jar, StandardCopyOption.REPLACE_EXISTING);
            p.awaitLine(l -> l.contains("example/clock: "), TIMEOUT);
            Files.delete(jar);
            p.awaitLine(l -> l.contains("left [example]"), TIMEOUT);
            p.awaitLine(l -> l.contains("purged unloaded code of [dev.orrery.plugin.example "), TIMEOUT);
            p.awaitLine(l -> served.matcher(l).find(), TIMEOUT);
            p.terminate();
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            java.util.regex.Matcher m = served.matcher(p.lines().stream().filter(l -> served.matcher(l).find()).findFirst().orElseThrow());
            assertTrue(m.find());
            String port = m.group(1);
            Readme.assertAppearsIn(Readme.example("host-start").stream().map(l -> l.replace(":8420/", ":" + port + "/")).toList(),
                    p.lines());
            Readme.assertAppearsIn(Readme.example("host-plugin"), p.lines());
            Readme.assertAppearsIn(Readme.example("purge"), p.lines());
        }
    }

    /**
     * @return the entry lines of the README's distribution listing ({@code bundles/  platform bundles...},
     *     {@code conf/config.properties  framework...}), without the continuation lines of descriptions
     */
    private static List<String> distribution() throws Exception {
        List<String> listing = Readme.example("distribution");
        assertEquals("app-launcher/target/orrery/", listing.get(0));
        return listing.stream().skip(1).filter(l -> l.startsWith("  ") && !l.startsWith("   ")).map(String::strip).toList();
    }
}
