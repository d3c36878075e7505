package dev.orrery.demo.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The README's exit codes that a misbehaving plugin causes, in both modes, with the launcher of the
 * built distribution run as a process: a plugin's {@code System.exit(3)} ends the process with 3 and the
 * launcher names the plugin's bundle or module; a frame thread that dies ends any run with 1; a system
 * stuck when SIGTERM comes ends the run at once with 1, naming the system. Tests wait on output lines.
 */
class ExitCodesIT {
    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final Path DIST = DemoProcess.REPO.resolve("app-launcher/target/orrery");

    @TempDir
    Path dir;

    /** @return the launcher, with the test plugin alone in a plugins folder of its own, misbehaving as told */
    private DemoProcess launch(String mode, String how, String... extra) throws Exception {
        Path plugins = Files.createDirectories(dir.resolve("plugins"));
        Path jar = MisbehavingPluginJar.build(Files.createDirectories(dir.resolve("build")), plugins.resolve("misbehave.jar"));
        // older than JPMS mode's quiet time: its first poll loads it at once
        Files.setLastModifiedTime(jar, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        List<String> options = new ArrayList<>(List.of("-Dorrery.shell=false", "-Dorrery.console.enabled=false",
                "-Dorrery.plugins.dir=" + plugins, "-De2e.misbehave=" + how, "-De2e.code=3"));
        options.addAll(List.of(extra));
        return DemoProcess.start(MisbehavingPluginJar.launcher(options, mode.equals("jpms") ? new String[] {"--jpms"}
                : new String[0]), DIST, Map.of(), false);
    }

    private static String owner(String mode) {
        return mode.equals("jpms") ? "module e2e.misbehave" : "bundle e2e.misbehave/1.0.0";
    }

    private static void assertNoStackTrace(DemoProcess p) {
        assertTrue(p.lines().stream().noneMatch(l -> l.startsWith("\tat ")), p.text());
    }

    @ParameterizedTest(name = "{0} mode")
    @ValueSource(strings = {"osgi", "jpms"})
    @DisplayName("a plugin's System.exit(3) in a system ends the process with 3, naming the plugin")
    void exitInASystem(String mode) throws Exception {
        try (DemoProcess p = launch(mode, "exit-system")) {
            assertEquals(3, p.waitFor(TIMEOUT), p.text());
            assertTrue(p.lines().stream().anyMatch(l -> l.startsWith("orrery: System.exit was called by " + owner(mode)
                    + " (thread orrery-frame, at e2e.misbehave.MisbehavingPlugin.") && l.endsWith("; the host stops, then the"
                    + " process exits with the code it gave")), p.text());
            assertTrue(p.lines().stream().anyMatch(l -> l.contains("the frame thread is inside System.exit (system"
                    + " 'misbehave/act' of plugin 'misbehave' in schedule 'main' is running): the host stops without waiting"
                    + " for that frame")), p.text());
            assertNoStackTrace(p);
        }
    }

    @ParameterizedTest(name = "{0} mode")
    @ValueSource(strings = {"osgi", "jpms"})
    @DisplayName("a plugin's System.exit(3) in its constructor ends the process with 3, naming the plugin")
    void exitInAConstructor(String mode) throws Exception {
        try (DemoProcess p = launch(mode, "exit-constructor")) {
            assertEquals(3, p.waitFor(TIMEOUT), p.text());
            assertTrue(p.lines().stream().anyMatch(l -> l.startsWith("orrery: System.exit was called by " + owner(mode)
                    + " (thread ") && l.contains(", at e2e.misbehave.MisbehavingPlugin.build(MisbehavingPlugin.java:")),
                    p.text());
        }
    }

    @ParameterizedTest(name = "{0} mode")
    @ValueSource(strings = {"osgi", "jpms"})
    @DisplayName("the frame thread dying (an OutOfMemoryError in a system) ends a run that is not headless with 1")
    void frameThreadDeath(String mode) throws Exception {
        try (DemoProcess p = launch(mode, "oom")) {
            assertEquals(1, p.waitFor(TIMEOUT), p.text());
            assertTrue(p.lines().stream().anyMatch(l -> l.startsWith("orrery: the host's frame thread died: ")
                    && l.contains("misbehave/act") && l.contains("java.lang.OutOfMemoryError")), p.text());
        }
    }

    @ParameterizedTest(name = "{0} mode")
    @ValueSource(strings = {"osgi", "jpms"})
    @DisplayName("a system stuck in accept(): STUCK naming it, its jar's deletion cannot complete, SIGTERM ends the run with 1")
    void stuckSystem(String mode) throws Exception {
        try (DemoProcess p = launch(mode, "accept", "-Dorrery.host.stuckMillis=500")) {
            p.awaitLine(l -> l.contains("the host is STUCK: system 'misbehave/act' of plugin 'misbehave' in schedule"
                    + " 'main' has not returned for "), TIMEOUT);
            Files.delete(dir.resolve("plugins/misbehave.jar"));
            p.awaitLine(l -> l.contains("plugin 'misbehave' left while its system 'misbehave/act' of schedule 'main' has not"
                    + " returned (the host is stuck): the departure cannot complete until that frame returns"), TIMEOUT);
            p.terminate();
            assertEquals(1, p.waitFor(TIMEOUT), p.text());
            assertTrue(p.lines().stream().anyMatch(l -> l.startsWith("orrery: the host is stuck: system 'misbehave/act' of"
                    + " plugin 'misbehave' in schedule 'main' has not returned for ")
                    && l.endsWith("; the process exits without waiting for it")), p.text());
            assertNoStackTrace(p);
        }
    }
}
