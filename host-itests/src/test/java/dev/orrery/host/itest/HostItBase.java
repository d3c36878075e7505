package dev.orrery.host.itest;

import static org.ops4j.pax.exam.CoreOptions.bundle;
import static org.ops4j.pax.exam.CoreOptions.composite;
import static org.ops4j.pax.exam.CoreOptions.systemProperty;

import dev.orrery.host.itest.support.Trace;
import dev.orrery.testkit.osgi.HostDriver;
import dev.orrery.testkit.paxexam.OrreryOptions;
import dev.orrery.testkit.paxexam.OrreryPluginTest;
import dev.orrery.testkit.paxexam.PlatformOptions;
import java.util.List;
import org.ops4j.pax.exam.Option;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;

/**
 * Base of the host's Pax Exam tests, on the test kit: the kit's platform without prefabs, with the
 * support bundle (the shared {@link Trace} trait and phases, imported by the probe), and the test
 * bundles ({@link Bundles}) installed by name; {@code host()} is the kit's {@code HostDriver}.
 */
public abstract class HostItBase extends OrreryPluginTest {
    /**
     * The packages the probe imports, so that it shares their classes with the plugin bundles: the
     * support bundle's (the shared traits and phases) and orrery-test-support's (the soak probe, the
     * collection wait), both installed with the platform.
     */
    static final List<String> SHARED_PACKAGES = List.of("dev.orrery.host.itest.support", "dev.orrery.testsupport.soak",
            "dev.orrery.testsupport.memory");
    /** The limit of the tests' own waits, ms: the driver's. */
    static final long WAIT_MILLIS = HostDriver.DEFAULT_TIMEOUT.toMillis();

    /** @return the platform with rebuilds coalescing over 150 ms (at most 1000 ms) */
    static Option platform() {
        return platform(settings(150, 1000).build());
    }

    /**
     * @return pax-logging prints only ERROR events to the console: for tests whose plugins provoke
     *     the host's WARNING lines on purpose (left out, not in the declared order) and assert on them
     *     through the host's statuses, so a green run does not print them; after {@link #platform()}
     */
    static Option hostWarningsAsserted() {
        return systemProperty("org.ops4j.pax.logging.DefaultServiceLog.level").value("ERROR");
    }

    /** @return the platform with these coalescing settings (ms) */
    static Option platform(long quietMillis, long maxDelayMillis) {
        return platform(settings(quietMillis, maxDelayMillis).build());
    }

    /**
     * @return the kit's settings for these tests: no prefabs, and pax-logging does not print the
     *     framework's ERROR events (the failed activations the tests provoke on purpose are asserted on
     *     through the host's report and SCR's DTOs; pax-logging would print them with their stack
     *     traces after a test's console capture closed)
     */
    static PlatformOptions.Builder settings(long quietMillis, long maxDelayMillis) {
        return PlatformOptions.builder().rebuildCoalescing(quietMillis, maxDelayMillis).prefabs(false)
                .frameworkEventsLogLevel("AUDIT");
    }

    /** @return the platform with these settings, orrery-test-support, the support bundle, and every test bundle built */
    static Option platform(PlatformOptions settings) {
        Bundles.buildAll();
        return composite(OrreryOptions.platform(settings), bundle(Bundles.testSupport().toURI().toString()),
                bundle(Bundles.support().toURI().toString()));
    }

    @Override
    protected String[] probeSharedPackages() {
        return SHARED_PACKAGES.toArray(String[]::new);
    }

    /** @return the test bundle {@code name} ({@link Bundles}), installed and started */
    protected Bundle start(String name) {
        return host().install(Bundles.file(name));
    }

    /** @return the test bundle {@code name}, installed, not started */
    protected Bundle install(String name) throws BundleException {
        return context.installBundle(Bundles.file(name).toURI().toString());
    }

    /** @return the events of the shared {@link Trace} trait so far */
    protected List<String> events() {
        return host().onFrame(w -> w.add(Trace.TRAIT).events());
    }

    /** Clears the shared {@link Trace} trait. */
    protected void clearTrace() {
        host().onFrame(w -> {
            w.add(Trace.TRAIT).clear();
            return null;
        });
    }
}
