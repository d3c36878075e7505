package dev.orrery.demo.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.testsupport.maven.OfflineBuild;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The plugin guide's standalone JUnit 5 example ({@code orrery-testkit-junit5-example/standalone}),
 * copied out of the repository as a plugin author copies it and built there with {@code mvn -o verify}
 * against a private local repository ({@code target/standalone-example/repository}, see
 * {@link OfflineBuild}) that gets this reactor's artifacts (BOM, parent, scheduler, host, prefabs, test
 * kit); everything else (Maven plugins, Felix, bnd, JUnit, OSGi Test) is read from the build's own
 * local repository.
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
        OfflineBuild maven = OfflineBuild.prepare(Path.of(required("standalone.mavenHome")), work,
                Path.of(required("standalone.outerRepository")), MAVEN_TIMEOUT_SECONDS);
        Path project = work.resolve("counter-plugin");
        OfflineBuild.deleteTree(project);
        copyTree(example, project);
        placeReactorArtifacts(maven);

        maven.run(project, work.resolve("verify.log"), List.of("-Dorrery.version=" + required("orrery.version"), "verify"));

        assertTrue(Files.isRegularFile(project.resolve("target/v2/counter-v2.jar")), "the kit built no v2");
        assertEquals(bndrun, Files.readString(project.resolve("test.bndrun")), "the build changed test.bndrun");
        Path reports = project.resolve("target/test-reports");
        List<Path> xml;
        try (Stream<Path> s = Files.walk(reports)) {
            xml = s.filter(f -> f.getFileName().toString().startsWith("TEST-")).toList();
        }
        assertEquals(1, xml.size(), "one in-framework report in " + reports + ": " + xml);
        String suite = Files.readString(xml.get(0));
        assertEquals(2, OfflineBuild.suiteAttribute(suite, "tests"), suite);
        assertEquals(0, OfflineBuild.suiteAttribute(suite, "failures") + OfflineBuild.suiteAttribute(suite, "errors"), suite);
        assertTrue(suite.contains("anUpdateToVersionTwoRunsTheNewCode"), suite);
        String log = Files.readString(work.resolve("verify.log"));
        assertTrue(log.contains("-runbundles: com.example.counter;"), "bnd resolved the run:\n" + log);
    }

    private static void placeReactorArtifacts(OfflineBuild maven) throws IOException {
        String v = required("orrery.version");
        maven.place("orrery-bom", v, "pom", DemoProcess.REPO.resolve("orrery-bom/pom.xml"));
        maven.place("orrery-parent", v, "pom", DemoProcess.REPO.resolve("pom.xml"));
        for (String a : JARS) {
            maven.place(a, v, "pom", DemoProcess.REPO.resolve(a + "/pom.xml"));
            maven.place(a, v, "jar", Path.of(required("standalone." + a + ".jar")));
        }
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
}
