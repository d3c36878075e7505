package dev.orrery.host.osgi;

import dev.orrery.host.GameHost;
import dev.orrery.host.HostSettings;
import dev.orrery.host.HostStatus;
import dev.orrery.host.ObserverStatus;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.host.Schedules;
import dev.orrery.host.core.FrontEnd;
import dev.orrery.host.core.HostCore;
import dev.orrery.host.core.HostSettingsParser;
import dev.orrery.host.core.PluginSource;
import dev.orrery.host.core.UnloadedCode;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.world.World;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.BundleListener;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.ComponentConstants;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.component.runtime.ServiceComponentRuntime;

/**
 * The OSGi front end of the host core: a Declarative Services component (OSGi Compendium R8, 112)
 * that tracks {@link Plugin} and {@link ScheduleHooks} services through dynamic, greedy, multiple
 * references and hands them to a {@link HostCore} keyed by their {@code service.id}, and registers
 * {@link GameHost} (delegating to the core). Configuration PID {@value #PID} (optional; README, "Host
 * settings"), with the framework properties {@code orrery.host.<key>} as fallback.
 *
 * <p>All host behaviour (rebuilds, exclusion, frames, faults, swap, purge) is in the core; this class
 * only does what needs OSGi: getting service objects off SCR's activation path ({@link PluginServices}),
 * SCR's activation failures ({@link ComponentFailures}), plugins of another API copy
 * ({@link ForeignPlugins}), bundles that cannot be resolved ({@link UnresolvedBundles}), plugin classes
 * without a service ({@link UnregisteredPlugins}), the purge
 * trigger on bundle events ({@link UnloadedBundles}), Felix's
 * usage records ({@link ServiceUsageSweeper}), non-bundle plugin files ({@link NonBundleFiles}) and
 * stopping the framework.
 */
@Component(service = GameHost.class, immediate = true, configurationPid = HostComponent.PID,
        configurationPolicy = ConfigurationPolicy.OPTIONAL)
public final class HostComponent implements GameHost {
    /** The ConfigAdmin PID of the host's settings. */
    static final String PID = HostSettingsParser.PID;
    private static final String NON_BUNDLE_API = "org.apache.felix.fileinstall.ArtifactInstaller";

    private final Logger log = java.lang.System.getLogger(HostCore.LOGGER);
    private final Object lock = new Object();
    /** Plugin services bound before activate(), fetched at its end. */
    private final List<ServiceReference<Plugin>> early = new ArrayList<>(); // guarded by lock
    /** Hooks services bound before activate(), handed to the core in it, by service id. */
    private final Map<Long, EarlyHooks> earlyHooks = new LinkedHashMap<>(); // guarded by lock
    /** The core; set in activate() (guarded by lock when set), kept after deactivate for its last status. */
    private volatile HostCore core;
    /** Gets plugin service objects; set at the end of activate(), kept after deactivate to release. */
    private volatile PluginServices services;
    private ForeignPlugins foreign;
    private UnresolvedBundles unresolved;
    private UnregisteredPlugins unregistered;
    /** The installer that reports plugin files that are not bundles; null without FileInstall. */
    private org.osgi.framework.ServiceRegistration<?> nonBundles;
    /** SCR's runtime service: why a plugin component failed to activate. */
    @Reference
    private volatile ServiceComponentRuntime scr;
    private volatile BundleContext context;
    private BundleListener unloads;
    private BundleListener sweeper;

    /** A hooks service bound before activate(). */
    private record EarlyHooks(PluginSource source, ScheduleHooks hooks) {
    }

    /** Creates the component; DS calls this. */
    public HostComponent() {
    }

