package dev.orrery.host.osgi;

import dev.orrery.schedule.Plugin;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import dev.orrery.host.core.PluginCalls;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceObjects;
import org.osgi.framework.ServiceReference;

/**
 * Gets the service objects of {@link Plugin} services for the host, each on a worker thread of its
 * own ({@link PluginCalls}), off SCR's activation path and off the thread that registered the service.
 *
 * <p>Why off SCR's activation path: the host component binds plugin references by
 * {@link ServiceReference} only, so SCR does not get (and so activate) a plugin component while it
 * activates the host. A plugin component that references {@code GameHost} would otherwise be activated
 * inside the host's activation, which needs the host: SCR reports "Circular reference detected" (OSGi
 * Compendium R8 112.3.7 allows the cycle because the host's reference is optional and dynamic, but
 * Felix SCR logs it at ERROR with a stack trace). Getting the object here, after the host is active,
 * activates the plugin component with the host's service available.
 *
 * <p>Why off the registering thread: that thread is the one starting the plugin's bundle (FileInstall's,
 * a shell's); a component constructor that blocks would hold it, and with it every other install,
 * update and removal in the plugins folder. A worker makes the object instead. The registering thread
 * waits for it ({@link #fetchWhileRegistering}), but at most the threshold ({@code frameWarnMillis}):
 * then the worker is named in one line and the registering thread goes on, so a slow constructor holds
 * up the others at most that long. Waiting that long keeps the usual order: the plugin component is
 * activated before anything can stop its bundle again (a refresh right after an update would otherwise
 * race the activation, and the framework would log a failed service factory). The initial rebuild
 * ({@link #after}) likewise waits for the plugins bound before the host's activation ended, at most
 * that long. A bundle that stops while its component is made makes SCR give no object: that is not
 * reported, as the bundle's next registration is fetched anew.
 *
 * <p>Objects are got through {@link ServiceObjects} and released with
 * {@link ServiceObjects#ungetService}, which also drops the framework's usage record at once (see
 * {@link ServiceUsageSweeper}).
 *
 * <p>Thread-safety: every method may be called from any thread; the callbacks run on the worker that
 * made the object.
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
    private final PluginCalls calls;
    private final Map<Long, Held> held = new HashMap<>(); // guarded by itself

    /**
     * @param context the host bundle's context (the using bundle)
     * @param callbacks told the outcome of each fetch, on its worker
     * @param log where a failed release and a slow fetch are reported
     * @param slowMillis how long making an object may take before it is named (the host's
     *     {@code frameWarnMillis}, read at each check)
     */
    PluginServices(BundleContext context, Callbacks callbacks, Logger log, LongSupplier slowMillis) {
        this.context = context;
        this.callbacks = callbacks;
        this.log = log;
        this.calls = PluginCalls.start("orrery-plugin-services", log, slowMillis);
    }

    /**
     * Gets the service object on a worker, then calls back there; waits for it on the calling thread (the
     * one that registered the service), at most the threshold.
     *
     * @param ref a plugin service
     */
    void fetchWhileRegistering(ServiceReference<Plugin> ref) {
        try {
            fetch(ref).settled().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException e) {
            // settled never fails
        }
    }

    /**
     * Gets the service object on a worker, then calls back there.
     *
     * @param ref a plugin service
     * @return the call
     */
    PluginCalls.Call<Void> fetch(ServiceReference<Plugin> ref) {
        PluginCalls.Call<Void> call = calls.call(describe(ref), () -> {
            get(ref);
            return null;
        });
        call.result().whenComplete((r, t) -> {
            if (t != null && !(t instanceof IllegalStateException)) {
                log.log(Level.ERROR, "getting " + describe(ref) + " failed: " + t);
            }
        });
        return call;
    }

    /**
     * Runs a task once the fetches submitted before it are done, or named slow.
     *
     * @param task what to run
     */
    void after(Runnable task) {
        calls.afterAll(task);
    }

    private static String describe(ServiceReference<Plugin> ref) {
        org.osgi.framework.Bundle b = ref.getBundle();
        Object component = ref.getProperty("component.name");
        return "plugin service " + idOf(ref) + " of bundle " + (b == null ? "?" : b.getSymbolicName() + "/" + b.getVersion())
                + (component == null ? "" : " (component " + component + ")");
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
            if (providerActive(ref)) {
                callbacks.failed(ref, e);
            }
            return;
        }
        if (plugin == null) {
            if (providerActive(ref)) {
                callbacks.failed(ref, null); // else its bundle stopped meanwhile: the next registration is fetched anew
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
     * Stops fetching: no fetch starts any more; one in progress (a plugin component being activated)
     * finishes, uninterrupted, and its object is released by the host's unbind.
     */
    void shutdown() {
        calls.close();
    }

    private static long idOf(ServiceReference<?> ref) {
        return (Long) ref.getProperty(Constants.SERVICE_ID);
    }
}
