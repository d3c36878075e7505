package dev.orrery.host.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.GameHost;
import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.testkit.osgi.ConsoleCapture;
import dev.orrery.testkit.osgi.HostDriver;
import java.util.List;
import java.util.function.Predicate;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.osgi.framework.Bundle;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Nothing the host cannot use is silent: plugin services the host cannot use are in
 * {@code GameHost.plugins()} as EXCLUDED with the reason and logged in one line, and a plugin
 * component that references {@code GameHost} activates with no SCR error.
 */
@RunWith(PaxExam.class)
public class PluginReportsIT extends HostItBase {
    private static final String HOST_LOG = "[dev.orrery.host]";

    @Configuration
    public Option[] config() {
        return options(platform(20, 200));
    }

    @Test
    public void componentWhoseActivateThrowsIsExcludedWithScrsFailureInOneLine() throws Exception {
        host().awaitMainSchedule();
        start("good");
        host().awaitPlugin("good", PluginState.ACTIVE);
        long before = host().mark();
        PluginStatus status;
        List<String> lines;
        Bundle broken;
        try (ConsoleCapture console = ConsoleCapture.open()) {
            broken = start("broken");
            status = awaitStatus(gameHost, p -> p.bundle().equals("itest.broken/1.0.0"));
            // The framework's ERROR event is printed from its dispatch thread: wait for it inside the capture.
            host().awaitCondition(() -> console.lines().stream().anyMatch(l -> l.contains("Service factory returned null")),
                    () -> "the framework's ERROR event for itest.broken was not printed: " + console.lines());
            lines = console.lines();
        }
        assertEquals(PluginState.EXCLUDED, status.state());
        assertEquals("dev.orrery.host.itest.plugins.broken.BrokenActivatePlugin", status.name());
        assertEquals("main", status.schedule());
        assertTrue(status.reason(), status.reason().startsWith("its component failed to activate: "
                + "java.lang.IllegalStateException: broken plugin: activate fails on purpose; "));
        List<String> hostLines = lines.stream().filter(l -> l.contains(HOST_LOG) && l.contains("BrokenActivatePlugin"))
                .toList();
        assertEquals(String.join("\n", lines), 1, hostLines.size());
        assertTrue(hostLines.get(0), hostLines.get(0).contains("itest.broken/1.0.0")
                && hostLines.get(0).contains("IllegalStateException: broken plugin: activate fails on purpose"));
        assertEquals("nothing to rebuild", List.of(), host().rebuildsAfter("main", before));
        host().step(2);
        assertEquals(List.of("good/tick", "good/tick"), events());

        broken.stop();
        host().awaitCondition(() -> gameHost.plugins().stream().noneMatch(p -> p.bundle().startsWith("itest.broken/")),
                () -> "the failed component's status stays after its bundle stopped");
    }

    @Test
    public void pluginWiredToItsOwnCopyOfTheApiIsExcludedWithWhatToDo() throws Exception {
        host().awaitMainSchedule();
        PluginStatus status;
        List<String> lines;
        Bundle foreign;
        try (ConsoleCapture console = ConsoleCapture.open()) {
            foreign = start("foreign");
            status = awaitStatus(gameHost, p -> p.bundle().equals("itest.foreign/1.0.0"));
            lines = console.lines();
        }
        assertEquals(PluginState.EXCLUDED, status.state());
        assertEquals("dev.orrery.host.itest.plugins.foreign.ForeignPlugin", status.name());
        assertTrue(status.reason(), status.reason().contains("another copy of package dev.orrery.schedule "
                + "(its own copy, embedded in the bundle)"));
        assertTrue(status.reason(), status.reason().contains("import package dev.orrery.schedule instead of embedding it"));
        List<String> hostLines = lines.stream().filter(l -> l.contains(HOST_LOG) && l.contains("itest.foreign/1.0.0"))
                .toList();
        assertEquals(String.join("\n", lines), 1, hostLines.size());
        assertTrue(hostLines.get(0), hostLines.get(0).contains("EXCLUDED"));

        foreign.uninstall();
        host().awaitCondition(() -> gameHost.plugins().stream().noneMatch(p -> p.bundle().startsWith("itest.foreign/")),
                () -> "the foreign plugin's status stays after its bundle left");
    }

    @Test
    public void pluginComponentThatReferencesGameHostActivatesWithTheHostAndNoError() throws Exception {
        host().awaitMainSchedule();
        Bundle hostBundle = bundleNamed("dev.orrery.host.osgi");
        hostBundle.stop();
        start("usehost"); // unsatisfied until the host is back
        ServiceTracker<GameHost, GameHost> hosts = new ServiceTracker<>(context, GameHost.class, null);
        hosts.open();
        List<String> lines;
        GameHost restarted;
        try (ConsoleCapture console = ConsoleCapture.open()) {
            hostBundle.start();
            restarted = hosts.waitForService(WAIT_MILLIS);
            assertTrue("the host came back", restarted != null);
            PluginStatus status = awaitStatus(restarted, p -> p.name().equals("usehost"));
            assertEquals(PluginState.ACTIVE, status.state());
            lines = console.lines();
        } finally {
            hosts.close();
        }
        List<String> errors = lines.stream().filter(l -> l.contains("Circular reference") || l.contains("ERROR")).toList();
        assertEquals(String.join("\n", lines), List.of(), errors);
        host().awaitCondition(() -> restarted.schedule("main").map(s -> s.systems().stream()
                        .anyMatch(sys -> sys.name().equals("usehost/tick-main"))).orElse(false),
                () -> "the plugin's system, named from the GameHost it got, is in the main schedule");
    }

    private Bundle bundleNamed(String symbolicName) {
        for (Bundle b : context.getBundles()) {
            if (symbolicName.equals(b.getSymbolicName())) {
                return b;
            }
        }
        throw new AssertionError("no bundle " + symbolicName);
    }

    /** Waits for a matching status on the host's changes (the kit's driver on that host), and returns it. */
    private PluginStatus awaitStatus(GameHost h, Predicate<PluginStatus> which) {
        new HostDriver(context, h, probe(), HostDriver.DEFAULT_TIMEOUT).awaitCondition(
                () -> h.plugins().stream().anyMatch(which), () -> "no matching plugin status");
        return h.plugins().stream().filter(which).findFirst().orElseThrow();
    }
}
