package dev.orrery.demo.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The launcher runs only what the user asked for, and says so in one line when it cannot: a missing or
 * unreadable settings file, empty or unusable folders and nonsense numbers are refused with exit code 2;
 * a second host on one distribution folder with 1, naming the first one's PID; unknown keys are warned
 * about. No HTTP listener unless the console is on, and only on loopback unless an address is set
 * (checked in a private network namespace, where 10.9.9.9 is an address of this machine that reaches no
 * network). Each case runs the distribution's launcher as a process and waits on its output lines.
 */
class LauncherTruthIT {
    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final Path DIST = DemoProcess.REPO.resolve("app-launcher/target/orrery");
    private static final String HEADLESS = "-Dorrery.host.mode=fixed -Dorrery.host.rate=0 -Dorrery.host.frames=5"
            + " -Dorrery.host.stopFrameworkWhenDone=true -Dorrery.shell=false -Dorrery.console.enabled=false";

    @TempDir
    Path dir;

    private DemoProcess launch(String options, String... args) throws Exception {
        List<String> o = new ArrayList<>(List.of(options.trim().split("\\s+")));
        if (o.stream().noneMatch(s -> s.startsWith("-Dorrery.plugins.dir"))) {
            o.add("-Dorrery.plugins.dir=" + Files.createDirectories(dir.resolve("plugins")));
        }
        return DemoProcess.start(MisbehavingPluginJar.launcher(o, args), DIST, Map.of(), false);
    }