    @Activate
    void activate(BundleContext ctx, Map<String, Object> props) {
        this.context = ctx;
        HostSettings settings;
        try {
            settings = HostSettingsParser.parse(props, ctx::getProperty);
        } catch (IllegalArgumentException e) {
            // One clear line; the launcher checks the framework properties before starting
            // (HostSettingsParser.fromProperties), so this is a bad live configuration or another launcher.
            log.log(Level.ERROR, "Orrery host not started: " + e.getMessage());
            throw e;
        }
        HostCore c = HostCore.create(settings, new FrontEnd() {
            @Override
            public void stopApplication(String after) {
                stopFramework(after);
            }

            @Override
            public List<PluginStatus> foreignPlugins() {
                ForeignPlugins f = foreign;
                UnresolvedBundles u = unresolved;
                UnregisteredPlugins r = unregistered;
                List<PluginStatus> all = new ArrayList<>(f == null ? List.of() : f.statuses());
                all.addAll(u == null ? List.of() : u.statuses());
                all.addAll(r == null ? List.of() : r.statuses());
                return List.copyOf(all);
            }

            @Override
            public UnloadedCode unloadedCode() {
                return new UnloadedBundles();
            }
        }, log);
        c.start();
        // A bundle's code may be gone after these events (updated, refreshed, uninstalled): purge the
        // world of it at the next frame boundary (see GameHost, "Unloaded code").
        this.unloads = event -> {
            int type = event.getType();
            if (type == BundleEvent.UPDATED || type == BundleEvent.UNRESOLVED || type == BundleEvent.UNINSTALLED) {
                c.requestPurge();
            }
        };
        ctx.addBundleListener(unloads);
        // Felix 7.0.5 keeps a zero-count usage per (bundle, service) after ungetService, which keeps
        // every stopped plugin bundle reachable: flush them when a bundle stops (see the class).
        this.sweeper = new ServiceUsageSweeper(ctx, ServiceUsageSweeper.DEFAULT_SERVICES, () -> scr, log);
        ctx.addBundleListener(sweeper);
        this.foreign = new ForeignPlugins(ctx, c::mainSchedule, c::foreignPluginsChanged, log);
        foreign.open();
        this.unresolved = new UnresolvedBundles(ctx, c::mainSchedule, c::foreignPluginsChanged, log);
        unresolved.open();
        this.unregistered = new UnregisteredPlugins(ctx, c::mainSchedule, c::foreignPluginsChanged, log);
        unregistered.open();
        if (fileInstallPresent()) {
            this.nonBundles = NonBundleFiles.register(ctx, log);
        }
        PluginServices s = new PluginServices(ctx, new PluginServices.Callbacks() {
            @Override
            public void got(ServiceReference<Plugin> ref, Plugin plugin) {
                if (!c.pluginAdded(sourceOf(ref), plugin)) {
                    releasePlugin(ref); // unbound meanwhile
                }
            }

            @Override
            public void failed(ServiceReference<Plugin> ref, RuntimeException error) {
                pluginFailed(c, ref, error);
            }

            @Override
            public boolean wanted(ServiceReference<Plugin> ref) {
                return c.isBound(idOf(ref));
            }
        }, log, () -> c.settings().frameWarnLimit().toMillis());
        List<ServiceReference<Plugin>> bound;
        synchronized (lock) {
            bound = List.copyOf(early);
            early.clear();
            earlyHooks.values().forEach(h -> c.hooksAdded(h.source(), h.hooks()));
            earlyHooks.clear();
            bound.forEach(ref -> c.pluginBound(idOf(ref)));
            services = s;
            core = c;
        }
        // The plugins bound before activation are fetched on workers, and the forced rebuild is asked for
        // after them (or after the threshold, when one is slow), so it has them (a plugin arriving
        // meanwhile on another thread may give an earlier rebuild of its own; the forced one follows).
        bound.forEach(s::fetch);
        s.after(c::requestRebuild);
    }

    @Modified
    void modified(Map<String, Object> props) {
        HostCore c = core;
        BundleContext ctx = context;
        if (c == null || ctx == null) {
            return;
        }
        try {
            c.configure(HostSettingsParser.parse(props, ctx::getProperty));
        } catch (IllegalArgumentException e) {
            log.log(Level.ERROR, e.getMessage() + "; the host keeps its previous configuration: " + c.settings());
        }
    }

