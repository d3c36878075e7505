package dev.orrery.archetype;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.junit.jupiter.api.Test;

/**
 * End to end, as a plugin author: {@code mvn archetype:generate} from this build's archetype, then
 * {@code mvn -o verify} of the generated project, both offline against a private local repository
 * ({@code target/e2e/repository}), never the shared one.
 *
 * <p>That repository gets this reactor's artifacts (BOM, parent, scheduler, host, prefabs, test kit,
 * archetype) copied in; everything else (Maven plugins, Felix, Pax Exam, JUnit) is read from the
 * build's own local repository, declared as the {@code central} repository with a {@code file:} URL,
 * which {@code -o} allows with
 * {@code aether.offline.protocols=file}: nothing comes from the network, and nothing is written to the
 * build's repository.
 */
class GeneratedProjectIT {
    private static final long MAVEN_TIMEOUT_SECONDS = 300;
    private static final String GROUP = "com.example.game";
    private static final String ARTIFACT = "score-plugin";
    private static final String PACKAGE = "com.example.game.score";

    @Test
    void theGeneratedPluginProjectBuildsAndPassesItsUnitAndPaxExamTestsOffline() throws Exception {
        Path work = Path.of(required("e2e.workDir"));
        Path repo = work.resolve("repository");
        // Third-party artifacts copied by an earlier run (same target/) are kept; the reactor's and the
        // generated project are always fresh.
        deleteTree(repo.resolve("dev/orrery"));
        deleteTree(work.resolve("projects"));
        Files.createDirectories(repo);
        installReactorArtifacts(repo);
        Path settings = writeSettings(work, Path.of(required("e2e.outerRepository")));

        Path projects = Files.createDirectories(work.resolve("projects"));
        String version = required("e2e.version");
        run(projects, work.resolve("generate.log"), repo, settings,
                "org.apache.maven.plugins:maven-archetype-plugin:3.3.1:generate",
                "-DinteractiveMode=false", "-DarchetypeCatalog=local",
                "-DarchetypeGroupId=dev.orrery", "-DarchetypeArtifactId=orrery-plugin-archetype",
                "-DarchetypeVersion=" + version,
                "-DgroupId=" + GROUP, "-DartifactId=" + ARTIFACT, "-Dversion=1.0.0-SNAPSHOT",
                "-Dpackage=" + PACKAGE, "-DpluginName=score");
        Path project = projects.resolve(ARTIFACT);
        assertTrue(Files.isRegularFile(project.resolve("src/main/java/com/example/game/score/GamePluginComponent.java")),
                "the archetype generated no component in " + project);
        String pom = Files.readString(project.resolve("pom.xml"));
        assertTrue(pom.contains("<orrery.version>" + version + "</orrery.version>"), "the BOM version: " + pom);

        run(project, work.resolve("verify.log"), repo, settings, "verify");

        Path jar = project.resolve("target/" + ARTIFACT + "-1.0.0-SNAPSHOT.jar");
        assertTrue(Files.isRegularFile(jar), "no plugin jar: " + jar);
        assertEquals(new Counts(1, 0), counts(project.resolve("target/surefire-reports"), "GamePluginTest"));
        assertEquals(new Counts(1, 0), counts(project.resolve("target/failsafe-reports"), "GamePluginIT"),
                "the Pax Exam test must run (junit-vintage-engine) and pass");
    }

    /** Tests run and failures+errors of one test class, from its JUnit XML report. */
    record Counts(int tests, int failed) {
    }

    private static Counts counts(Path reports, String simpleClassName) throws IOException {
        Path xml = reports.resolve("TEST-" + PACKAGE + "." + simpleClassName + ".xml");
        assertTrue(Files.isRegularFile(xml), "no test report " + xml + " (the test did not run)");
        String head = Files.readString(xml);
        return new Counts(attribute(head, "tests"), attribute(head, "failures") + attribute(head, "errors"));
    }

    private static int attribute(String xml, String name) {
        Matcher m = Pattern.compile("<testsuite[^>]*\\s" + name + "=\"(\\d+)\"").matcher(xml);
        assertTrue(m.find(), "no " + name + " in the report");
        return Integer.parseInt(m.group(1));
    }

    private static void run(Path dir, Path log, Path repo, Path settings, String... goals) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(required("e2e.mavenHome"), "bin", "mvn").toString(),
                "-B", "-o", "-s", settings.toString(), "-Dmaven.repo.local=" + repo, "-Daether.offline.protocols=file"));
        cmd.addAll(List.of(goals));
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
            throw new AssertionError(String.join(" ", goals) + " did not finish within " + MAVEN_TIMEOUT_SECONDS
                    + " s; log: " + log);
        }
        if (p.exitValue() != 0) {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            String tail = String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
            throw new AssertionError("mvn " + String.join(" ", goals) + " failed (exit " + p.exitValue() + "), log "
                    + log + ":\n" + tail);
        }
    }

    private static void installReactorArtifacts(Path repo) throws IOException {
        String v = required("e2e.version");
        place(repo, "orrery-bom", v, "pom", Path.of(required("e2e.bom.pom")));
        place(repo, "orrery-parent", v, "pom", Path.of(required("e2e.parent.pom")));
        for (String a : List.of("scheduler-bundle", "host-core", "host-osgi", "plugin-prefab", "orrery-testkit")) {
            place(repo, a, v, "pom", Path.of(required("e2e." + a + ".pom")));
            place(repo, a, v, "jar", Path.of(required("e2e." + a + ".jar")));
        }
        place(repo, "orrery-plugin-archetype", v, "pom", Path.of(required("e2e.archetype.pom")));
        place(repo, "orrery-plugin-archetype", v, "jar", Path.of(required("e2e.archetype.jar")));
    }

    /** Copies a file to its place in a Maven repository layout (group dev.orrery). */
    private static void place(Path repo, String artifactId, String version, String ext, Path from) throws IOException {
        assertTrue(Files.isRegularFile(from), "reactor artifact missing: " + from);
        Path dir = repo.resolve("dev/orrery").resolve(artifactId).resolve(version);
        Files.createDirectories(dir);
        Files.copy(from, dir.resolve(artifactId + "-" + version + "." + ext), StandardCopyOption.REPLACE_EXISTING);
    }

    private static Path writeSettings(Path work, Path outerRepository) throws IOException {
        Path settings = work.resolve("settings.xml");
        // The build's local repository stands in for every remote repository (the mirror), and for
        // Central also without checksum checks (it has no checksum files).
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
