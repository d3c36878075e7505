package dev.orrery.launcher;

import java.lang.reflect.InvocationHandler;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.SynchronousBundleListener;

/**
 * Finds the interactive shell's JLine line reader, so that output of other threads can be printed
 * above the {@code g!} prompt ({@link AboveThePrompt}).
 *
 * <p>The Gogo JLine shell keeps its reader in the session variable {@code .reader}. A Gogo
 * {@code CommandSessionListener} service (a proxy of the runtime bundle's interface: the launcher does
 * not link against Gogo) sees every session before each command, the shell's start-up profile
 * included, and keeps the last reader it saw. The reader is forgotten when the JLine shell bundle
 * stops (its terminal closes then).
 *
 * <p>Threads: the listener runs on shell threads, the bundle listener on the framework's; the reader
 * is read by any thread that prints ({@code reader} is an atomic reference).
 */
final class ShellReaders implements Supplier<Object> {
    private static final String JLINE_SHELL = "org.apache.felix.gogo.jline";

    private final AtomicReference<Object> reader = new AtomicReference<>();

    private ShellReaders() {
    }

    /**
     * Registers the listener; call after the framework started and before the Gogo runtime bundle
     * starts.
     *
     * @param systemContext the system bundle's context
     * @return the reader source; it supplies null when there is no shell (no Gogo runtime, or its
     *     listener interface cannot be loaded)
     */
    static ShellReaders register(BundleContext systemContext) {
        ShellReaders readers = new ShellReaders();
        if (!SessionListeners.register(systemContext, readers.handler(), "orrery launcher: shell line reader finder")) {
            return readers;
        }
        systemContext.addBundleListener((SynchronousBundleListener) event -> {
            if (event.getType() == BundleEvent.STOPPING && JLINE_SHELL.equals(event.getBundle().getSymbolicName())) {
                readers.reader.set(null);
            }
        });
        return readers;
    }

    private InvocationHandler handler() {
        return (proxy, method, args) -> {
            if (method.getName().equals("beforeExecute")) {
                Object r = Reflect.call(args[0], "get", ".reader");
                if (r != null) {
                    reader.set(r);
                }
            }
            return null;
        };
    }

    /** @return the interactive shell's line reader, or null when there is none (yet) */
    @Override
    public Object get() {
        return reader.get();
    }
}
