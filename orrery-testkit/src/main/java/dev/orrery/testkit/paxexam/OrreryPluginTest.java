package dev.orrery.testkit.paxexam;

import dev.orrery.host.GameHost;
import dev.orrery.testkit.osgi.HostDriver;
import javax.inject.Inject;
import org.ops4j.pax.exam.ProbeBuilder;
import org.ops4j.pax.exam.TestProbeBuilder;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkUtil;

/**
 * Base class of a plugin's Pax Exam test: the host and the bundle context are injected, {@link #host()}
 * gives a {@link HostDriver}, and the probe imports only the platform's packages
 * ({@link ProbeIsolation}), so installing, updating and uninstalling the plugin behaves as in a real
 * host. A whole test class:
 *
 * <pre>{@code
 * @RunWith(PaxExam.class)
 * public class MyPluginIT extends OrreryPluginTest {
 *     @Configuration
 *     public Option[] config() {
 *         return OrreryOptions.withPluginUnderTest();
 *     }
 *
 *     @Test
 *     public void runsInTheHost() {
 *         host().awaitPlugin("my", PluginState.ACTIVE);
 *         host().step(4);
 *         assertEquals("4", host().worldValue("my/frames").orElseThrow().toString());
 *     }
 * }
 * }</pre>
 *
 * @since 0.1
 */
public abstract class OrreryPluginTest {
    /** Injected by Pax Exam: the probe's bundle context. */
    @Inject
    protected BundleContext context;

    /** Injected by Pax Exam once the host service is registered. */
    @Inject
    protected GameHost gameHost;

    /**
     * Pax Exam calls this on the driver side when it builds the probe.
     *
     * @param probe the probe builder
     * @return the probe builder with {@code DynamicImport-Package} limited to the platform's packages
     *     and {@link #probeImports()}, and {@code Import-Package} set to {@link #probeSharedPackages()}
     *     if there are any
     */
    @ProbeBuilder
    public TestProbeBuilder isolatedProbe(TestProbeBuilder probe) {
        String[] shared = probeSharedPackages();
        if (shared.length > 0) {
            probe.setHeader(Constants.IMPORT_PACKAGE, String.join(",", shared));
        }
        return ProbeIsolation.isolate(probe, probeImports());
    }

    /**
     * Override when the test shares types with bundles built from the test classes
     * ({@link TestBundle}): the probe holds copies of every test class, and a dynamic import comes
     * after the probe's own classes, so without a static import the test would use its own copy of,
     * say, a world trait, and the plugins another. These packages are imported
     * ({@code Import-Package}), so the exporting bundle's classes win. Never the plugin under test's
     * packages: see {@link dev.orrery.testkit.osgi.ProbeTrap}.
     *
     * <p>Beyond the spec (Orrery's own).
     *
     * @return package names some installed bundle exports; none by default
     */
    protected String[] probeSharedPackages() {
        return new String[0];
    }

    /**
     * Override to let the probe use more packages, such as a model bundle's API. Never the plugin under
     * test's packages: see {@link dev.orrery.testkit.osgi.ProbeTrap}.
     *
     * @return extra package names (a trailing {@code .*} takes the sub-packages); none by default
     */
    protected String[] probeImports() {
        return new String[0];
    }

    /** @return a driver of the injected host, waiting at most {@link HostDriver#DEFAULT_TIMEOUT} */
    protected HostDriver host() {
        return new HostDriver(context, gameHost, probe(), HostDriver.DEFAULT_TIMEOUT);
    }

    /**
     * @return the probe: the bundle that holds the test classes (not necessarily the bundle of the
     *     injected context)
     */
    protected Bundle probe() {
        return FrameworkUtil.getBundle(getClass());
    }
}
