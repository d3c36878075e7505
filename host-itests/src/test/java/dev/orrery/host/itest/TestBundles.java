package dev.orrery.host.itest;

import aQute.bnd.osgi.Builder;
import aQute.bnd.osgi.Jar;
import java.io.File;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Builds the small test bundles from this module's test classes with bnd (driver side only, before
 * the container starts): each plugin bundle holds one package of {@code ...itest.plugins} as a
 * private package, with its DS descriptor generated from the {@code @Component} annotations; the
 * support bundle exports {@code ...itest.support}. Nothing is checked in: the jars are written to
 * {@code target/itest-bundles} on first use in this JVM.
 */
final class TestBundles {
    private static final String PLUGINS = "dev.orrery.host.itest.plugins.";
    private static final Map<String, String> BUILT = new ConcurrentHashMap<>();

    private TestBundles() {
    }

    /** @return the location of the support bundle (exports the shared Trace trait and phases) */
    static String support() {
        return build("itest.support", "itest.support", "1.0.0", null, "dev.orrery.host.itest.support");
    }

    /** Builds every plugin bundle the tests install. */
    static void all() {
        plugin("alpha", "alpha");
        build("upd-v1", "itest.upd", "1.0.0", PLUGINS + "updv1", null);
        build("upd-v2", "itest.upd", "2.0.0", PLUGINS + "updv2", null);
        build("leaky-v1", "itest.leaky", "1.0.0", PLUGINS + "leaky", null);
        build("leaky-v2", "itest.leaky", "2.0.0", PLUGINS + "leaky", null);
        for (String p : new String[] {"ordera", "orderb", "cyclic", "lost", "good", "dup", "exporter", "needer",
                "broken", "boom", "turnrules", "turnclock", "fault"}) {
            plugin(p, p);
        }
        plugin("zzz-old", "zzzold");
        plugin("aaa-new", "aaanew");
        plugin("set-core", "setcore");
        plugin("zzz-innocent", "innocent");
        plugin("aaa-culprit", "culprit");
        plugin("starter", "starter");
        plugin("soak-clock", "soakclock");
        build("soak-v1", "itest.soak", "1.0.0", PLUGINS + "soak", null);
        build("soak-v2", "itest.soak", "2.0.0", PLUGINS + "soak", null);
        for (int i = 0; i < 10; i++) {
            plugin("n" + i, "numbered");
        }
        plugin("usehost", "usehost");
        // A plugin bundle that embeds its own copy of the scheduler API instead of importing it.
        build("foreign", "itest.foreign", "1.0.0", PLUGINS + "foreign,dev.orrery.schedule,dev.orrery.schedule.*", null);
    }

    /**
     * @param name the bundle file name; its symbolic name is {@code itest.<name>}
     * @param pluginPackage the package under {@code ...itest.plugins} holding its component
     * @return the bundle's location ({@code file:} URL)
     */
    static String plugin(String name, String pluginPackage) {
        return build(name, "itest." + name, "1.0.0", PLUGINS + pluginPackage, null);
    }

    private static String build(String name, String bsn, String version, String privatePackage,
                                String exportPackage) {
        return BUILT.computeIfAbsent(name, n -> {
            File out = BundleFiles.file(n);
            out.getParentFile().mkdirs();
            try (Builder b = new Builder()) {
                b.setProperty("Bundle-SymbolicName", bsn);
                b.setProperty("Bundle-Version", version);
                if (privatePackage != null) {
                    b.setProperty("Private-Package", privatePackage);
                }
                if (exportPackage != null) {
                    b.setProperty("Export-Package", exportPackage);
                }
                b.setProperty("-dsannotations", "*");
                b.setProperty("-noextraheaders", "true");
                b.addClasspath(new File(BundleFiles.required("orrery.itest.testClasses")));
                b.addClasspath(new File(BundleFiles.required("orrery.itest.scheduler")));
                b.addClasspath(new File(BundleFiles.required("orrery.itest.hostCore")));
                b.addClasspath(new File(BundleFiles.required("orrery.itest.prefab")));
                Jar jar = b.build();
                if (!b.isOk()) {
                    throw new IllegalStateException("bnd could not build test bundle " + n + ": " + b.getErrors());
                }
                jar.write(out);
                return out.toURI().toString();
            } catch (Exception e) {
                throw new IllegalStateException("cannot build test bundle " + n + ": " + e, e);
            }
        });
    }
}
