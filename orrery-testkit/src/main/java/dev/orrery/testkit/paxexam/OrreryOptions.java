package dev.orrery.testkit.paxexam;

import static org.ops4j.pax.exam.CoreOptions.bundle;
import static org.ops4j.pax.exam.CoreOptions.cleanCaches;
import static org.ops4j.pax.exam.CoreOptions.composite;
import static org.ops4j.pax.exam.CoreOptions.frameworkProperty;
import static org.ops4j.pax.exam.CoreOptions.junitBundles;
import static org.ops4j.pax.exam.CoreOptions.mavenBundle;
import static org.ops4j.pax.exam.CoreOptions.options;
import static org.ops4j.pax.exam.CoreOptions.systemProperty;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import org.ops4j.pax.exam.Option;

/**
 * The Pax Exam options of a plugin test (driver side): the platform in one call, the plugin under test
 * in one more.
 *
 * <p>{@link #platform()} is Felix (Pax Exam's native container) with SCR, ConfigAdmin, the Orrery
 * scheduler (with Jackson's core, CBOR, databind and annotations bundles, so {@code GameHost.save} and {@code load} work), host
 * and prefab bundles, this kit, and a host in headless fixed-step mode (dt 0.25 s)
 * that starts paused, so a test advances it frame by frame ({@code HostDriver.step}); host rebuilds
 * coalesce over 50 ms (at most 500 ms). Pax Exam's log is set to WARN.
 *
 * <p><b>Where the bundles come from.</b> By Maven coordinates from the local repository (the kit's own
 * dependencies put them there; the versions are the BOM's, built into the kit), through pax-url-aether
 * with no remote repository: the tests run offline. Set {@code org.ops4j.pax.url.mvn.localRepository}
 * to {@code ${settings.localRepository}} in failsafe's system properties when the build uses another
 * local repository than {@code ~/.m2/repository}. A system property
 * {@code orrery.testkit.bundle.<artifactId>} (a jar path) overrides one Orrery bundle, for builds
 * inside the Orrery reactor where they are not installed yet.
 *
 * @since 0.1
 */
public final class OrreryOptions {
    /** System property: the path of the plugin under test's bundle jar (set in the plugin's POM). */
    public static final String PLUGIN_PROPERTY = "orrery.testkit.plugin";

    /** System property prefix: {@code orrery.testkit.bundle.<artifactId>} is a jar path for that Orrery bundle. */
    public static final String BUNDLE_PROPERTY_PREFIX = "orrery.testkit.bundle.";

    private static final String MVN_REPOSITORIES = "org.ops4j.pax.url.mvn.repositories";

    private OrreryOptions() {
    }

    /**
     * @return the platform's options and the plugin under test ({@link #pluginUnderTest()}): what most
     *     plugin tests return from their {@code @Configuration} method
     * @throws IllegalStateException if {@value #PLUGIN_PROPERTY} is not set or names no file
     */
    public static Option[] withPluginUnderTest() {
        return options(platform(), pluginUnderTest());
    }

    /**
     * @return the platform: Felix, SCR, ConfigAdmin, Jackson (core, CBOR), scheduler, host, prefabs, this kit, a paused
     *     fixed-step host (dt 0.25 s), JUnit bundles, Pax Exam's log at WARN
     */
    public static Option platform() {
        return platform(PlatformOptions.defaults());
    }

