package dev.orrery.host.osgi;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.core.PluginClasses;
import dev.orrery.schedule.Plugin;
import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.osgi.framework.AllServiceListener;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.BundleListener;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceEvent;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.namespace.PackageNamespace;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;

/**
 * Names the forgotten {@code @Component}: an active bundle that has a concrete class implementing
 * {@link Plugin} but offers no {@code Plugin} service is reported with one WARNING line per such
 * class ({@code bundle X has class Y implementing Plugin but registers no Plugin service: add
 * @Component(service = Plugin.class)}) and as an {@link PluginState#EXCLUDED EXCLUDED}
 * {@link PluginStatus} with that reason while it stays so. Without it the bundle was ACTIVE, no plugin
 * appeared and nothing said why.
 *
 * <p>When a bundle is looked at: when it has started (the {@code STARTED} event, and at
 * {@link #open()} for the bundles active then). It is reported when all of these hold then: it is
 * not this host's bundle nor the bundle of the {@code Plugin} API, it imports that API's
 * {@code dev.orrery.schedule} package ({@code Import-Package}; a dynamic import is made only when a
 * class is first needed, so a bundle that has only that, such as a Pax Exam probe, is left alone; a
 * bundle with its own copy is {@link ForeignPlugins}'s concern), none of its Declarative Services descriptors (the {@code Service-Component} header)
 * provides {@code dev.orrery.schedule.Plugin}, it has registered no {@code Plugin} service itself
 * (a {@code BundleActivator} registers before {@code STARTED}), and its class files hold such a
 * class ({@link PluginClasses}, supertypes of other bundles loaded through the bundle's wiring, never
 * initialised). The report goes when the bundle stops or goes, or when it registers a {@code Plugin}
 * service after all.
 *
 * <p>Threads: the framework's listeners only hand work to one daemon thread
 * ({@code orrery-unregistered-plugins}); {@link #statuses()} may be read from any thread. The
 * reports are guarded by {@code this}.
 */
final class UnregisteredPlugins implements BundleListener, AllServiceListener {
    private static final String PLUGIN = Plugin.class.getName();
    private static final String API_PACKAGE = Plugin.class.getPackageName();
    /** A DS descriptor's {@code <provide interface="dev.orrery.schedule.Plugin"/>} (any namespace prefix, either quote). */
    private static final Pattern PROVIDES_PLUGIN = Pattern.compile("<(?:[\\w.-]+:)?provide\\s[^>]*interface\\s*=\\s*[\"']"
            + Pattern.quote(PLUGIN) + "[\"']");
    private static final String FIX = "add @Component(service = Plugin.class)";

    private final BundleContext context;
    private final Supplier<String> mainSchedule;
    private final Runnable changed;
    private final Logger log;
    private final LookingThread looks = new LookingThread("orrery-unregistered-plugins");
    /** By bundle id: the statuses reported for it. */
    private final Map<Long, List<PluginStatus>> reported = new TreeMap<>(); // guarded by this

    /**
     * @param context the host bundle's context
     * @param mainSchedule the main schedule's name now (the schedule a report is shown in)
     * @param changed told when {@link #statuses()} changed (on the looking thread)
     * @param log where each report is logged
     */
    UnregisteredPlugins(BundleContext context, Supplier<String> mainSchedule, Runnable changed, Logger log) {
        this.context = context;
        this.mainSchedule = mainSchedule;
        this.changed = changed;
        this.log = log;
    }

    /** Starts listening, and looks at the bundles active now. */
    void open() {
        context.addBundleListener(this);
        try {
            context.addServiceListener(this, "(" + Constants.OBJECTCLASS + "=" + PLUGIN + ")");
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException("bad filter for " + PLUGIN, e);
        }
        for (Bundle b : context.getBundles()) {
            if (b.getState() == Bundle.ACTIVE) {
                looks.soon(() -> look(b));
            }
        }
    }

    /** Stops listening; the reports are dropped. */
    void close() {
        looks.close(() -> {
            context.removeBundleListener(this);
            context.removeServiceListener(this);
        });
        synchronized (this) {
            reported.clear();
        }
    }

    /** @return an EXCLUDED status per concrete Plugin class of an active bundle that offers no Plugin service */
    synchronized List<PluginStatus> statuses() {
        List<PluginStatus> out = new ArrayList<>();
        reported.values().forEach(out::addAll);
        return List.copyOf(out);
    }

    @Override
    public void bundleChanged(BundleEvent event) {
        Bundle b = event.getBundle();
        switch (event.getType()) {
            case BundleEvent.STARTED -> looks.soon(() -> look(b));
            case BundleEvent.STOPPED, BundleEvent.UPDATED, BundleEvent.UNRESOLVED, BundleEvent.UNINSTALLED ->
                    looks.soon(() -> drop(b.getBundleId()));
            default -> {
            }
        }
    }

    @Override
    public void serviceChanged(ServiceEvent event) {
        if (event.getType() == ServiceEvent.REGISTERED) {
            long id = event.getServiceReference().getBundle() == null ? -1
                    : event.getServiceReference().getBundle().getBundleId();
            looks.soon(() -> drop(id));
        }
    }

    private void drop(long bundleId) {
        boolean was;
        synchronized (this) {
            was = reported.remove(bundleId) != null;
        }
        if (was) {
            changed.run();
        }
    }

