package dev.orrery.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;

/**
 * The framework stops on a thread of its own while the launcher starts the platform (a stop signal, or a
 * plugin that called {@code System.exit}): {@link Main#startPlatform} then skips what is left, without
 * failing the run.
 */
class StartPlatformTest {
    private static final LaunchOptions SHELL = new LaunchOptions(true, false, false);
    private static final LaunchOptions HEADLESS = new LaunchOptions(false, true, false);

    /** A system bundle context that turns invalid as a stopped framework's does, except for adding a listener. */
    private static BundleContext invalidContext() {
        return (BundleContext) Proxy.newProxyInstance(BundleContext.class.getClassLoader(),
                new Class<?>[] {BundleContext.class}, (proxy, method, args) -> {
                    if (method.getName().equals("addServiceListener")) {
                        return null;
                    }
                    throw new IllegalStateException("Invalid BundleContext.");
                });
    }

    /** A framework in the given state whose system bundle context is {@code context}. */
    private static Framework framework(int state, BundleContext context) {
        return (Framework) Proxy.newProxyInstance(Framework.class.getClassLoader(), new Class<?>[] {Framework.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getState" -> state;
                    case "getBundleContext" -> context;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    /** A bundle whose start throws {@code failure} (or starts, when null), recording each start in {@code started}. */
    private static Bundle bundle(String name, Exception failure, List<String> started) {
        return (Bundle) Proxy.newProxyInstance(Bundle.class.getClassLoader(), new Class<?>[] {Bundle.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getSymbolicName" -> name;
                    case "getHeaders" -> new Hashtable<String, String>();
                    case "start" -> {
                        started.add(name);
                        if (failure != null) {
                            throw failure;
                        }
                        yield null;
                    }
                    case "toString" -> name;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    @DisplayName("a framework that stopped before the platform started: no watch verdict, no shell, no crash")
    void stoppedBeforeStart(@TempDir Path cache) throws Exception {
        Framework felix = ServiceLoader.load(FrameworkFactory.class).findFirst().orElseThrow()
                .newFramework(Map.of("org.osgi.framework.storage", cache.toString()));
        felix.start();
        felix.stop();
        assertEquals(FrameworkEvent.STOPPED, felix.waitForStop(10_000).getType());
        for (LaunchOptions options : List.of(SHELL, HEADLESS)) {
            Main.Started started = Main.startPlatform(felix, List.of(), options);
            assertNull(started.exit());
            assertEquals(Optional.empty(), started.watch().check());
            assertEquals(Optional.empty(), started.watch().afterStop());
        }
    }

    @Test
    @DisplayName("a framework that stops while the shell's helpers register: the rest is skipped, no crash")
    void stopsWhileTheShellRegisters() {
        List<String> started = new ArrayList<>();
        Main.Started s = Main.startPlatform(framework(Bundle.STOPPING, invalidContext()),
                List.of(bundle("a", null, started)), SHELL);
        assertNull(s.exit());
        assertEquals(List.of(), started);
        assertEquals(Optional.empty(), s.watch().check());
    }

    @Test
    @DisplayName("a framework that stops while bundles start: the next bundles are not started, no crash")
    void stopsWhileBundlesStart() {
        List<String> started = new ArrayList<>();
        List<Bundle> bundles = List.of(bundle("a", new IllegalStateException("Invalid BundleContext."), started),
                bundle("b", null, started));
        Main.startPlatform(framework(Bundle.RESOLVED, invalidContext()), bundles, HEADLESS);
        assertEquals(List.of("a"), started);
        List<Bundle> refused = List.of(bundle("a", new BundleException("Framework is stopping"), started),
                bundle("b", null, started));
        started.clear();
        Main.startPlatform(framework(Bundle.STOPPING, invalidContext()), refused, HEADLESS);
        assertEquals(List.of("a"), started);
    }

    @Test
    @DisplayName("a running framework: a bundle that cannot start is reported and the next ones still start")
    void aBundleThatCannotStartWhileRunning() {
        List<String> started = new ArrayList<>();
        List<Bundle> bundles = List.of(bundle("a", new BundleException("unresolved requirement"), started),
                bundle("b", null, started));
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true));
        try {
            Main.startPlatform(framework(Bundle.ACTIVE, invalidContext()), bundles, HEADLESS);
        } finally {
            System.setErr(err);
        }
        assertEquals(List.of("a", "b"), started);
        assertEquals("orrery: cannot start a: org.osgi.framework.BundleException: unresolved requirement",
                captured.toString().strip());
    }
}
