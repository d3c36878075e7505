package dev.orrery.host.itest;

import dev.orrery.host.GameHost;
import dev.orrery.plugin.prefab.Prefab;
import dev.orrery.schedule.Plugin;
import dev.orrery.testkit.paxexam.TestBundle;
import dev.orrery.testsupport.soak.SoakProbe;
import java.io.File;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The small test bundles, built with the kit's {@link TestBundle} from this module's test classes on
 * first use in the JVM (driver side): each plugin bundle holds one package of {@code ...itest.plugins}
 * as a private package; the support bundle exports {@code ...itest.support}. They are written to
 * {@code target/itest-bundles-<fork number>/<name>.jar} (system property {@code orrery.itest.bundleDir}), where the
 * tests in the container find them by name (the native container runs in the same JVM).
 */
final class Bundles {
    private static final String PLUGINS = "dev.orrery.host.itest.plugins.";
    private static final Map<String, File> BUILT = new ConcurrentHashMap<>();

    private Bundles() {
    }

    /** @return {@code target/itest-bundles-<fork number>}: one folder per test JVM */
    static File dir() {
        String v = System.getProperty("orrery.itest.bundleDir");
        if (v == null || v.isEmpty()) {
            throw new IllegalStateException("system property orrery.itest.bundleDir is not set (run through mvn verify)");
        }
        return new File(v);
    }

    /** @return the file of the test bundle {@code name} */
    static File file(String name) {
        return new File(dir(), name + ".jar");
    }

    /** @return the support bundle (exports the shared Trace trait and phases, and the soak probe's trait), built */
    static File support() {
        return build("itest.support", "itest.support", "1.0.0", null, "dev.orrery.host.itest.support");
    }

    /**
     * @return orrery-test-support's bundle (the soak probe, the collection wait), from system property
     *     {@code orrery.itest.testSupportJar}
     */
    static File testSupport() {
        String v = System.getProperty("orrery.itest.testSupportJar");
        if (v == null || v.isEmpty()) {
            throw new IllegalStateException("system property orrery.itest.testSupportJar is not set (run through mvn verify)");
        }
        return new File(v);
    }

    /** Builds every bundle the tests install. */
    static void buildAll() {
        support();
        build("upd-v1", "itest.upd", "1.0.0", PLUGINS + "updv1", null);
        build("upd-v2", "itest.upd", "2.0.0", PLUGINS + "updv2", null);
        build("leaky-v1", "itest.leaky", "1.0.0", PLUGINS + "leaky", null);
        build("leaky-v2", "itest.leaky", "2.0.0", PLUGINS + "leaky", null);
        build("keeper-v1", "itest.keeper", "1.0.0", PLUGINS + "keeper", null);
        build("keeper-v2", "itest.keeper", "2.0.0", PLUGINS + "keeper", null);
        build("soak-v1", "itest.soak", "1.0.0", PLUGINS + "soak", null);
        build("soak-v2", "itest.soak", "2.0.0", PLUGINS + "soak", null);
        String[][] plugins = {{"alpha", "alpha"}, {"ordera", "ordera"}, {"orderb", "orderb"}, {"cyclic", "cyclic"},
            {"lost", "lost"}, {"good", "good"}, {"dup", "dup"}, {"exporter", "exporter"}, {"needer", "needer"},
            {"broken", "broken"}, {"boom", "boom"}, {"turnrules", "turnrules"}, {"turnclock", "turnclock"},
            {"fault", "fault"}, {"zzz-old", "zzzold"}, {"aaa-new", "aaanew"}, {"set-core", "setcore"},
            {"zzz-innocent", "innocent"}, {"aaa-culprit", "culprit"}, {"starter", "starter"},
            {"soak-clock", "soakclock"}, {"usehost", "usehost"}, {"slowctor", "slowctor"}, {"throwctor", "throwctor"},
            {"needsmissing", "needsmissing"}, {"messenger", "messenger"}, {"forgotten", "forgotten"}, {"statics", "statics"},
            {"parker", "parker"}};
        for (String[] p : plugins) {
            build(p[0], "itest." + p[0], "1.0.0", PLUGINS + p[1], null);
        }
        for (int i = 0; i < 10; i++) {
            build("n" + i, "itest.n" + i, "1.0.0", PLUGINS + "numbered", null);
        }
        // The only exporter of the package itest.needsmissing imports.
        build("missing", "itest.missing", "1.0.0", null, "dev.orrery.host.itest.missing");
        // A plugin bundle that embeds its own copy of the scheduler API instead of importing it (with the
        // ASM classes the scheduler bundle embeds privately for its generated dispatcher).
        build("foreign", "itest.foreign", "1.0.0", PLUGINS + "foreign,dev.orrery.schedule,dev.orrery.schedule.*,org.objectweb.asm", null);
    }

    private static File build(String name, String bsn, String version, String privatePackages, String exportPackages) {
        return BUILT.computeIfAbsent(name, n -> {
            TestBundle.Builder b = TestBundle.builder(bsn).version(version)
                    .classpathOf(Bundles.class, Plugin.class, GameHost.class, Prefab.class, SoakProbe.class);
            if (privatePackages != null) {
                b.privatePackages(privatePackages.split(","));
            }
            if (exportPackages != null) {
                b.exportPackages(exportPackages.split(","));
            }
            return b.build().writeTo(file(n));
        });
    }
}