    /**
     * The platform with other settings than the defaults: rebuild coalescing, no prefabs, pax-logging's
     * level for framework events, a folder watched by Felix FileInstall.
     *
     * @param settings the settings, see {@link PlatformOptions}
     * @return the platform as {@link #platform()} describes it, with these settings
     * @throws NullPointerException if settings is null
     */
    public static Option platform(PlatformOptions settings) {
        Objects.requireNonNull(settings, "OrreryOptions.platform: settings");
        offlineMavenResolution();
        Properties v = versions();
        List<Option> o = new ArrayList<>();
        o.add(cleanCaches());
        o.add(systemProperty("org.ops4j.pax.logging.DefaultServiceLog.level").value("WARN"));
        if (settings.frameworkEventsLogLevel() != null) {
            o.add(systemProperty("org.ops4j.pax.logging.service.frameworkEventsLogLevel")
                    .value(settings.frameworkEventsLogLevel()));
        }
        o.add(frameworkProperty("orrery.host.mode").value("fixed"));
        o.add(frameworkProperty("orrery.host.fixedDt").value("0.25"));
        o.add(frameworkProperty("orrery.host.rate").value("0"));
        o.add(frameworkProperty("orrery.host.startPaused").value("true"));
        o.add(frameworkProperty("orrery.host.quietMillis").value(String.valueOf(settings.quietMillis())));
        o.add(frameworkProperty("orrery.host.maxDelayMillis").value(String.valueOf(settings.maxDelayMillis())));
        if (settings.watchedFolder() != null) {
            // First, so the host bundle resolves with its optional import of FileInstall wired.
            o.add(mavenBundle("org.apache.felix", "org.apache.felix.fileinstall", v.getProperty("org.apache.felix.fileinstall")));
            o.add(frameworkProperty("felix.fileinstall.dir").value(settings.watchedFolder().getAbsolutePath()));
            o.add(frameworkProperty("felix.fileinstall.poll").value("50"));
            o.add(frameworkProperty("felix.fileinstall.noInitialDelay").value("true"));
        }
        o.add(junitBundles());
        o.add(mavenBundle("org.osgi", "org.osgi.util.function", v.getProperty("org.osgi.util.function")));
        o.add(mavenBundle("org.osgi", "org.osgi.util.promise", v.getProperty("org.osgi.util.promise")));
        o.add(mavenBundle("org.osgi", "org.osgi.service.component", v.getProperty("org.osgi.service.component")));
        o.add(mavenBundle("org.apache.felix", "org.apache.felix.scr", v.getProperty("org.apache.felix.scr")));
        o.add(mavenBundle("org.apache.felix", "org.apache.felix.configadmin", v.getProperty("org.apache.felix.configadmin")));
        // Jackson before the scheduler, so its optional imports of the snapshot formats are wired (GameHost.save)
        o.add(mavenBundle("com.fasterxml.jackson.core", "jackson-core", v.getProperty("jackson")));
        o.add(mavenBundle("com.fasterxml.jackson.dataformat", "jackson-dataformat-cbor", v.getProperty("jackson")));
        o.add(mavenBundle("com.fasterxml.jackson.core", "jackson-databind", v.getProperty("jackson")));
        o.add(mavenBundle("com.fasterxml.jackson.core", "jackson-annotations", v.getProperty("jackson.annotations")));
        o.add(orrery("scheduler-bundle", v));
        o.add(orrery("host-core", v));
        o.add(orrery("host-osgi", v));
        if (settings.prefabs()) {
            o.add(orrery("plugin-prefab", v));
        }
        o.add(orrery("orrery-testkit", v));
        return composite(o.toArray(new Option[0]));
    }

    /**
     * @return the devtools bundle (schedule introspection, timings hooks); optional, needs Gogo for its
     *     shell commands
     */
    public static Option devtools() {
        return orrery("plugin-devtools", versions());
    }

    /**
     * @return the plugin under test, from the jar named by the system property {@value #PLUGIN_PROPERTY}
     *     (the plugin's POM sets it to {@code ${project.build.directory}/${project.build.finalName}.jar})
     * @throws IllegalStateException if the property is not set or names no file; the message says how
     *     to set it
     */
    public static Option pluginUnderTest() {
        String path = System.getProperty(PLUGIN_PROPERTY);
        if (path == null || path.isBlank()) {
            throw new IllegalStateException("system property " + PLUGIN_PROPERTY + " is not set: set it in failsafe's"
                    + " systemPropertyVariables to ${project.build.directory}/${project.build.finalName}.jar"
                    + " and run the test with mvn verify");
        }
        return plugin(new File(path));
    }

    /**
     * @param jar a plugin bundle file
     * @return an option that installs and starts it
     * @throws IllegalStateException if the file does not exist (the message names it)
     */
    public static Option plugin(File jar) {
        Objects.requireNonNull(jar, "OrreryOptions.plugin: jar");
        if (!jar.isFile()) {
            throw new IllegalStateException("plugin bundle " + jar + " does not exist: build it first (mvn verify runs"
                    + " Pax Exam tests after package)");
        }
        return bundle(jar.toURI().toString());
    }

    /**
     * @param groupId the plugin's group id
     * @param artifactId its artifact id
     * @param version its version
     * @return an option that installs and starts that plugin bundle from the local repository
     */
    public static Option plugin(String groupId, String artifactId, String version) {
        offlineMavenResolution();
        return mavenBundle(groupId, artifactId, version);
    }

    private static Option orrery(String artifactId, Properties versions) {
        String path = System.getProperty(BUNDLE_PROPERTY_PREFIX + artifactId);
        if (path != null && !path.isBlank()) {
            File jar = new File(path);
            if (!jar.isFile()) {
                throw new IllegalStateException("system property " + BUNDLE_PROPERTY_PREFIX + artifactId + " names "
                        + jar + ", which does not exist");
            }
            return bundle(jar.toURI().toString());
        }
        return mavenBundle("dev.orrery", artifactId, versions.getProperty("orrery"));
    }

    /** pax-url-aether (driver side): the local repository only, unless the build says otherwise. */
    private static void offlineMavenResolution() {
        if (System.getProperty(MVN_REPOSITORIES) == null) {
            System.setProperty(MVN_REPOSITORIES, "");
            System.setProperty("org.ops4j.pax.url.mvn.useFallbackRepositories", "false");
        }
    }

    private static Properties versions() {
        Properties p = new Properties();
        try (InputStream in = OrreryOptions.class.getResourceAsStream("platform.properties")) {
            if (in == null) {
                throw new IllegalStateException("orrery-testkit: platform.properties is missing from the kit's jar");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("orrery-testkit: cannot read platform.properties", e);
        }
        return p;
    }
}
