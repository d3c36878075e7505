package dev.orrery.testkit.paxexam;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.ops4j.pax.exam.TestProbeBuilder;
import org.osgi.framework.Constants;

/**
 * Sets the Pax Exam probe's {@code DynamicImport-Package} to the platform's packages instead of
 * Pax Exam's {@code *}, so the probe never wires to a package of the plugin under test (see
 * {@link dev.orrery.testkit.osgi.ProbeTrap}).
 *
 * @since 0.1
 */
public final class ProbeIsolation {
    /**
     * What a plugin test may use: the JDK's non-{@code java.*} packages, JUnit and Hamcrest, Pax Exam,
     * the OSGi API, the Orrery API (scheduler, world, host, prefabs) and this kit.
     */
    public static final List<String> PLATFORM_PACKAGES = List.of(
            "javax.*", "org.w3c.*", "org.xml.*",
            "org.junit", "org.junit.*", "junit.*", "org.hamcrest", "org.hamcrest.*",
            "org.ops4j.pax.exam", "org.ops4j.pax.exam.*",
            "org.osgi.framework", "org.osgi.framework.*", "org.osgi.util.tracker", "org.osgi.service.*",
            "dev.orrery.schedule", "dev.orrery.world", "dev.orrery.host",
            "dev.orrery.plugin.prefab", "dev.orrery.plugin.devtools",
            "dev.orrery.testkit", "dev.orrery.testkit.*");

    private ProbeIsolation() {
    }

    /**
     * @param probe Pax Exam's probe builder
     * @param extraPackages more packages the probe may wire to (e.g. a model bundle's API; never the
     *     plugin under test's, or its updates and uninstalls fail with the probe-trap message); a
     *     trailing {@code .*} takes the sub-packages
     * @return the probe builder, with {@code DynamicImport-Package} set
     * @throws IllegalArgumentException if an extra package is {@code *}, which is the trap itself
     */
    public static TestProbeBuilder isolate(TestProbeBuilder probe, String... extraPackages) {
        Objects.requireNonNull(probe, "ProbeIsolation.isolate: probe");
        return probe.setHeader(Constants.DYNAMICIMPORT_PACKAGE, dynamicImports(extraPackages));
    }

    /**
     * @param extraPackages as for {@link #isolate}
     * @return the header value: the platform packages and the extra ones, comma-separated
     * @throws IllegalArgumentException if an extra package is {@code *} or blank
     */
    public static String dynamicImports(String... extraPackages) {
        List<String> all = new ArrayList<>(PLATFORM_PACKAGES);
        for (String p : Arrays.asList(extraPackages)) {
            if (p == null || p.isBlank() || p.trim().equals("*")) {
                throw new IllegalArgumentException("probe imports: '" + p + "' is not a package name;"
                        + " '*' would wire the probe to the plugin under test (the probe trap)");
            }
            all.add(p.trim());
        }
        return String.join(",", all);
    }
}
