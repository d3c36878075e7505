package dev.orrery.demo.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's bad plugin jars in JPMS mode (Two modes): a jar that is not a module, a module with a
 * missing {@code requires}, and a module whose {@code Plugin} provider throws, each built here with the
 * JDK's compiler; the launcher leaves each out in the README's line and runs on.
 */
class JpmsBadJarsIT {
    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final String VERSION = System.getProperty("orrery.version", "0.1.0-SNAPSHOT");
    private static final Path DIST = DemoProcess.REPO.resolve("app-launcher/target/orrery");

    @Test
    @DisplayName("JPMS mode: plain.jar, needy.jar and throws.jar are left out in the README's lines, the host runs on")
    void badJarsAreLeftOutInOneLineEach(@TempDir Path dir) throws Exception {
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        jar(plugins.resolve("plain.jar"), Map.of("p/plain/readme.txt", "not a module".getBytes()));
        Path needed = compile(dir, "needed", Map.of("module-info.java", "module p.needed { }"), List.of());
        Path needy = compile(dir, "needy", Map.of("module-info.java", "module p.needy { requires p.needed; }"), List.of(needed));
        jar(plugins.resolve("needy.jar"), classes(needy));
        Path scheduler = DIST.resolve("bundles/scheduler-bundle-" + VERSION + ".jar");
        Path throwing = compile(dir, "throwing", Map.of(
                "module-info.java", "module p.throwing { requires dev.orrery.scheduler;"
                        + " provides dev.orrery.schedule.Plugin with p.throwing.Bad; }",
                "p/throwing/Bad.java", "package p.throwing; public final class Bad extends dev.orrery.schedule.ForwardingPlugin {"
                        + " public Bad() { super(fail()); }"
                        + " private static dev.orrery.schedule.Plugin fail() { throw new IllegalStateException(\"no dice\"); } }"),
                List.of(scheduler));
        jar(plugins.resolve("throws.jar"), classes(throwing));

        List<String> command = List.of("java", "-Dorrery.shell=false", "-Dorrery.plugins.dir=" + plugins, "-jar",
                "orrery-launcher.jar", "--jpms");
        try (DemoProcess p = DemoProcess.start(command, DIST, Map.of(), false)) {
            List<String> example = Readme.example("jpms-bad-jars");
            for (String line : example) {
                p.awaitLine(l -> l.equals(line), TIMEOUT);
            }
            p.terminate();
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            for (String line : example) {
                Readme.assertAppearsIn(List.of(line), p.lines());
            }
        }
    }

    private static Path compile(Path dir, String name, Map<String, String> sources, List<Path> modulePath) throws Exception {
        Path src = dir.resolve("src-" + name);
        Path out = dir.resolve("classes-" + name);
        List<String> args = new java.util.ArrayList<>(List.of("-d", out.toString(), "--release", "17"));
        if (!modulePath.isEmpty()) {
            args.add("--module-path");
            args.add(String.join(java.io.File.pathSeparator, modulePath.stream().map(Path::toString).toList()));
        }
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path f = src.resolve(e.getKey());
            Files.createDirectories(f.getParent());
            args.add(Files.writeString(f, e.getValue()).toString());
        }
        int rc = javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new));
        if (rc != 0) {
            throw new IllegalStateException("javac failed on test module " + name + ": " + rc);
        }
        return out;
    }

    private static Map<String, byte[]> classes(Path dir) throws Exception {
        Map<String, byte[]> entries = new java.util.TreeMap<>();
        try (var files = Files.walk(dir)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                entries.put(dir.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f));
            }
        }
        return entries;
    }

    private static void jar(Path jar, Map<String, byte[]> entries) throws Exception {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                out.putNextEntry(new JarEntry(e.getKey()));
                out.write(e.getValue());
                out.closeEntry();
            }
        }
    }
}