    /**
     * Looking thread: reports the bundle's concrete Plugin classes if it offers no Plugin service. A
     * class file that cannot be read (the bundle is going) only makes the report smaller, never wrong: a
     * class counts only when its whole chain up to {@code Plugin} is read or loaded.
     */
    void look(Bundle b) {
        List<String> classes;
        try {
            if (b.getState() != Bundle.ACTIVE || !isCandidate(b)) {
                return;
            }
            classes = PluginClasses.implementations(classFiles(b), name -> implementsPlugin(b, name));
            if (classes.isEmpty() || b.getState() != Bundle.ACTIVE || registersPlugin(b)) {
                return;
            }
        } catch (RuntimeException e) {
            // The bundle (or the framework) changed under the look: uninstalled, refreshed or stopping.
            // Felix then throws IllegalStateException, or NullPointerException from a closed revision;
            // there is nothing reliable to say, and a later STARTED event looks again.
            return;
        }
        String origin = b.getSymbolicName() + "/" + b.getVersion();
        List<PluginStatus> statuses = new ArrayList<>();
        for (String c : classes) {
            String reason = "has class " + c + " implementing Plugin but registers no Plugin service: " + FIX;
            statuses.add(PluginStatus.builder().name(c).schedule(mainSchedule.get()).bundle(origin).serviceId(0)
                    .state(PluginState.EXCLUDED).reason(reason).build());
        }
        List<PluginStatus> before;
        synchronized (this) {
            before = reported.put(b.getBundleId(), List.copyOf(statuses));
        }
        if (!statuses.equals(before)) {
            statuses.forEach(s -> log.log(Level.WARNING, "bundle " + origin + " " + s.reason()));
            changed.run();
        }
    }

    /** @return whether the bundle may hold a forgotten plugin: wired to the API, no descriptor or service offering one */
    private boolean isCandidate(Bundle b) {
        Bundle api = FrameworkUtil.getBundle(Plugin.class);
        if (b.getBundleId() == 0 || b.equals(context.getBundle()) || b.equals(api)) {
            return false;
        }
        BundleRevision revision = b.adapt(BundleRevision.class);
        BundleWiring wiring = b.adapt(BundleWiring.class);
        if (revision == null || wiring == null || (revision.getTypes() & BundleRevision.TYPE_FRAGMENT) != 0) {
            return false;
        }
        boolean wiredToApi = false;
        for (BundleWire w : wiring.getRequiredWires(PackageNamespace.PACKAGE_NAMESPACE)) {
            boolean dynamic = PackageNamespace.RESOLUTION_DYNAMIC.equals(
                    w.getRequirement().getDirectives().get(PackageNamespace.REQUIREMENT_RESOLUTION_DIRECTIVE));
            if (!dynamic && API_PACKAGE.equals(w.getCapability().getAttributes().get(PackageNamespace.PACKAGE_NAMESPACE))
                    && w.getProvider().getBundle().equals(api)) {
                wiredToApi = true;
                break;
            }
        }
        return wiredToApi && !descriptorsProvidePlugin(b) && !registersPlugin(b);
    }

    /** @return whether a DS descriptor of the bundle ({@code Service-Component}, wildcards allowed) provides Plugin */
    private static boolean descriptorsProvidePlugin(Bundle b) {
        String header = b.getHeaders("").get("Service-Component");
        if (header == null || header.isBlank()) {
            return false;
        }
        for (String entry : header.split(",")) {
            String path = entry.trim();
            int semicolon = path.indexOf(';');
            path = semicolon < 0 ? path : path.substring(0, semicolon).trim();
            int slash = path.lastIndexOf('/');
            String dir = slash < 0 ? "/" : path.substring(0, slash);
            String file = path.substring(slash + 1);
            Enumeration<URL> found = b.findEntries(dir.isEmpty() ? "/" : dir, file, false);
            for (URL u : found == null ? List.<URL>of() : Collections.list(found)) {
                try (InputStream in = u.openStream()) {
                    if (PROVIDES_PLUGIN.matcher(new String(in.readAllBytes(), StandardCharsets.UTF_8)).find()) {
                        return true;
                    }
                } catch (IOException e) {
                    return true; // cannot tell: say nothing rather than something false
                }
            }
        }
        return false;
    }

    /** @return whether the bundle has registered a Plugin service */
    private static boolean registersPlugin(Bundle b) {
        ServiceReference<?>[] refs = b.getRegisteredServices();
        for (ServiceReference<?> r : refs == null ? new ServiceReference<?>[0] : refs) {
            Object classes = r.getProperty(Constants.OBJECTCLASS);
            if (classes instanceof String[] names && List.of(names).contains(PLUGIN)) {
                return true;
            }
        }
        return false;
    }

    /** @return the bundle's class files, read one at a time as the scan asks for them */
    private static Iterable<byte[]> classFiles(Bundle b) {
        Enumeration<URL> found = b.findEntries("/", "*.class", true);
        List<URL> urls = found == null ? List.of() : Collections.list(found);
        return () -> urls.stream().map(UnregisteredPlugins::read).iterator();
    }

    private static byte[] read(URL u) {
        try (InputStream in = u.openStream()) {
            return in.readAllBytes();
        } catch (IOException | RuntimeException e) {
            return new byte[0]; // unreadable (or the bundle is going): skipped as not a class file
        }
    }

    /** @return whether the named class, loaded (not initialised) through the bundle, is a Plugin */
    private static boolean implementsPlugin(Bundle b, String name) {
        try {
            return Plugin.class.isAssignableFrom(b.loadClass(name));
        } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
            return false; // not loadable (or the bundle is going): not known to be a Plugin
        }
    }
}
