package dev.orrery.host.itest;

import static org.ops4j.pax.exam.CoreOptions.bundle;
import static org.ops4j.pax.exam.CoreOptions.cleanCaches;
import static org.ops4j.pax.exam.CoreOptions.composite;
import static org.ops4j.pax.exam.CoreOptions.frameworkProperty;
import static org.ops4j.pax.exam.CoreOptions.junitBundles;
import static org.ops4j.pax.exam.CoreOptions.systemProperty;

import java.io.File;
import org.ops4j.pax.exam.Option;

/**
 * The container every test starts from (driver side): Felix with SCR and ConfigAdmin, the scheduler
 * and host bundles from the reactor, the support bundle, and a host in headless fixed-step mode that
 * starts paused, so tests advance it frame by frame with {@code GameHost.step}.
 */
final class HostOptions {
    static {
        // pax-url-aether (driver side) resolves Pax Exam's own bundles from the local repository only.
        System.setProperty("org.ops4j.pax.url.mvn.repositories", "");
        System.setProperty("org.ops4j.pax.url.mvn.useFallbackRepositories", "false");
    }

    private HostOptions() {
    }

    static Option base() {
        return base(150, 1000);
    }

    /**
     * @param quietMillis the host's quiet period before a rebuild
     * @param maxDelayMillis the longest a rebuild waits for quiet
     * @return the base container with these coalescing settings
     */
    static Option base(long quietMillis, long maxDelayMillis) {
        TestBundles.all();
        return composite(
                cleanCaches(),
                systemProperty("org.ops4j.pax.logging.DefaultServiceLog.level").value("WARN"),
                // pax-logging would also print every framework ERROR event with its stack trace, some time
                // after the event (so after a test's console capture closed): the failed activations the
                // tests provoke on purpose are asserted on through the host's report and SCR's DTOs.
                systemProperty("org.ops4j.pax.logging.service.frameworkEventsLogLevel").value("AUDIT"),
                frameworkProperty("orrery.host.mode").value("fixed"),
                frameworkProperty("orrery.host.fixedDt").value("0.25"),
                frameworkProperty("orrery.host.rate").value("0"),
                frameworkProperty("orrery.host.startPaused").value("true"),
                frameworkProperty("orrery.host.quietMillis").value(String.valueOf(quietMillis)),
                frameworkProperty("orrery.host.maxDelayMillis").value(String.valueOf(maxDelayMillis)),
                junitBundles(),
                jar("orrery.itest.function"),
                jar("orrery.itest.promise"),
                jar("orrery.itest.component"),
                jar("orrery.itest.scr"),
                jar("orrery.itest.configadmin"),
                jar("orrery.itest.scheduler"),
                jar("orrery.itest.hostCore"),
                jar("orrery.itest.host"),
                bundle(TestBundles.support()));
    }

    /** @return the prefab bundle (its {@code prefab} plugin joins the main schedule) */
    static Option prefab() {
        return jar("orrery.itest.prefab");
    }

    private static Option jar(String property) {
        return bundle(new File(BundleFiles.required(property)).toURI().toString());
    }
}
