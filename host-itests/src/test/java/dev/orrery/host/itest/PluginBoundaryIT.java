package dev.orrery.host.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.frameworkProperty;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.itest.support.Gates;
import dev.orrery.testkit.osgi.ConsoleCapture;
import dev.orrery.testkit.osgi.LogCapture;
import java.util.List;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;

/**
 * Plugin code that misbehaves while its object is made, or a bundle that cannot load at all: each is
 * named exactly, and nothing else waits for it. A constructor that blocks holds up only itself (its
 * object is made on a worker, not on the thread that started the bundle) and is named past
 * {@code frameWarnMillis}; one that throws is reported with its cause; a bundle whose
 * {@code Import-Package} nothing exports is UNRESOLVED with the missing package, logged once.
 */
@RunWith(PaxExam.class)
public class PluginBoundaryIT extends HostItBase {
    @Configuration
    public Option[] config() {
        return options(platform(), frameworkProperty("orrery.host.frameWarnMillis").value("300"));
    }

    @Test
    public void aBlockingConstructorHoldsUpNoOtherPluginAndIsNamed() throws Exception {
        host().awaitMainSchedule();
        try (LogCapture log = LogCapture.of("dev.orrery.host", System.Logger.Level.INFO)) {
            start("slowctor"); // returns: the constructor blocks on a worker, not here
            start("good");
            host().awaitPlugin("good", PluginState.ACTIVE);
            assertFalse("the slow one is not there yet", host().plugin("slowctor").isPresent());
            host().awaitCondition(() -> !log.linesWith("(component dev.orrery.host.itest.plugins.slowctor."
                    + "SlowConstructorPlugin): still being made after ").isEmpty(), () -> "no slow line: " + log.lines());
            String line = log.linesWith("still being made").get(0);
            assertTrue(line, line.contains("plugin service ") && line.contains(" of bundle itest.slowctor/1.0.0"));
            assertTrue(line, line.contains(" at dev.orrery.host.itest.plugins.slowctor.SlowConstructorPlugin.<init>("));
            assertTrue(line, line.endsWith("; the other plugins go on without it"));
            Gates.SLOW_CONSTRUCTOR.countDown();
            host().awaitPlugin("slowctor", PluginState.ACTIVE);
            assertEquals(log.lines().toString(), 0, log.stackTraces());
        }
    }

    @Test
    public void aThrowingConstructorIsReportedWithItsCause() throws Exception {
        host().awaitMainSchedule();
        PluginStatus s;
        try (ConsoleCapture console = ConsoleCapture.open()) {
            start("throwctor");
            s = host().awaitPlugin("dev.orrery.host.itest.plugins.throwctor.ThrowingConstructorPlugin", PluginState.EXCLUDED);
            // SCR's own stack trace and the framework's ERROR event are printed from other threads: wait for
            // the latter inside the capture.
            host().awaitCondition(() -> console.lines().stream().anyMatch(l -> l.contains("Service factory returned null")),
                    () -> "the framework's ERROR event for itest.throwctor was not printed: " + console.lines());
        }
        assertTrue(s.reason(), s.reason().startsWith("its component failed to activate: java.lang.IllegalStateException:"
                + " throwctor: the constructor fails on purpose"));
        assertFalse(s.reason(), s.reason().contains("InvocationTargetException"));
    }

    @Test
    public void anUnresolvableImportIsUnresolvedWithTheMissingPackageLoggedOnce() throws Exception {
        host().awaitMainSchedule();
        try (LogCapture log = LogCapture.of("dev.orrery.host", System.Logger.Level.INFO)) {
            Bundle needy = install("needsmissing");
            for (int attempt = 0; attempt < 3; attempt++) {
                try {
                    needy.start(); // as FileInstall retries on every change of the folder
                } catch (BundleException expected) {
                    // it cannot resolve
                }
            }
            PluginStatus s = host().awaitPlugin("itest.needsmissing", PluginState.UNRESOLVED);
            assertEquals("itest.needsmissing/1.0.0", s.bundle());
            assertEquals("cannot be resolved: it needs package dev.orrery.host.itest.missing, which no installed bundle"
                    + " provides; it comes in when one does", s.reason());
            start("good");
            host().awaitPlugin("good", PluginState.ACTIVE);
            List<String> lines = log.linesWith("plugin bundle itest.needsmissing/1.0.0 (");
            assertEquals(log.lines().toString(), 1, lines.size());
            assertTrue(lines.get(0), lines.get(0).endsWith(") cannot be resolved: it needs package"
                    + " dev.orrery.host.itest.missing, which no installed bundle provides; it comes in when one does"));
            assertEquals(log.lines().toString(), 0, log.stackTraces());

            start("missing");
            needy.start();
            host().awaitPlugin("needsmissing", PluginState.ACTIVE);
            host().awaitNoPlugin("itest.needsmissing");
        }
    }
}
