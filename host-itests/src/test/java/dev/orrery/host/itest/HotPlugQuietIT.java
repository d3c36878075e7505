package dev.orrery.host.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.PluginState;
import java.io.FileInputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.FrameworkListener;
import org.osgi.framework.wiring.FrameworkWiring;

/**
 * Issue 11: plugging in and out is seamless, so the ordinary hot-plug path (install, update +
 * refresh, uninstall + refresh of a healthy plugin) raises no framework ERROR event (such as "Service
 * factory returned null" when the host asks for the service object of a component being deactivated)
 * and the host logs no stack trace. {@value #CYCLES} cycles of the soak plugin.
 */
@RunWith(PaxExam.class)
public class HotPlugQuietIT extends HostTestBase {
    private static final int CYCLES = 20;

    @Configuration
    public Option[] config() {
        return options(HostOptions.base(20, 200));
    }

    @Test
    public void installUpdateUninstallRaiseNoFrameworkErrorAndNoStackTrace() throws Exception {
        List<String> errors = Collections.synchronizedList(new ArrayList<>());
        FrameworkListener listener = e -> {
            if (e.getType() == FrameworkEvent.ERROR) {
                errors.add(e.getBundle().getSymbolicName() + ": " + e.getThrowable());
            }
        };
        ctx.addFrameworkListener(listener);
        try (HostLog log = HostLog.capture()) {
            awaitMainSchedule();
            for (int i = 0; i < CYCLES; i++) {
                Bundle b = start("soak-v1");
                long v1 = awaitPlugin("soak", PluginState.ACTIVE).serviceId();
                try (InputStream in = new FileInputStream(BundleFiles.file("soak-v2"))) {
                    b.update(in);
                }
                refresh(b);
                await(() -> plugin("soak").map(p -> p.state() == PluginState.ACTIVE && p.serviceId() != v1)
                        .orElse(false), () -> "the updated soak plugin never became ACTIVE");
                b.uninstall();
                refresh(b);
                awaitNoPlugin("soak");
            }
            assertEquals("framework ERROR events in " + CYCLES + " hot-plug cycles: " + errors, List.of(), errors);
            assertEquals("host stack traces: " + log.lines(), 0, log.stackTraces());
        } finally {
            ctx.removeFrameworkListener(listener);
        }
    }

    private void refresh(Bundle b) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        ctx.getBundle(0).adapt(FrameworkWiring.class).refreshBundles(List.of(b), e -> {
            if (e.getType() == FrameworkEvent.PACKAGES_REFRESHED) {
                done.countDown();
            }
        });
        assertTrue("refresh finished", done.await(WAIT_MILLIS, TimeUnit.MILLISECONDS));
    }
}
