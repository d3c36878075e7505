package dev.orrery.host.osgi;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.schedule.Plugin;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.osgi.framework.AllServiceListener;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleReference;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceEvent;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.ComponentConstants;

/**
 * Finds {@code dev.orrery.schedule.Plugin} services the host cannot use because their bundle is wired
 * to another copy of the {@code dev.orrery.schedule} package (typically a plugin jar that embeds the
 * API instead of importing it): DS never offers them to the host (the reference only sees services
 * {@linkplain ServiceReference#isAssignableTo assignable} to the host bundle, OSGi Core R8 5.9.2), so
 * without this they would be silently ignored. Each is logged once (one WARNING line) and reported as
 * an {@link PluginState#EXCLUDED EXCLUDED} {@link PluginStatus} while it is registered.
 *
 * <p>An {@link AllServiceListener} (an ordinary listener is not told of services it cannot cast).
 * Thread-safety: events arrive on the framework's threads; the statuses are guarded by {@code this}.
 */
final class ForeignPlugins implements AllServiceListener {
    private static final String API_PACKAGE = "dev.orrery.schedule";

    private final BundleContext context;
    private final Supplier<String> mainSchedule;
    private final Runnable changed;
    private final Logger log;
    private final Map<Long, PluginStatus> foreign = new TreeMap<>(); // guarded by this

    /**
     * @param context the host bundle's context
     * @param mainSchedule the main schedule's name now (for services without {@code orrery.schedule})
     * @param changed told when {@link #statuses()} changed (on the framework's event thread)
     * @param log where each foreign service is reported
     */
    ForeignPlugins(BundleContext context, Supplier<String> mainSchedule, Runnable changed, Logger log) {
        this.context = context;
        this.mainSchedule = mainSchedule;
        this.changed = changed;
        this.log = log;
    }

    /** Starts listening and looks at the plugin services already registered. */
    void open() {
        String filter = "(" + Constants.OBJECTCLASS + "=" + Plugin.class.getName() + ")";
        try {
            context.addServiceListener(this, filter);
            ServiceReference<?>[] refs = context.getAllServiceReferences(Plugin.class.getName(), null);
            for (ServiceReference<?> ref : refs == null ? new ServiceReference<?>[0] : refs) {
                arrived(ref);
            }
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException("bad filter " + filter, e);
        }
    }

    /** Stops listening. */
    void close() {
        try {
            context.removeServiceListener(this);
        } catch (IllegalStateException e) {
            // the host bundle is stopping: the listener goes with it
        }
        synchronized (this) {
            foreign.clear();
        }
    }

    /** @return an EXCLUDED status per registered plugin service wired to another copy of the API */
    synchronized List<PluginStatus> statuses() {
        return List.copyOf(foreign.values());
    }

    @Override
    public void serviceChanged(ServiceEvent event) {
        ServiceReference<?> ref = event.getServiceReference();
        switch (event.getType()) {
            case ServiceEvent.REGISTERED -> arrived(ref);
            case ServiceEvent.UNREGISTERING, ServiceEvent.MODIFIED_ENDMATCH -> {
                boolean gone;
                synchronized (this) {
                    gone = foreign.remove(idOf(ref)) != null;
                }
                if (gone) {
                    changed.run();
                }
            }
            default -> {
                // MODIFIED: the wiring, and so the verdict, stays
            }
        }
    }

    private void arrived(ServiceReference<?> ref) {
        Bundle provider = ref.getBundle();
        if (provider == null || ref.isAssignableTo(context.getBundle(), Plugin.class.getName())) {
            return;
        }
        String bundle = provider.getSymbolicName() + "/" + provider.getVersion();
        String reason = "its bundle is wired to another copy of package " + API_PACKAGE + " ("
                + copyOf(provider) + ") than the host (" + describe(hostCopy()) + "), so the host cannot use its "
                + "Plugin service; import package " + API_PACKAGE + " instead of embedding it (in bnd: drop it from "
                + "Private-Package/-includeresource and let Import-Package take it)";
        Object declared = ref.getProperty(Plugin.SCHEDULE_PROPERTY);
        String schedule = declared == null || String.valueOf(declared).isBlank() ? mainSchedule.get()
                : String.valueOf(declared).trim();
        PluginStatus status = PluginStatus.builder().name(nameOf(ref, provider)).schedule(schedule).bundle(bundle)
                .serviceId(idOf(ref)).state(PluginState.EXCLUDED).reason(reason).build();
        boolean fresh;
        synchronized (this) {
            fresh = foreign.put(idOf(ref), status) == null;
        }
        if (fresh) {
            log.log(Level.WARNING, "plugin service " + idOf(ref) + " of bundle " + bundle + " EXCLUDED: " + reason);
            changed.run();
        }
    }

    /** The component name (DS) or the bundle's symbolic name: the plugin itself cannot be asked. */
    private static String nameOf(ServiceReference<?> ref, Bundle provider) {
        Object component = ref.getProperty(ComponentConstants.COMPONENT_NAME);
        return component != null ? String.valueOf(component) : provider.getSymbolicName() + "#" + idOf(ref);
    }

    private String copyOf(Bundle provider) {
        Bundle source = sourceOf(provider);
        if (source == null) {
            return "none that the bundle can load";
        }
        return source.equals(provider) ? "its own copy, embedded in the bundle" : "the one exported by " + describe(source);
    }

    private Bundle hostCopy() {
        return sourceOf(context.getBundle());
    }

    /** @return the bundle whose class loader defines {@code Plugin} as seen from this bundle, or null */
    private static Bundle sourceOf(Bundle bundle) {
        try {
            ClassLoader loader = bundle.loadClass(Plugin.class.getName()).getClassLoader();
            return loader instanceof BundleReference r ? r.getBundle() : null;
        } catch (ClassNotFoundException | IllegalStateException e) {
            return null;
        }
    }

    private static String describe(Bundle b) {
        return b == null ? "unknown" : b.getSymbolicName() + "/" + b.getVersion() + " [" + b.getBundleId() + "]";
    }

    private static long idOf(ServiceReference<?> ref) {
        return (Long) ref.getProperty(Constants.SERVICE_ID);
    }
}