    @Deactivate
    void deactivate() {
        if (unloads != null) {
            removeListener(unloads);
            unloads = null;
        }
        if (sweeper != null) {
            removeListener(sweeper);
            sweeper = null;
        }
        if (foreign != null) {
            foreign.close();
            foreign = null;
        }
        if (unresolved != null) {
            unresolved.close();
            unresolved = null;
        }
        if (unregistered != null) {
            unregistered.close();
            unregistered = null;
        }
        if (nonBundles != null) {
            try {
                nonBundles.unregister();
            } catch (IllegalStateException e) {
                // already gone with the framework
            }
            nonBundles = null;
        }
        PluginServices s = services;
        if (s != null) {
            s.shutdown(); // kept: the unbinds that follow deactivation release the service objects
        }
        HostCore c = core;
        if (c != null) {
            c.stop(); // kept: status() answers with the last status
        }
    }

    private void removeListener(BundleListener listener) {
        try {
            context.removeBundleListener(listener);
        } catch (IllegalStateException e) {
            // the framework is stopping: the listener goes with it
        }
    }

    /**
     * @return whether the host bundle is wired to Felix FileInstall's API (an optional import): only
     *     then may {@link NonBundleFiles}, which implements it, be loaded
     */
    private static boolean fileInstallPresent() {
        try {
            HostComponent.class.getClassLoader().loadClass(NON_BUNDLE_API);
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Stops the system bundle from a new thread (a DS component must not stop it from its own calls). */
    private void stopFramework(String after) {
        BundleContext ctx = context;
        if (ctx == null) {
            return;
        }
        FrameworkStop.request(ctx, after, log);
    }

    // ---------------------------------------------------------------- service tracking

    /*
     * Plugins are bound by ServiceReference only: SCR does not get (activate) a plugin component while
     * it activates the host, so a plugin that references GameHost activates later, with the host's
     * service there, and no "Circular reference" error (see PluginServices). Every service object is got
     * on a worker of its own, never on the registering thread (FileInstall's: a slow constructor would
     * hold up all hot plugging), which waits for it at most frameWarnMillis; a component whose activation
     * fails is reported EXCLUDED with SCR's failure (ComponentFailures).
     */
    @Reference(name = "plugin", service = Plugin.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "unbindPlugin", updated = "updatedPlugin")
    void bindPlugin(ServiceReference<Plugin> ref) {
        PluginServices s;
        synchronized (lock) {
            HostCore c = core;
            if (c == null) {
                early.add(ref); // bound before activate(): fetched at its end
                return;
            }
            c.pluginBound(idOf(ref));
            s = services;
        }
        s.fetchWhileRegistering(ref); // on a worker; this thread waits at most frameWarnMillis: see PluginServices
    }

    /** The fetch thread got no service object: report SCR's failure as an EXCLUDED plugin. */
    private void pluginFailed(HostCore c, ServiceReference<Plugin> ref, RuntimeException error) {
        var failure = ComponentFailures.of(scr, ref);
        String component = failure.map(ComponentFailures.Failure::component)
                .orElse(String.valueOf(ref.getProperty(ComponentConstants.COMPONENT_NAME)));
        String what = failure.map(f -> "its component failed to activate: " + f.failure())
                .orElse(error != null ? "getting its service object threw " + error
                        : "its service factory gave no service object");
        PluginSource source = sourceOf(ref);
        String name = "null".equals(component) ? source.origin() + "#" + source.id() : component;
        c.pluginExcluded(source, name, what + "; fix the plugin and update or restart its bundle");
    }

    /** The service's properties changed: only its schedule (property {@code orrery.schedule}) matters. */
    void updatedPlugin(ServiceReference<Plugin> ref) {
        HostCore c = core;
        if (c != null) {
            c.pluginScheduleChanged(idOf(ref), sourceOf(ref).schedule());
        }
    }

    void unbindPlugin(ServiceReference<Plugin> ref) {
        HostCore c;
        synchronized (lock) {
            early.remove(ref);
            c = core;
        }
        if (c != null) {
            c.pluginRemoved(idOf(ref));
        }
        releasePlugin(ref);
    }

    private void releasePlugin(ServiceReference<Plugin> ref) {
        PluginServices s = services;
        if (s != null) {
            s.release(ref);
        }
    }

    @Reference(name = "hooks", service = ScheduleHooks.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "unbindHooks", updated = "updatedHooks")
    void bindHooks(ServiceReference<ScheduleHooks> ref, ScheduleHooks service) {
        PluginSource source = sourceOf(ref);
        HostCore c;
        synchronized (lock) {
            c = core;
            if (c == null) {
                earlyHooks.put(source.id(), new EarlyHooks(source, service));
                return;
            }
        }
        c.hooksAdded(source, service);
    }

    void updatedHooks(ServiceReference<ScheduleHooks> ref, ScheduleHooks service) {
        bindHooks(ref, service);
    }

    void unbindHooks(ServiceReference<ScheduleHooks> ref, ScheduleHooks service) {
        HostCore c;
        synchronized (lock) {
            earlyHooks.remove(idOf(ref));
            c = core;
        }
        if (c != null) {
            c.hooksRemoved(idOf(ref));
        }
    }

    /** @return the service's id, its bundle as {@code symbolicName/version} and its {@code orrery.schedule} property */
    private static PluginSource sourceOf(ServiceReference<?> ref) {
        var b = ref.getBundle();
        String bundle = b == null ? "?" : b.getSymbolicName() + "/" + b.getVersion();
        Object schedule = ref.getProperty(Plugin.SCHEDULE_PROPERTY);
        return new PluginSource(idOf(ref), bundle, schedule == null ? null : String.valueOf(schedule));
    }

    private static long idOf(ServiceReference<?> ref) {
        return (Long) ref.getProperty(Constants.SERVICE_ID);
    }

    // ---------------------------------------------------------------- GameHost: the core's

    /** @return the core; throws IllegalStateException before activation */
    private HostCore host() {
        HostCore c = core;
        if (c == null) {
            throw new IllegalStateException("the Orrery host is stopped");
        }
        return c;
    }

    @Override
    public String mainSchedule() {
        return host().mainSchedule();
    }

    @Override
    public Schedules schedules() {
        HostCore c = core;
        return c == null ? Schedules.EMPTY : c.schedules();
    }

    @Override
    public HostStatus status() {
        return host().status();
    }

    @Override
    public List<PluginStatus> plugins() {
        HostCore c = core;
        return c == null ? List.of() : c.plugins();
    }

    @Override
    public List<ObserverStatus> observers() {
        HostCore c = core;
        return c == null ? List.of() : c.observers();
    }

    @Override
    public List<RebuildInfo> rebuilds() {
        HostCore c = core;
        return c == null ? List.of() : c.rebuilds();
    }

    @Override
    public long changes() {
        HostCore c = core;
        return c == null ? 0 : c.changes();
    }

    @Override
    public CompletionStage<Long> awaitChange(long since) {
        HostCore c = core;
        return c == null ? CompletableFuture.failedFuture(new IllegalStateException("the Orrery host is stopped"))
                : c.awaitChange(since);
    }

    @Override
    public void pause() {
        host().pause();
    }

    @Override
    public void resume() {
        host().resume();
    }

    @Override
    public CompletionStage<Long> step(int frames) {
        return host().step(frames);
    }

    @Override
    public CompletionStage<Long> stepFixed(int steps) {
        return host().stepFixed(steps);
    }

    @Override
    public <T> CompletionStage<T> submit(Function<World, T> work) {
        return host().submit(work);
    }

    @Override
    public <T> CompletionStage<T> read(Function<World, T> work) {
        return host().read(work);
    }

    @Override
    public java.nio.file.Path saveDirectory() {
        return host().saveDirectory();
    }

    @Override
    public void requestShutdown(String reason) {
        host().requestShutdown(reason);
    }

    @Override
    public void requestRebuild() {
        host().requestRebuild();
    }
}
