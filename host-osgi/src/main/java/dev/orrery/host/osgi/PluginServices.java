package dev.orrery.host.osgi;

import dev.orrery.schedule.Plugin;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceObjects;
import org.osgi.framework.ServiceReference;

/**
 * Gets the service objects of {@link Plugin} services for the host, on its own thread, off SCR's
 * activation path.
 *
 * <p>Why: the host component binds plugin references by {@link ServiceReference} only, so SCR does
 * not get (and so activate) a plugin component while it activates the host. A plugin component that
 * references {@code GameHost} would otherwise be activated inside the host's activation, which needs
 * the host: SCR reports "Circular reference detected" (OSGi Compendium R8 112.3.7 allows the cycle
 * because the host's reference is optional and dynamic, but Felix SCR logs it at ERROR with a stack
 * trace). Getting the object here, after the host is active, activates the plugin component with the
 * host's service available.
 *
 * <p>Plugins registered after the host is active are got at once, on the thread that registered them
 * ({@link #fetchNow}): that thread is starting the plugin's bundle, so the plugin component is
 * activated before anything else can stop that bundle again (a refresh right after an update would
 * otherwise race the activation, and the framework would log a failed service factory with a stack
 * trace). Plugins bound before the host's activation ended are got on the fetch thread
 * ({@link #fetch}).
 *
 * <p>Objects are got through {@link ServiceObjects} and released with
 * {@link ServiceObjects#ungetService}, which also drops the framework's usage record at once (see
 * {@link ServiceUsageSweeper}).
 *
 * <p>Thread-safety: every method may be called from any thread; the callbacks of {@link #fetch} run on
 * the {@code orrery-plugin-services} thread, one at a time, in submission order, those of
 * {@link #fetchNow} on the caller's.
 */
final class PluginServices {
    /** What the host does with a fetched plugin service. */
    interface Callbacks {
        /**
         * The service object was got (and is held until {@link #release}).
         *
         * @param ref the service
         * @param plugin its service object
         */
        void got(ServiceReference<Plugin> ref, Plugin plugin);

        /**
         * The service object could not be got: the service factory (SCR) returned null or threw.
         *
         * @param ref the service
         * @param error what was thrown, or null when null was returned
         */
        void failed(ServiceReference<Plugin> ref, RuntimeException error);

        /**
         * @param ref the service
         * @return whether the host still tracks it (it was not unbound while its fetch waited)
         */
        boolean wanted(ServiceReference<Plugin> ref);
    }

    private record Held(ServiceObjects<Plugin> objects, Plugin plugin) {
    }

    private final BundleContext context;
    private final Callbacks callbacks;
    private final Logger log;
    private final ThreadPoolExecutor executor;
    private final Map<Long, Held> held = new HashMap<>(); // guarded by itself

    /**
     * @param context the host bundle's context (the using bundle)
     * @param callbacks told the outcome of each fetch, on the fetch thread
     * @param log where a failed release is reported
     */
    PluginServices(BundleContext context, Callbacks callbacks, Logger log) {
        this.context = context;
        this.callbacks = callbacks;
        this.log = log;
        this.executor = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "orrery-plugin-services");
            t.setDaemon(true);
            t.setContextClassLoader(PluginServices.class.getClassLoader());
            return t;
        });
    }

    /**
     * Gets the service object on the fetch thread, then calls back.
     *
     * @param ref a plugin service
     */
    void fetch(ServiceReference<Plugin> ref) {
        try {
            executor.execute(() -> get(ref));
        } catch (RejectedExecutionException e) {
            // shut down: the host is deactivating and drops every plugin anyway
        }
    }

    /**
     * Gets the service object on the calling thread, then calls back (for a plugin registered while the
     * host is active: the caller is the thread that registered it).
     *
     * @param ref a plugin service
     */
    void fetchNow(ServiceReference<Plugin> ref) {
        get(ref);
    }

    /**
     * Runs a task on the fetch thread after the fetches submitted before it.
     *
     * @param task what to run
     */
    void after(Runnable task) {
        try {
            executor.execute(task);
        } catch (RejectedExecutionException e) {
            // shut down
        }
    }

    private void get(ServiceReference<Plugin> ref) {
        if (!callbacks.wanted(ref) || !providerActive(ref)) {
            // Unbound, or its bundle is stopping (an update or uninstall under way) while the fetch
            // waited: asking SCR for it now would only make the framework log a failed service
            // factory. Its unbind follows or came already; a new registration is fetched anew.
            return;
        }
        Plugin plugin;
        ServiceObjects<Plugin> objects;
        try {
            objects = context.getServiceObjects(ref);
            if (objects == null) {
                return; // unregistered before we came to it: its unbind follows or came already
            }
            plugin = objects.getService();
        } catch (IllegalStateException e) {
            return; // the host bundle is stopping
        } catch (RuntimeException e) {
            callbacks.failed(ref, e);
            return;
        }
        if (plugin == null) {
            if (ref.getBundle() != null) {
                callbacks.failed(ref, null);
            }
            return;
        }
        synchronized (held) {
            Held previous = held.put(idOf(ref), new Held(objects, plugin));
            if (previous != null) {
                unget(ref, previous);
            }
        }
        callbacks.got(ref, plugin);
    }

    private static boolean providerActive(ServiceReference<Plugin> ref) {
        org.osgi.framework.Bundle b = ref.getBundle();
        return b != null && (b.getState() & (org.osgi.framework.Bundle.ACTIVE | org.osgi.framework.Bundle.STARTING)) != 0;
    }

    /**
     * Releases the service object of a plugin service, if one is held.
     *
     * @param ref the service
     */
    void release(ServiceReference<Plugin> ref) {
        Held h;
        synchronized (held) {
            h = held.remove(idOf(ref));
        }
        if (h != null) {
            unget(ref, h);
        }
    }

    private void unget(ServiceReference<Plugin> ref, Held h) {
        try {
            h.objects().ungetService(h.plugin());
        } catch (IllegalStateException | IllegalArgumentException e) {
            // the host bundle is stopping, or the service is gone: the framework released it
            log.log(Level.DEBUG, "plugin service " + idOf(ref) + " was already released: " + e);
        }
    }

    /**
     * Stops the fetch thread: fetches not yet started are dropped; one in progress (a plugin component
     * being activated) finishes, uninterrupted, and its object is released by the host's unbind.
     */
    void shutdown() {
        executor.getQueue().clear();
        executor.shutdown();
    }

    private static long idOf(ServiceReference<?> ref) {
        return (Long) ref.getProperty(Constants.SERVICE_ID);
    }
}
