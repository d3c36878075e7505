package dev.orrery.testkit.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RunState;
import dev.orrery.testsupport.host.FakeGameHost;
import dev.orrery.testsupport.host.HostCall;
import dev.orrery.world.World;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

/** The driver's waits against a fake host (no framework, no threads): results, timeouts that cancel, failures. */
class HostDriverTest {
    private final FakeGameHost host = new FakeGameHost();
    private final BundleContext context = (BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {BundleContext.class}, (proxy, method, args) -> {
                throw new UnsupportedOperationException(method.getName());
            });
    private final HostDriver driver = new HostDriver(context, host, null, Duration.ofMillis(50));

    @Test
    void onFrameReturnsTheWorksResult() {
        assertEquals("done", driver.onFrame(w -> "done"));
    }

    @Test
    void workThatDoesNotFinishInTimeIsCancelledSoItNeverRunsLater() {
        host.setHoldWork(true);
        AssertionError e = assertThrows(AssertionError.class, () -> driver.onFrame((World w) -> 1));
        assertTrue(e.getMessage().startsWith("work on the frame thread did not finish within PT0.05S (cancelled)"),
                e.getMessage());
        assertTrue(host.lastHeld().isCancelled());
    }

    @Test
    void aFailedStepIsReportedWithItsCause() {
        host.setState(RunState.RUNNING); // the host refuses to step
        AssertionError e = assertThrows(AssertionError.class, () -> driver.step(2));
        assertEquals("step(2) failed: java.lang.IllegalStateException: step: the simulation is running; pause it first",
                e.getMessage());
        assertInstanceOf(IllegalStateException.class, e.getCause());
    }

    @Test
    void awaitPluginReturnsTheStatusOnceTheStateIsReached() {
        PluginStatus active = PluginStatus.builder().name("score").schedule("main").bundle("com.example/1.0.0")
                .serviceId(7).state(PluginState.ACTIVE).reason("").build();
        host.setPlugins(List.of(active));
        assertEquals(active, driver.awaitPlugin("score", PluginState.ACTIVE));
    }

    @Test
    void awaitPluginFailsAfterTheTimeoutShowingWhatTheHostTracks() {
        PluginStatus excluded = PluginStatus.builder().name("score").schedule("main").bundle("com.example/1.0.0")
                .serviceId(7).state(PluginState.EXCLUDED).reason("cycle").build();
        host.setPlugins(List.of(excluded));
        AssertionError e = assertThrows(AssertionError.class, () -> driver.awaitPlugin("score", PluginState.ACTIVE));
        assertEquals("plugin 'score' never became ACTIVE within PT0.05S; plugins: [" + excluded + "]; rebuilds: []",
                e.getMessage());
    }

    @Test
    void awaitPluginWaitsForTheHostsNextChangeInsteadOfPolling() {
        PluginStatus waiting = PluginStatus.builder().name("score").schedule("main").bundle("com.example/1.0.0")
                .serviceId(7).state(PluginState.WAITING).reason("unknown phase").build();
        PluginStatus active = waiting.toBuilder().state(PluginState.ACTIVE).reason("").build();
        host.setPlugins(List.of(waiting));
        host.whenAwaited(h -> h.setPlugins(List.of(active))); // the host swapped a schedule in: its token moves
        assertEquals(active, driver.awaitPlugin("score", PluginState.ACTIVE));
        assertEquals(1, host.count(HostCall.Kind.AWAIT_CHANGE), "one wait for one change: " + host.calls());
    }

    @Test
    void aWaitThatTimesOutIsCancelledSoTheHostForgetsIt() {
        host.setPlugins(List.of(PluginStatus.builder().name("stays").schedule("main").bundle("b/1").serviceId(1)
                .state(PluginState.ACTIVE).build()));
        AssertionError e = assertThrows(AssertionError.class, () -> driver.awaitNoPlugin("stays"));
        assertTrue(e.getMessage().startsWith("plugin 'stays' is still tracked within PT0.05S"), e.getMessage());
        assertTrue(host.count(HostCall.Kind.AWAIT_CHANGE) > 0, host.calls()::toString);
        assertEquals(0, host.openWaits(), "the driver cancelled its waits (no change came to complete them)");
    }

    @Test
    void aWaitOnAStoppedHostFailsAtOnceSayingSo() {
        host.stop();
        AssertionError e = assertThrows(AssertionError.class, () -> driver.awaitPlugin("score", PluginState.ACTIVE));
        assertTrue(e.getMessage().startsWith("plugin 'score' never became ACTIVE: the host stopped"), e.getMessage());
    }

    @Test
    void ofAsksTheContextForTheTestBundleAndUsesTheDefaultTimeout() {
        AtomicReference<String> asked = new AtomicReference<>("nothing");
        HostDriver d = HostDriver.of(contextOfTestBundle(asked), host);
        assertSame(host, d.host());
        assertEquals(HostDriver.DEFAULT_TIMEOUT, d.timeout());
        assertEquals("getBundle", asked.get(), "the context's own bundle is the one checked for the probe trap");
    }

    @Test
    void ofRefusesANullContextOrHostNamingIt() {
        assertEquals("HostDriver.of: context",
                assertThrows(NullPointerException.class, () -> HostDriver.of(null, host)).getMessage());
        assertEquals("HostDriver: host", assertThrows(NullPointerException.class,
                () -> HostDriver.of(contextOfTestBundle(new AtomicReference<>()), null)).getMessage());
    }

    private BundleContext contextOfTestBundle(AtomicReference<String> asked) {
        Bundle testBundle = (Bundle) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Bundle.class},
                (proxy, method, args) -> {
                    throw new UnsupportedOperationException(method.getName());
                });
        return (BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {BundleContext.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("getBundle") && args == null) {
                        asked.set("getBundle");
                        return testBundle;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