    private static void assertRefused(DemoProcess p, int code, String line) throws Exception {
        assertEquals(code, p.waitFor(TIMEOUT), p.text());
        assertTrue(p.lines().contains(line), "no line '" + line + "':\n" + p.text());
        assertTrue(p.lines().stream().noneMatch(l -> l.startsWith("\tat ") || l.startsWith("orrery: started")), p.text());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "-Dorrery.host.rate=Infinity|orrery: cannot start: host configuration: orrery.host.rate must be > 0 (or 0 in fixed mode): a number of frames per second from 0.001 to 10000, got Infinity (-Dorrery.host.rate)",
        "-Dorrery.host.rate=1e300|orrery: cannot start: host configuration: orrery.host.rate must be > 0 (or 0 in fixed mode): a number of frames per second from 0.001 to 10000, got 1.0E300 (-Dorrery.host.rate)",
        "-Dorrery.host.rate=1e-20|orrery: cannot start: host configuration: orrery.host.rate must be > 0 (or 0 in fixed mode): a number of frames per second from 0.001 to 10000, got 1.0E-20 (-Dorrery.host.rate)",
        "-Dorrery.host.frames=NaN|orrery: cannot start: host configuration: orrery.host.frames must be a whole number from 0 to 9223372036854775807, got 'NaN' (-Dorrery.host.frames)",
        "-Dorrery.host.frames=-0.5|orrery: cannot start: host configuration: orrery.host.frames must be a whole number from 0 to 9223372036854775807, got '-0.5' (-Dorrery.host.frames)",
        "-Dorrery.host.frames=0.9|orrery: cannot start: host configuration: orrery.host.frames must be a whole number from 0 to 9223372036854775807, got '0.9' (-Dorrery.host.frames)",
        "-Dorrery.host.frames=120.7|orrery: cannot start: host configuration: orrery.host.frames must be a whole number from 0 to 9223372036854775807, got '120.7' (-Dorrery.host.frames)",
        "-Dorrery.host.quietMillis=NaN|orrery: cannot start: host configuration: orrery.host.quietMillis must be a whole number from 0 to 60000, got 'NaN' (-Dorrery.host.quietMillis)",
        "-Dorrery.host.quietMillis=1e30 -Dorrery.host.maxDelayMillis=1e30|orrery: cannot start: host configuration: orrery.host.quietMillis must be a whole number from 0 to 60000, got '1e30' (-Dorrery.host.quietMillis)",
        "-Dorrery.host.frameWarnMillis=NaN|orrery: cannot start: host configuration: orrery.host.frameWarnMillis must be a whole number from 0 to 3600000, got 'NaN' (-Dorrery.host.frameWarnMillis)",
        "-Dorrery.devtools.timings.samplePeriod=0|orrery: cannot start: orrery.devtools.timings.samplePeriod must be a whole number from 1 to 2147483647, got '0' (-Dorrery.devtools.timings.samplePeriod)",
        "-Dorrery.devtools.timings.samplePeriod=-1|orrery: cannot start: orrery.devtools.timings.samplePeriod must be a whole number from 1 to 2147483647, got '-1' (-Dorrery.devtools.timings.samplePeriod)",
        "-Dorrery.plugins.dir=|orrery: cannot start: orrery.plugins.dir is empty (-Dorrery.plugins.dir); give a folder (default plugins)",
    })
    @DisplayName("a setting that makes no sense: one line naming it and its source, exit code 2, nothing started")
    void nonsenseSettings(String options, String line) throws Exception {
        try (DemoProcess p = launch("-Dorrery.shell=false " + options)) {
            assertRefused(p, 2, line);
        }
    }

    @ParameterizedTest(name = "{0} mode")
    @ValueSource(strings = {"osgi", "jpms"})
    @DisplayName("folders: a missing bundles folder, a plugins folder that is a file or the distribution itself are refused, exit code 2")
    void folders(String mode) throws Exception {
        String[] args = mode.equals("jpms") ? new String[] {"--jpms"} : new String[0];
        try (DemoProcess p = launch("-Dorrery.shell=false -Dorrery.bundles.dir=" + dir.resolve("none"), args)) {
            assertRefused(p, 2, "orrery: cannot start: orrery.bundles.dir (-Dorrery.bundles.dir): " + dir.resolve("none")
                    + " does not exist; it must hold the platform bundles");
        }
        Path file = Files.writeString(dir.resolve("plugins.txt"), "not a folder");
        try (DemoProcess p = launch("-Dorrery.shell=false -Dorrery.plugins.dir=" + file, args)) {
            assertRefused(p, 2, "orrery: cannot start: orrery.plugins.dir (-Dorrery.plugins.dir): " + file
                    + " is a file, not a folder");
        }
        try (DemoProcess p = launch("-Dorrery.shell=false -Dorrery.plugins.dir=" + DIST, args)) {
            assertRefused(p, 2, "orrery: cannot start: orrery.plugins.dir (-Dorrery.plugins.dir): " + DIST + " is the"
                    + " distribution folder; give the plugins a folder of their own (default plugins)");
        }
    }

    @Test
    @DisplayName("a missing settings file, or one that is a folder: one line naming the file, exit code 2")
    void settingsFile() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        try (DemoProcess p = launch("-Dorrery.shell=false -Dorrery.home=" + home)) {
            assertRefused(p, 2, "orrery: cannot start: the settings file " + home.resolve("conf/config.properties")
                    + " is missing; run the launcher from an Orrery distribution folder (or set -Dorrery.home to one)");
        }
        Files.createDirectories(home.resolve("conf/config.properties"));
        try (DemoProcess p = launch("-Dorrery.shell=false -Dorrery.home=" + home)) {
            assertRefused(p, 2, "orrery: cannot start: the settings file " + home.resolve("conf/config.properties")
                    + " is a folder, not a file");
        }
    }

    @Test
    @DisplayName("a platform bundle that cannot be installed: one line naming it and why, exit code 1")
    void brokenPlatformBundle() throws Exception {
        Path bundles = Files.createDirectories(dir.resolve("bundles"));
        try (var jars = Files.list(DIST.resolve("bundles"))) {
            for (Path j : (Iterable<Path>) jars::iterator) {
                Files.copy(j, bundles.resolve(j.getFileName()));
            }
        }
        Files.writeString(bundles.resolve("aaa-broken.jar"), "not a jar");
        try (DemoProcess p = launch("-Dorrery.shell=false -Dorrery.bundles.dir=" + bundles)) {
            assertEquals(1, p.waitFor(TIMEOUT), p.text());
            assertTrue(p.lines().stream().anyMatch(l -> l.startsWith("orrery: cannot start: cannot install platform bundle"
                    + " aaa-broken.jar: ")), p.text());
            assertTrue(p.lines().stream().noneMatch(l -> l.startsWith("\tat ")), p.text());
        }
    }

    @Test
    @DisplayName("a misspelt orrery.* key is warned about with the nearest known key; a plugin's own key is not; the run goes on")
    void unknownKeys() throws Exception {
        try (DemoProcess p = launch(HEADLESS + " -Dorrery.host.rat=30 -Dorrery.demo.seed=3")) {
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            assertTrue(p.lines().contains("orrery: warning: orrery.host.rat (-Dorrery.host.rat) is not a setting of the"
                    + " launcher, the host, the web console or the devtools, and is ignored; did you mean orrery.host.rate?"),
                    p.text());
            assertTrue(p.lines().stream().noneMatch(l -> l.contains("orrery.demo.seed")), p.text());
        }
    }

    @ParameterizedTest(name = "{0} mode")
    @ValueSource(strings = {"osgi", "jpms"})
    @DisplayName("a second host on one distribution folder is refused naming the first one's PID, exit code 1; the lock goes with the process")
    void oneHostPerFolder(String mode) throws Exception {
        String[] args = mode.equals("jpms") ? new String[] {"--jpms"} : new String[0];
        try (DemoProcess first = launch("-Dorrery.shell=false -Dorrery.console.enabled=false", args)) {
            first.awaitLine(l -> l.startsWith("orrery: started"), TIMEOUT);
            try (DemoProcess second = launch(HEADLESS, args)) {
                assertRefused(second, 1, "orrery: cannot start: another Orrery host (PID " + first.pid() + ") runs from the"
                        + " distribution folder " + DIST + " (it holds orrery.lock); stop it first, or run a copy of the folder");
            }
            first.kill(); // as a crash would: the operating system releases the lock
            first.waitFor(TIMEOUT);
        }
        try (DemoProcess third = launch(HEADLESS, args)) {
            assertEquals(0, third.waitFor(TIMEOUT), third.text());
        }
    }

    @ParameterizedTest(name = "{0} mode")
    @ValueSource(strings = {"osgi", "jpms"})
    @DisplayName("the console off: no HTTP listener at all, though the settings file names no Felix HTTP key")
    void noListenerWithTheConsoleOff(String mode) throws Exception {
        String[] args = mode.equals("jpms") ? new String[] {"--jpms"} : new String[0];
        try (DemoProcess p = launch("-Dorrery.shell=false -Dorrery.console.enabled=false", args)) {
            p.awaitLine(l -> l.startsWith("orrery: started"), TIMEOUT);
            assertEquals(List.of(), Listeners.of(p.pid()), p.text());
            p.terminate();
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
        }
    }

    @ParameterizedTest(name = "{0} mode, console host {1}")
    @CsvSource(delimiter = '|', value = {
        "osgi||127.0.0.1:8420|127.0.0.1:8420", "jpms||127.0.0.1:8420|127.0.0.1:8420",
        "osgi|10.9.9.9|10.9.9.9:8420|10.9.9.9:8420", "jpms|10.9.9.9|10.9.9.9:8420|10.9.9.9:8420",
        "osgi|::1|[::1]:8420|[0:0:0:0:0:0:0:1]:8420", "jpms|::1|[::1]:8420|[0:0:0:0:0:0:0:1]:8420",
    })
    @DisplayName("the console listens on 127.0.0.1 only by default, on an address set explicitly (a non-loopback one with a"
            + " warning, in a network where it reaches nothing), on ::1 without a line saying it is in use")
    void consoleListener(String mode, String host, String served, String listening) throws Exception {
        assumeTrue(Listeners.privateNetworkAvailable(), "no private network namespace (unshare -rn) here");
        List<String> command = new ArrayList<>(List.of("java", "-Dorrery.shell=false", "-Dorrery.console.port=8420",
                "-Dorrery.plugins.dir=" + Files.createDirectories(dir.resolve("plugins"))));
        if (host != null) {
            command.add("-Dorrery.console.host=" + host);
        }
        command.addAll(List.of("-jar", "orrery-launcher.jar"));
        if (mode.equals("jpms")) {
            command.add("--jpms");
        }
        try (DemoProcess p = DemoProcess.start(Listeners.inPrivateNetwork(command), DIST, Map.of(), false)) {
            p.awaitLine(l -> l.contains("web console at http://" + served + "/orrery/"), TIMEOUT);
            assertEquals(List.of(listening), Listeners.of(p.pid()), p.text());
            if ("10.9.9.9".equals(host)) {
                assertTrue(p.lines().stream().anyMatch(l -> l.contains("the web console listens on 10.9.9.9:8420, reachable"
                        + " from other machines")), p.text());
            }
            p.terminate();
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            assertTrue(p.lines().stream().noneMatch(l -> l.contains("SEVERE") || l.contains("already in use")), p.text());
        }
    }
}
