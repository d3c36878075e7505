package dev.orrery.host.jpms;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.testsupport.soak.SoakProbe;
import java.lang.module.Configuration;
import java.lang.module.ModuleFinder;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The hot-plug soak harness in JPMS mode: the figures of host-itests' {@code HotPlugSoak} for a host
 * whose plugins are module jars in a watched {@code plugins/} folder. The work is
 * {@link JpmsSoakRun}'s; this class defines the platform layer from the built platform jars (system
 * property {@code soak.platform}: the scheduler, the host and the prefabs, as the launcher defines it
 * from the distribution) and runs {@link JpmsSoakRun} with this module's classes in a class loader over
 * that layer's, so they link against the platform modules' classes.
 *
 * <p>Not a unit test: run by the {@code soak} profile only, after {@code package} (it needs the built
 * jars), e.g. {@code mvn -B -o -pl host-jpms -am verify -Psoak -Dsoak.cycles=240 -Dtest=NONE
 * -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=JpmsHotPlugSoak -Dfailsafe.failIfNoSpecifiedTests=false}.
 * Skipped unless {@code soak.cycles} is set (the profile sets it), so that a {@code -Dtest} pattern
 * that matches it in the unit tests does not start it. System properties: {@code soak.cycles} (the
 * profile's default 100), {@code soak.idleSeconds} (default 30; a control
 * period with no plug events before the cycles), {@code soak.enforce=true} (fail when a target is
 * missed: 0 frames lost, departure within 1 frame, replace → new code p95 within quietMillis + the
 * folder watch's quiet time + its poll period + 1 frame, 0 retained class loaders),
 * {@code orrery.jpms.quietMillis} / {@code orrery.jpms.pollMillis} (the folder watch, as in JPMS mode).
 * The report is printed and written to {@code target/jpms-soak-report.txt}.
 */
class JpmsHotPlugSoak {
    /** The platform modules the soak loads: those of OSGi mode's soak (no devtools, no web console). */
    private static final List<String> PLATFORM_MODULES = List.of("dev.orrery.scheduler", "dev.orrery.host",
            "dev.orrery.plugin.prefab");

    @Test
    void addReplaceDeleteCyclesAtSixtyHertz() throws Exception {
        // Opt-in: a -Dtest pattern such as dev.orrery.host.jpms.** would otherwise pick it up in surefire
        Assumptions.assumeTrue(System.getProperty("soak.cycles") != null,
                "the JPMS soak runs only with -Dsoak.cycles (set by the soak profile)");
        Path target = Path.of(System.getProperty("soak.target", "target")).toAbsolutePath();
        Path work = target.resolve("jpms-soak");
        delete(work);
        Files.createDirectories(work);
        List<Path> jars = new ArrayList<>();
        for (String jar : System.getProperty("soak.platform", "").split(",")) {
            Path p = Path.of(jar.trim());
            assertTrue(Files.isRegularFile(p), "platform jar " + p + " is missing: run after package (mvn verify -Psoak)");
            jars.add(p);
        }
        Configuration cf = ModuleLayer.boot().configuration().resolve(ModuleFinder.of(jars.toArray(Path[]::new)),
                ModuleFinder.of(), PLATFORM_MODULES);
        ModuleLayer platform = ModuleLayer.boot().defineModulesWithOneLoader(cf, ClassLoader.getPlatformClassLoader());

        URL[] front = {
            JpmsMain.class.getProtectionDomain().getCodeSource().getLocation(), // the front end's classes
            JpmsHotPlugSoak.class.getProtectionDomain().getCodeSource().getLocation(), // the harness
            SoakProbe.class.getProtectionDomain().getCodeSource().getLocation() // its probe, statistics and log capture
        };
        Map<String, Object> result;
        try (URLClassLoader loader = new URLClassLoader("soak-jpms-front-end", front,
                platform.findLoader(PLATFORM_MODULES.get(0)))) {
            @SuppressWarnings("unchecked")
            Map<String, Object> r = (Map<String, Object>) loader.loadClass(JpmsSoakRun.class.getName())
                    .getMethod("run", ModuleLayer.class, Path.class, Map.class)
                    .invoke(null, platform, work, Map.of("cycles", System.getProperty("soak.cycles", "100"),
                            "idleSeconds", System.getProperty("soak.idleSeconds", "30")));
            result = r;
        }
        String report = (String) result.get("report");
        System.out.println(report);
        Files.writeString(target.resolve("jpms-soak-report.txt"), report + "\n", StandardCharsets.UTF_8);
        if (Boolean.getBoolean("soak.enforce")) {
            long lost = (Long) result.get("lost");
            long departure = (Long) result.get("departureMax");
            double p95 = (Double) result.get("updateP95");
            double p95Target = (Double) result.get("updateTarget");
            long retained = (Long) result.get("retainedLoaders");
            assertTrue(lost == 0, "frames lost: " + lost);
            assertTrue(departure <= 1, "departure took " + departure + " frames");
            assertTrue(p95 <= p95Target, "replace p95 " + p95 + " ms > " + p95Target);
            assertTrue(retained == 0, "retained class loaders: " + retained);
        }
    }

    private static void delete(Path dir) throws java.io.IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) all.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }
}
