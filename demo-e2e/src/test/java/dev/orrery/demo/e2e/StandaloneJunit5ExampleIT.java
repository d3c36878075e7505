package dev.orrery.demo.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The plugin guide's standalone JUnit 5 example ({@code orrery-testkit-junit5-example/standalone}),
 * copied out of the repository as a plugin author copies it and built there with {@code mvn -o verify}
 * against a private local repository ({@code target/standalone-example/repository}), never the shared
 * one: that repository gets this reactor's artifacts (BOM, parent, scheduler, host, prefabs, test kit)
 * copied in; everything else (Maven plugins, Felix, bnd, JUnit, OSGi Test) is read from the build's
 * own local repository, declared as the only repository with a {@code file:} URL, which {@code -o}
 * allows with {@code aether.offline.protocols=file}: nothing comes from the network, and nothing is
 * written to the build's repository.
 */
class StandaloneJunit5ExampleIT {
    private static final long MAVEN_TIMEOUT_SECONDS = 300;
    private static final List<String> JARS = List.of("scheduler-bundle", "host-core", "host-osgi", "plugin-prefab",
            "orrery-testkit");

    @Test
    @DisplayName("the standalone JUnit 5 example builds on its own: bnd resolves its run, the kit builds its v2, its in-framework tests pass")
    void buildsOutsideTheReactor() throws Exception {
        Path example = DemoProcess.REPO.resolve("orrery-testkit-junit5-example/standalone");
        String bndrun = Files.readString(example.resolve("test.bndrun"));
        assertFalse(bndrun.lines().anyMatch(l -> l.startsWith("-runbundles")), "the run list is the resolver's, not pasted: "
                + bndrun);
        assertFalse(Files.readString(example.resolve("pom.xml")).contains("<parent>"), "the example has no parent");

        Path work = Path.of(required("standalone.workDir"));
        Path repo = work.resolve("repository");
        deleteTree(repo.resolve("dev/orrery"));
        Path project = work.resolve("counter-plugin");
        deleteTree(project);
        copyTree(example, project);
        Files.createDirectories(repo);
        placeReactorArtifacts(repo);
        Path settings = writeSettings(work, Path.of(required("standalone.outerRepository")));

        run(project, work.resolve("verify.log"), repo, settings);

        assertTrue(Files.isRegularFile(project.resolve("target/v2/counter-v2.jar")), "the kit built no v2");
        assertEquals(bndrun, Files.readString(project.resolve("test.bndrun")), "the build changed test.bndrun");
        Path reports = project.resolve("target/test-reports");
        List<Path> xml;
        try (Stream<Path> s = Files.walk(reports)) {
            xml = s.filter(f -> f.getFileName().toString().startsWith("TEST-")).toList();
        }
        assertEquals(1, xml.size(), "one in-framework report in " + reports + ": " + xml);
        String suite = Files.readString(xml.get(0));
        assertEquals(2, attribute(suite, "tests"), suite);
        assertEquals(0, attribute(suite, "failures") + attribute(suite, "errors"), suite);
        assertTrue(suite.contains("anUpdateToVersionTwoRunsTheNewCode"), suite);
        String log = Files.readString(work.resolve("verify.log"));
        assertTrue(log.contains("-runbundles: com.example.counter;"), "bnd resolved the run:\n" + log);
    }

    private static int attribute(String xml, String name) {
        Matcher m = Pattern.compile("<testsuite[^>]*\\s" + name + "=\"(\\d+)\"").matcher(xml);
        assertTrue(m.find(), "no " + name + " in the report");
        return Integer.parseInt(m.group(1));
    }

    private static void run(Path dir, Path log, Path repo, Path settings) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(required("standalone.mavenHome"), "bin", "mvn").toString(),
                "-B", "-o", "-s", settings.toString(), "-Dmaven.repo.local=" + repo, "-Daether.offline.protocols=file",
                "-Dorrery.version=" + required("orrery.version"), "verify"));
        ProcessBuilder build = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        // Maven's own JVM runs a short build: the C2 compiler and a parallel collector cost it start-up time
        // and buy nothing (the tests it forks get their own JVMs, without these)
        String mavenOpts = build.environment().get("MAVEN_OPTS");
        build.environment().put("MAVEN_OPTS", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
                + (mavenOpts == null || mavenOpts.isBlank() ? "" : " " + mavenOpts));
        Process p = build.start();
        if (!p.waitFor(MAVEN_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("mvn verify of the standalone example did not finish within " + MAVEN_TIMEOUT_SECONDS
                    + " s; log: " + log);
        }
        if (p.exitValue() != 0) {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            String tail = String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
            throw new AssertionError("mvn verify of the standalone example failed (exit " + p.exitValue() + "), log " + log
                    + ":\n" + tail);
        }
    }

    private static void placeReactorArtifacts(Path repo) throws IOException {
        String v = required("orrery.version");
        place(repo, "orrery-bom", v, "pom", DemoProcess.REPO.resolve("orrery-bom/pom.xml"));
        place(repo, "orrery-parent", v, "pom", DemoProcess.REPO.resolve("pom.xml"));
        for (String a : JARS) {
            place(repo, a, v, "pom", DemoProcess.REPO.resolve(a + "/pom.xml"));
            place(repo, a, v, "jar", Path.of(required("standalone." + a + ".jar")));
        }
    }

    /** Copies a file to its place in a Maven repository layout (group dev.orrery). */
    private static void place(Path repo, String artifactId, String version, String ext, Path from) throws IOException {
        assertTrue(Files.isRegularFile(from), "reactor artifact missing: " + from);
        Path dir = Files.createDirectories(repo.resolve("dev/orrery").resolve(artifactId).resolve(version));
        Files.copy(from, dir.resolve(artifactId + "-" + version + "." + ext), StandardCopyOption.REPLACE_EXISTING);
    }

    private static Path writeSettings(Path work, Path outerRepository) throws IOException {
        Path settings = work.resolve("settings.xml");
        // The build's local repository stands in for every remote repository (the mirror), without
        // checksum checks (it has no checksum files for everything).
        String repository = "      <id>central</id>\n"
                + "      <url>" + outerRepository.toUri() + "</url>\n"
                + "      <releases><checksumPolicy>ignore</checksumPolicy></releases>\n"
                + "      <snapshots><enabled>false</enabled></snapshots>\n";
        Files.writeString(settings, "<settings>\n"
                + "  <mirrors><mirror>\n"
                + "    <id>central</id><mirrorOf>*</mirrorOf><url>" + outerRepository.toUri() + "</url>\n"
                + "  </mirror></mirrors>\n"
                + "  <profiles>\n"
                + "    <profile>\n"
                + "      <id>build-local-repository</id>\n"
                + "      <repositories><repository>\n" + repository + "      </repository></repositories>\n"
                + "      <pluginRepositories><pluginRepository>\n" + repository + "      </pluginRepository></pluginRepositories>\n"
                + "    </profile>\n"
                + "  </profiles>\n"
                + "  <activeProfiles><activeProfile>build-local-repository</activeProfile></activeProfiles>\n"
                + "</settings>\n");
        return settings;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path f : (Iterable<Path>) s::iterator) {
                Path rel = from.relativize(f);
                if (rel.startsWith("target")) {
                    continue;
                }
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to.resolve(rel.toString()));
                } else {
                    Files.copy(f, to.resolve(rel.toString()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    private static String required(String property) {
        String v = System.getProperty(property);
        if (v == null || v.isBlank()) {
            throw new IllegalStateException("system property " + property + " is not set (run through mvn verify)");
        }
        return v;
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.delete(p);
            }
        }
    }
}
