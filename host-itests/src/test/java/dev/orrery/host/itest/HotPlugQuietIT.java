package dev.orrery.host.itest;

import static org.junit.Assert.assertEquals;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.PluginState;
import dev.orrery.testkit.osgi.LogCapture;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.FrameworkListener;

/**
 * Issue 11: plugging in and out is seamless, so the ordinary hot-plug path (install, update +
 * refresh, uninstall + refresh of a healthy plugin) raises no framework ERROR event (such as "Service
 * factory returned null" when the host asks for the service object of a component being deactivated)
 * and the host logs no stack trace. {@value #CYCLES} cycles of the soak plugin.
 */
@RunWith(PaxExam.class)
public class HotPlugQuietIT extends HostItBase {
    private static final int CYCLES = 20;

    @Configuration
    public Option[] config() {
        return options(platform(20, 200));
    }

    @Test
    public void installUpdateUninstallRaiseNoFrameworkErrorAndNoStackTrace() throws Exception {
        List<String> errors = Collections.synchronizedList(new ArrayList<>());
        FrameworkListener listener = e -> {
            if (e.getType() == FrameworkEvent.ERROR) {
                errors.add(e.getBundle().getSymbolicName() + ": " + e.getThrowable());
            }
        };
        context.addFrameworkListener(listener);
        try (LogCapture log = LogCapture.of("dev.orrery.host", System.Logger.Level.INFO)) {
            host().awaitMainSchedule();
            for (int i = 0; i < CYCLES; i++) {
                Bundle b = start("soak-v1");
                long v1 = host().awaitPlugin("soak", PluginState.ACTIVE).serviceId();
                host().update(b, Bundles.file("soak-v2"));
                host().awaitCondition(() -> host().plugin("soak").map(p -> p.state() == PluginState.ACTIVE && p.serviceId() != v1)
                        .orElse(false), () -> "the updated soak plugin never became ACTIVE");
                host().uninstall(b);
                host().awaitNoPlugin("soak");
            }
            assertEquals("framework ERROR events in " + CYCLES + " hot-plug cycles: " + errors, List.of(), errors);
            assertEquals("host stack traces: " + log.lines(), 0, log.stackTraces());
        } finally {
            context.removeFrameworkListener(listener);
        }
    }
}
