package dev.orrery.archetype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.testsupport.maven.OfflineBuild;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * End to end, as a plugin author: {@code mvn archetype:generate} from this build's archetype, then
 * {@code mvn -o verify} of the generated project, both offline against a private local repository
 * ({@code target/e2e/repository}), never the shared one.
 *
 * <p>That repository ({@link OfflineBuild}) gets this reactor's artifacts (BOM, parent, scheduler, host,
 * prefabs, test kit, archetype) copied in; everything else (Maven plugins, Felix, Pax Exam, JUnit) is
 * read from the build's own local repository.
 */
class GeneratedProjectIT {
    private static final long MAVEN_TIMEOUT_SECONDS = 300;
    private static final String GROUP = "com.example.game";
    private static final String ARTIFACT = "score-plugin";
    private static final String PACKAGE = "com.example.game.score";

    @Test
    void theGeneratedPluginProjectBuildsAndPassesItsUnitAndPaxExamTestsOffline() throws Exception {
        Path work = Path.of(required("e2e.workDir"));
        // Third-party artifacts copied by an earlier run (same target/) are kept; the reactor's and the
        // generated project are always fresh.
        OfflineBuild maven = OfflineBuild.prepare(Path.of(required("e2e.mavenHome")), work,
                Path.of(required("e2e.outerRepository")), MAVEN_TIMEOUT_SECONDS);
        OfflineBuild.deleteTree(work.resolve("projects"));
        installReactorArtifacts(maven);

        Path projects = Files.createDirectories(work.resolve("projects"));
        String version = required("e2e.version");
        maven.run(projects, work.resolve("generate.log"), List.of(
                "org.apache.maven.plugins:maven-archetype-plugin:3.3.1:generate",
                "-DinteractiveMode=false", "-DarchetypeCatalog=local",
                "-DarchetypeGroupId=dev.orrery", "-DarchetypeArtifactId=orrery-plugin-archetype",
                "-DarchetypeVersion=" + version,
                "-DgroupId=" + GROUP, "-DartifactId=" + ARTIFACT, "-Dversion=1.0.0-SNAPSHOT",
                "-Dpackage=" + PACKAGE, "-DpluginName=score"));
        Path project = projects.resolve(ARTIFACT);
        assertTrue(Files.isRegularFile(project.resolve("src/main/java/com/example/game/score/GamePluginComponent.java")),
                "the archetype generated no component in " + project);
        String pom = Files.readString(project.resolve("pom.xml"));
        assertTrue(pom.contains("<orrery.version>" + version + "</orrery.version>"), "the BOM version: " + pom);

        maven.run(project, work.resolve("verify.log"), List.of("verify"));

        Path jar = project.resolve("target/" + ARTIFACT + "-1.0.0-SNAPSHOT.jar");
        assertTrue(Files.isRegularFile(jar), "no plugin jar: " + jar);
        assertEquals(new Counts(2, 0), counts(project.resolve("target/surefire-reports"), "GamePluginTest"));
        assertEquals(new Counts(1, 0), counts(project.resolve("target/failsafe-reports"), "GamePluginIT"),
                "the Pax Exam test (the score across an update and a reinstall) must run (junit-vintage-engine) and pass");
        assertTrue(moduleOf(jar).isOpen(), "the generated module must be open, or TraitCodec.of cannot read the"
                + " persistent Score record on the module path: " + moduleOf(jar));
    }

    /** @return the descriptor of the jar's module-info.class, which bnd generates (-jpms-module-info) */
    private static ModuleDescriptor moduleOf(Path jar) throws IOException {
        try (JarFile j = new JarFile(jar.toFile()); InputStream in = j.getInputStream(j.getEntry("module-info.class"))) {
            return ModuleDescriptor.read(in);
        }
    }

    /** Tests run and failures+errors of one test class, from its JUnit XML report. */
    record Counts(int tests, int failed) {
    }

    private static Counts counts(Path reports, String simpleClassName) throws IOException {
        Path xml = reports.resolve("TEST-" + PACKAGE + "." + simpleClassName + ".xml");
        assertTrue(Files.isRegularFile(xml), "no test report " + xml + " (the test did not run)");
        String head = Files.readString(xml);
        return new Counts(OfflineBuild.suiteAttribute(head, "tests"),
                OfflineBuild.suiteAttribute(head, "failures") + OfflineBuild.suiteAttribute(head, "errors"));
    }

    private static void installReactorArtifacts(OfflineBuild maven) throws IOException {
        String v = required("e2e.version");
        maven.place("orrery-bom", v, "pom", Path.of(required("e2e.bom.pom")));
        maven.place("orrery-parent", v, "pom", Path.of(required("e2e.parent.pom")));
        for (String a : List.of("scheduler-bundle", "host-core", "host-osgi", "plugin-prefab", "orrery-testkit")) {
            maven.place(a, v, "pom", Path.of(required("e2e." + a + ".pom")));
            maven.place(a, v, "jar", Path.of(required("e2e." + a + ".jar")));
        }
        maven.place("orrery-plugin-archetype", v, "pom", Path.of(required("e2e.archetype.pom")));
        maven.place("orrery-plugin-archetype", v, "jar", Path.of(required("e2e.archetype.jar")));
    }

    private static String required(String property) {
        String v = System.getProperty(property);
        if (v == null || v.isBlank()) {
            throw new IllegalStateException("system property " + property + " is not set (run through mvn verify)");
        }
        return v;
    }
}
