package dev.orrery.testkit.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.GameHost;
import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.world.World;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

/** The driver's waits against a scripted host (no framework): results, timeouts that cancel, failures. */
class HostDriverTest {
    private final AtomicReference<CompletableFuture<Object>> submitted = new AtomicReference<>();
    private final AtomicReference<List<PluginStatus>> plugins = new AtomicReference<>(List.of());
    /** What the scripted host answers to awaitChange (by default a change that never comes). */
    private final AtomicReference<Function<Long, CompletableFuture<Long>>> change =
            new AtomicReference<>(since -> new CompletableFuture<>());
    /** The waits for a change the driver asked for. */
    private final List<CompletableFuture<Long>> waits = new ArrayList<>();

    private final GameHost host = (GameHost) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {GameHost.class}, (proxy, method, args) -> switch (method.getName()) {
                case "submit", "step" -> submitted.get();
                case "plugins" -> plugins.get();
                case "rebuilds" -> List.of();
                case "status" -> null;
                case "changes" -> 0L;
                case "awaitChange" -> {
                    CompletableFuture<Long> f = change.get().apply((Long) args[0]);
                    waits.add(f);
                    yield f;
                }
                case "toString" -> "scripted host";
                default -> throw new UnsupportedOperationException(method.getName());
            });
    private final BundleContext context = (BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {BundleContext.class}, (proxy, method, args) -> {
                throw new UnsupportedOperationException(method.getName());
            });
    private final HostDriver driver = new HostDriver(context, host, null, Duration.ofMillis(50));

    @Test
    void onFrameReturnsTheWorksResult() {
        submitted.set(CompletableFuture.completedFuture("done"));
        assertEquals("done", driver.onFrame(w -> "ignored by the scripted host"));
    }

    @Test
    void workThatDoesNotFinishInTimeIsCancelledSoItNeverRunsLater() {
        CompletableFuture<Object> never = new CompletableFuture<>();
        submitted.set(never);
        AssertionError e = assertThrows(AssertionError.class, () -> driver.onFrame((World w) -> 1));
        assertTrue(e.getMessage().startsWith("work on the frame thread did not finish within PT0.05S (cancelled)"),
                e.getMessage());
        assertTrue(never.isCancelled());
    }

    @Test
    void aFailedStepIsReportedWithItsCause() {
        IllegalStateException fault = new IllegalStateException("the host is not paused");
        submitted.set(CompletableFuture.failedFuture(fault));
        AssertionError e = assertThrows(AssertionError.class, () -> driver.step(2));
        assertEquals("step(2) failed: java.lang.IllegalStateException: the host is not paused", e.getMessage());
        assertSame(fault, e.getCause());
    }

    @Test
    void awaitPluginReturnsTheStatusOnceTheStateIsReached() {
        PluginStatus active = PluginStatus.builder().name("score").schedule("main").bundle("com.example/1.0.0")
                .serviceId(7).state(PluginState.ACTIVE).reason("").build();
        plugins.set(List.of(active));
        assertEquals(active, driver.awaitPlugin("score", PluginState.ACTIVE));
    }

    @Test
    void awaitPluginFailsAfterTheTimeoutShowingWhatTheHostTracks() {
        PluginStatus excluded = PluginStatus.builder().name("score").schedule("main").bundle("com.example/1.0.0")
                .serviceId(7).state(PluginState.EXCLUDED).reason("cycle").build();
        plugins.set(List.of(excluded));
        AssertionError e = assertThrows(AssertionError.class, () -> driver.awaitPlugin("score", PluginState.ACTIVE));
        assertEquals("plugin 'score' never became ACTIVE within PT0.05S; plugins: [" + excluded + "]; rebuilds: []",
                e.getMessage());
    }
    @Test
    void awaitPluginWaitsForTheHostsNextChangeInsteadOfPolling() {
        PluginStatus waiting = PluginStatus.builder().name("score").schedule("main").bundle("com.example/1.0.0")
                .serviceId(7).state(PluginState.WAITING).reason("unknown phase").build();
        PluginStatus active = waiting.toBuilder().state(PluginState.ACTIVE).reason("").build();
        plugins.set(List.of(waiting));
        change.set(since -> {
            plugins.set(List.of(active)); // the host swapped a schedule in: its token moved
            return CompletableFuture.completedFuture(since + 1);
        });
        assertEquals(active, driver.awaitPlugin("score", PluginState.ACTIVE));
        assertEquals(1, waits.size(), "one wait for one change: " + waits);
    }

    @Test
    void aWaitThatTimesOutIsCancelledSoTheHostForgetsIt() {
        plugins.set(List.of(PluginStatus.builder().name("stays").schedule("main").bundle("b/1").serviceId(1)
                .state(PluginState.ACTIVE).build()));
        AssertionError e = assertThrows(AssertionError.class, () -> driver.awaitNoPlugin("stays"));
        assertTrue(e.getMessage().startsWith("plugin 'stays' is still tracked within PT0.05S"), e.getMessage());
        assertTrue(!waits.isEmpty() && waits.stream().allMatch(CompletableFuture::isCancelled), waits::toString);
    }

    @Test
    void aWaitOnAStoppedHostFailsAtOnceSayingSo() {
        change.set(since -> CompletableFuture.failedFuture(new IllegalStateException("the Orrery host is stopped")));
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
