package dev.orrery.testkit.junit5.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.GameHost;
import dev.orrery.host.PluginState;
import dev.orrery.testkit.osgi.HostDriver;
import dev.orrery.testkit.osgi.LogCapture;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/**
 * plugin-example in a real host, tested with JUnit 5 inside the framework (bnd's testing plugin runs
 * {@code test.bndrun}; the OSGi Test extensions inject the context and the host). The set-up is the
 * three fields and the {@code @BeforeEach}: what a plugin author copies.
 *
 * <p>The tests never use the plugin's classes: bnd computes the tests bundle's {@code Import-Package}
 * from its code, so it is not wired to the plugin (see {@link dev.orrery.testkit.osgi.ProbeTrap}).
 * They see the plugin through the host and read its world trait by name.
 */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class ExamplePluginTest {
    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    GameHost gameHost;

    HostDriver host;

    @BeforeEach
    void driver() {
        host = HostDriver.of(context, gameHost);
        host.awaitPlugin("example", PluginState.ACTIVE);
        host.awaitMainSchedule();
    }

    @Test
    void thePluginIsActiveAndItsClockSystemRunsOnEveryFrame() throws InterruptedException {
        assertEquals("dev.orrery.plugin.example", host.plugin("example").orElseThrow().bundle().split("/")[0],
                "the host attributes the plugin to its bundle");
        double before = Traits.seconds(host, "example/time");
        try (LogCapture log = LogCapture.of("dev.orrery.plugin.example")) {
            host.step(4); // 4 frames x 0.25 s: the clock completes one more simulated second
            long second = (long) Math.floor(before + 1.0 + 1e-9);
            assertEquals("INFO example/clock: " + second + " s of simulated time",
                    log.await(l -> l.contains("example/clock"), Duration.ofSeconds(10)));
        }
    }

    @Test
    void theClockTraitAddsUpDtAndItsValueComesFromThePluginBundle() {
        double before = Traits.seconds(host, "example/time");
        host.step(2);
        assertEquals(before + 0.5, Traits.seconds(host, "example/time"), 1e-9, "2 frames x dt 0.25 s");
        Object value = host.worldValue("example/time").orElseThrow();
        assertEquals("dev.orrery.plugin.example", FrameworkUtil.getBundle(value.getClass()).getSymbolicName(),
                "the trait value is an object of the plugin's own class loader");
        assertTrue(host.worldValue("no/such-trait").isEmpty(), "an unknown trait name reads as empty");
    }
}
