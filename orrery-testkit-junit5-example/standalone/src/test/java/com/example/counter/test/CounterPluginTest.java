package com.example.counter.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.GameHost;
import dev.orrery.host.PluginState;
import dev.orrery.testkit.osgi.HostDriver;
import dev.orrery.testkit.osgi.UpdateOutcome;
import java.io.File;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/**
 * The counter plugin in a real host (run inside the framework by bnd's tester): it counts, and an
 * update to version 2 (built by the test kit, V2BundleTest) swaps the new code in. The framework is
 * shared by the tests: each puts version 1 back.
 */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class CounterPluginTest {
    private static final String BUNDLE = "com.example.counter";

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    GameHost gameHost;

    HostDriver host;

    @BeforeEach
    void driver() {
        host = HostDriver.of(context, gameHost);
        host.awaitPlugin("counter", PluginState.ACTIVE);
        host.awaitMainSchedule();
    }

    @AfterEach
    void versionOneIsBack() {
        Bundle plugin = host.bundle(BUNDLE);
        if (!plugin.getVersion().toString().startsWith("1.0.0")) {
            host.update(plugin, new File(context.getProperty("counter.v1")));
        }
        host.awaitPlugin("counter", PluginState.ACTIVE);
    }

    @Test
    void countsOnePerFrame() {
        long before = count();
        host.step(3);
        assertEquals(before + 3, count());
    }

    @Test
    void anUpdateToVersionTwoRunsTheNewCode() {
        UpdateOutcome outcome = host.update(host.bundle(BUNDLE), new File(context.getProperty("counter.v2")));
        assertTrue(outcome.kind() != UpdateOutcome.Kind.NO_PLUGIN, outcome.toString());
        assertEquals("2.0.0", host.bundle(BUNDLE).getVersion().toString());
        assertEquals(List.of(), host.removalPending(), "the old revision is gone");
        host.step(1); // the purge of the old revision's trait runs at this frame's boundary
        long before = count();
        host.step(2);
        assertEquals(before + 20, count(), "version 2 adds 10 per frame");
    }

    private long count() {
        return host.worldValue("counter/count").map(v -> Long.parseLong(v.toString())).orElse(0L);
    }
}
