package dev.orrery.testsupport.maven;

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

/**
 * {@code mvn -B -o} of a project outside the reactor (a generated or copied plugin project), against a
 * private local repository, never the shared one: the repository gets the reactor's artifacts
 * ({@link #place}); everything else (Maven plugins, Felix, bnd, JUnit, ...) is read from the build's
 * own local repository, declared by {@link #writeSettings} as the mirror of every repository with a
 * {@code file:} URL, which {@code -o} allows with {@code aether.offline.protocols=file}: nothing comes
 * from the network, and nothing is written to the build's repository.
 *
 * <p>Threads: one build at a time per private repository. Immutable.
 */
public final class OfflineBuild {
    private final Path mavenHome;
    private final Path repository;
    private final Path settings;
    private final long timeoutSeconds;

    private OfflineBuild(Path mavenHome, Path repository, Path settings, long timeoutSeconds) {
        this.mavenHome = mavenHome;
        this.repository = repository;
        this.settings = settings;
        this.timeoutSeconds = timeoutSeconds;
    }

    /**
     * Makes {@code work/repository} (its {@code dev/orrery} folder emptied, the third-party artifacts of
     * an earlier run kept) and {@code work/settings.xml}.
     *
     * @param mavenHome the Maven installation that runs the builds ({@code bin/mvn} in it)
     * @param work the folder for the private repository and the settings
     * @param outerRepository the build's own local repository, read as every remote repository
     * @param timeoutSeconds how long one {@link #run} may take; more is a test failure
     * @return the build, with an empty {@code dev/orrery} in its repository
     * @throws IOException if a file cannot be written
     */
    public static OfflineBuild prepare(Path mavenHome, Path work, Path outerRepository, long timeoutSeconds)
            throws IOException {
        Path repository = work.resolve("repository");
        deleteTree(repository.resolve("dev/orrery"));
        Files.createDirectories(repository);
        return new OfflineBuild(mavenHome, repository, writeSettings(work, outerRepository), timeoutSeconds);
    }

    /** @return the private local repository */
    public Path repository() {
        return repository;
    }

    /**
     * Copies a file of the reactor to its place in the private repository (group {@code dev.orrery}).
     *
     * @param artifactId e.g. {@code host-core}
     * @param version e.g. {@code 0.1.0-SNAPSHOT}
     * @param ext {@code pom} or {@code jar}
     * @param from the reactor's file
     * @throws AssertionError if the file is not there (the reactor did not build it)
     * @throws IOException if it cannot be copied
     */
    public void place(String artifactId, String version, String ext, Path from) throws IOException {
        if (!Files.isRegularFile(from)) {
            throw new AssertionError("reactor artifact missing: " + from);
        }
        Path dir = Files.createDirectories(repository.resolve("dev/orrery").resolve(artifactId).resolve(version));
        Files.copy(from, dir.resolve(artifactId + "-" + version + "." + ext), StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Runs {@code mvn -B -o} with these arguments in a folder, its output to a log. Maven's own JVM runs
     * a short build: the C2 compiler and a parallel collector cost it start-up time and buy nothing (the
     * tests it forks get their own JVMs, without these).
     *
     * @param dir the project folder (or where to generate one)
     * @param log the file the build's output goes to
     * @param args goals and {@code -D} options
     * @throws AssertionError if the build fails (with the log's last 40 lines) or does not end in time
     * @throws IOException if Maven cannot be started or the log read
     * @throws InterruptedException if interrupted while waiting
     */
    public void run(Path dir, Path log, List<String> args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(mavenHome.resolve("bin").resolve("mvn").toString(), "-B", "-o", "-s",
                settings.toString(), "-Dmaven.repo.local=" + repository, "-Daether.offline.protocols=file"));
        cmd.addAll(args);
        ProcessBuilder build = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        String mavenOpts = build.environment().get("MAVEN_OPTS");
        build.environment().put("MAVEN_OPTS", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
                + (mavenOpts == null || mavenOpts.isBlank() ? "" : " " + mavenOpts));
        String what = "mvn " + String.join(" ", args) + " in " + dir;
        Process p = build.start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError(what + " did not finish within " + timeoutSeconds + " s; log: " + log);
        }
        if (p.exitValue() != 0) {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            String tail = String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
            throw new AssertionError(what + " failed (exit " + p.exitValue() + "), log " + log + ":\n" + tail);
        }
    }

    /**
     * @param report a JUnit XML report's text
     * @param name an attribute of its {@code <testsuite>}, e.g. {@code tests} or {@code failures}
     * @return the attribute's whole number
     * @throws AssertionError if the report has no such attribute
     */
    public static int suiteAttribute(String report, String name) {
        Matcher m = Pattern.compile("<testsuite[^>]*\\s" + name + "=\"(\\d+)\"").matcher(report);
        if (!m.find()) {
            throw new AssertionError("no " + name + " in the report");
        }
        return Integer.parseInt(m.group(1));
    }

    /**
     * Deletes a folder and everything in it; nothing when it is not there.
     *
     * @throws IOException if something cannot be deleted
     */
    public static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.delete(p);
            }
        }
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
}
