package dev.orrery.testkit.osgi;

import java.util.ArrayList;
import java.util.List;
import org.osgi.framework.Bundle;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.framework.namespace.PackageNamespace;

/**
 * The probe-wiring trap, and the check that keeps a test out of it.
 *
 * <p><b>The trap.</b> Pax Exam puts the test classes in a probe bundle whose manifest says
 * {@code DynamicImport-Package: *}. When a test method touches a class of a package the plugin under
 * test exports, the framework wires the probe to the plugin's bundle revision (OSGi Core R8, Module
 * Layer, "Dynamic Import Package"). After {@code uninstall()} or {@code update()} that old revision
 * stays in use by the probe (it is "removal pending", see
 * {@code FrameworkWiring.getRemovalPendingBundles}): the plugin's class loader, its classes and every
 * object of them in the world stay alive, nothing is purged, and a refresh of the plugin would also
 * refresh, and so stop, the probe running the test. Correct OSGi behaviour, and a test that looks like
 * a leak.
 *
 * <p><b>The way out.</b> The kit's probe ({@code dev.orrery.testkit.paxexam.OrreryPluginTest}) imports
 * dynamically only the platform's packages (JUnit, Pax Exam, OSGi, the Orrery API and the kit), not
 * {@code *}: tests see the plugin through the host (plugin names, statuses, rebuilds, log lines) and
 * through world traits read by name ({@link HostDriver#worldValue(String)}), and state shared with tests
 * lives in a model bundle that is not updated. A test that must use the plugin's classes opts in for
 * those packages, and then {@link HostDriver#uninstall(Bundle)} and {@link HostDriver#update} fail
 * fast, naming the wired packages, instead of letting the test pass for the wrong reason.
 *
 * <p><b>In-framework JUnit 5 tests (bnd's testing plugin).</b> There the test classes are a bundle
 * that bnd builds with a plain {@code Import-Package} computed from the classes they use, and no
 * {@code DynamicImport-Package}: the tests bundle is wired to a plugin only if a test names one of the
 * plugin's classes. The same rules and the same check apply; {@link HostDriver#of} makes the tests
 * bundle the bundle checked.
 *
 * @since 0.1
 */
public final class ProbeTrap {
    private ProbeTrap() {
    }

    /**
     * @param plugin a plugin bundle about to be uninstalled or updated
     * @param probe the bundle running the test (the Pax Exam probe)
     * @return the packages of {@code plugin} that {@code probe} is wired to; empty if none (or if the
     *     plugin is not resolved)
     */
    public static List<String> packagesWired(Bundle plugin, Bundle probe) {
        List<String> out = new ArrayList<>();
        BundleWiring wiring = plugin.adapt(BundleWiring.class);
        if (wiring == null || probe == null) {
            return out;
        }
        List<BundleWire> wires = wiring.getProvidedWires(PackageNamespace.PACKAGE_NAMESPACE);
        if (wires == null) {
            return out;
        }
        for (BundleWire w : wires) {
            if (w.getRequirer().getBundle().getBundleId() == probe.getBundleId()) {
                out.add(String.valueOf(w.getCapability().getAttributes().get(PackageNamespace.PACKAGE_NAMESPACE)));
            }
        }
        return out;
    }

    /**
     * @param plugin a plugin bundle about to be uninstalled or updated
     * @param probe the bundle running the test
     * @param action what the test is about to do ("uninstall", "update"), for the message
     * @throws AssertionError if the probe is wired to a package of the plugin; the message names the
     *     bundle, the packages and the way out
     */
    public static void check(Bundle plugin, Bundle probe, String action) {
        List<String> wired = packagesWired(plugin, probe);
        if (!wired.isEmpty()) {
            throw new AssertionError("probe trap: the test bundle " + probe.getSymbolicName() + " is wired to packages "
                    + wired + " of plugin bundle " + plugin.getSymbolicName() + " " + plugin.getVersion()
                    + ", so after " + action + " its old code would stay loaded and nothing would be purged."
                    + " Do not use the plugin's classes in the test: read world traits by name"
                    + " (HostDriver.worldValue) or keep shared types in a model bundle; see"
                    + " dev.orrery.testkit.osgi.ProbeTrap");
        }
    }
}
