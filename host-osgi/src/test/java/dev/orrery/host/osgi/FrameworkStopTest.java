package dev.orrery.host.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Proxy;
import java.util.List;
import java.util.ResourceBundle;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;

/**
 * The host stops the framework when it ends the run by itself; the framework may be stopping already for
 * another reason, which invalidates the host's bundle context first.
 */
class FrameworkStopTest {
    private final List<String> logged = new CopyOnWriteArrayList<>();
    private final System.Logger log = new System.Logger() {
        @Override
        public String getName() {
            return "test";
        }

        @Override
        public boolean isLoggable(Level level) {
            return true;
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
            logged.add(level + " " + msg + (thrown == null ? "" : " " + thrown));
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String format, Object... params) {
            logged.add(level + " " + format);
        }
    };

    private static BundleContext context(Bundle systemBundle) {
        return (BundleContext) Proxy.newProxyInstance(BundleContext.class.getClassLoader(), new Class<?>[] {BundleContext.class},
                (proxy, method, args) -> {
                    if (systemBundle == null) {
                        throw new IllegalStateException("Invalid BundleContext.");
                    }
                    if (method.getName().equals("getBundle") && args != null && args.length == 1 && args[0].equals(0L)) {
                        return systemBundle;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    private static Bundle systemBundle(AtomicInteger stops, BundleException refusal) {
        return (Bundle) Proxy.newProxyInstance(Bundle.class.getClassLoader(), new Class<?>[] {Bundle.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("stop") && (args == null || args.length == 0)) {
                        stops.incrementAndGet();
                        if (refusal != null) {
                            throw refusal;
                        }
                        return null;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    @DisplayName("the host ends the run: the system bundle is stopped on a thread of its own, nothing logged")
    void stopsTheSystemBundle() throws InterruptedException {
        AtomicInteger stops = new AtomicInteger();
        Thread t = FrameworkStop.request(context(systemBundle(stops, null)), "the frame budget", log);
        t.join();
        assertEquals(FrameworkStop.THREAD, t.getName());
        assertEquals(1, stops.get());
        assertEquals(List.of(), logged);
    }

    @Test
    @DisplayName("the framework stops already (a signal, the shell's exit) when the host ends the run: no warning, no stack trace")
    void aFrameworkThatStopsAlreadyIsNoWarning() throws InterruptedException {
        FrameworkStop.request(context(null), "the frame budget", log).join();
        assertEquals(List.of(), logged);
    }

    @Test
    @DisplayName("a framework that refuses to stop: one WARNING line naming why the host asked")
    void aRefusalIsOneLine() throws InterruptedException {
        AtomicInteger stops = new AtomicInteger();
        FrameworkStop.request(context(systemBundle(stops, new BundleException("no"))), "the frame budget", log).join();
        assertEquals(List.of("WARNING could not stop the framework after the frame budget: no"), logged);
    }
}
