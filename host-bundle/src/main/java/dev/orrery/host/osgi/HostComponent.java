package dev.orrery.host.internal;

import dev.orrery.host.GameHost;
import dev.orrery.host.HostStatus;
import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.host.Schedules;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.world.World;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.BundleException;
import org.osgi.framework.BundleListener;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
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
 * The host as a Declarative Services component (OSGi Compendium R8, 112): tracks {@link Plugin} and
 * {@link ScheduleHooks} services through dynamic, greedy, multiple references, rebuilds schedules
 * through the {@link RebuildCoordinator} and runs them on the {@link FrameLoop}. Registers
 * {@link GameHost}. Configuration PID {@value HostConfig#PID} (optional; see {@link HostConfig}).
 */
@Component(service = GameHost.class, immediate = true, configurationPid = HostConfig.PID,
        configurationPolicy = ConfigurationPolicy.OPTIONAL)
public final class HostComponent implements GameHost {
    private static final long BOUNDARY_WAIT_MILLIS = 2000;
    private static final long STOP_WAIT_MILLIS = 5000;
    private static final String NON_BUNDLE_API = "org.apache.felix.fileinstall.ArtifactInstaller";

    private final Logger log = java.lang.System.getLogger("dev.orrery.host");
    private final Object lock = new Object();
    private final Map<Long, PluginEntry> plugins = new java.util.HashMap<>(); // guarded by lock
    /** Service ids of the plugins without an {@code orrery.schedule} property: they join the main schedule. */
    private final java.util.Set<Long> onMainSchedule = new java.util.HashSet<>(); // guarded by lock
    private final Map<Long, HooksEntry> hooks = new java.util.HashMap<>(); // guarded by lock
    /** Service ids of the bound plugin services (fetched or not yet). */
    private final java.util.Set<Long> wanted = new java.util.HashSet<>(); // guarded by lock
    /** Plugin services bound before activate(), fetched at its end. */
    private final List<ServiceReference<Plugin>> early = new ArrayList<>(); // guarded by lock
    /** Plugin services whose component failed to activate, by service id. */
    private final Map<Long, PluginStatus> failed = new java.util.TreeMap<>(); // guarded by lock
    /** Gets plugin service objects; set at the end of activate() (guarded by lock when set), kept after deactivate to release. */
    private volatile PluginServices services;
    private ForeignPlugins foreign;
    /** The installer that reports plugin files that are not bundles; null without FileInstall. */
    private org.osgi.framework.ServiceRegistration<?> nonBundles;
    /** SCR's runtime service: why a plugin component failed to activate. */
    @Reference
    private volatile ServiceComponentRuntime scr;
    /** The frame loop's last status, kept when the host stops (loop and world are dropped then). */
    private volatile HostStatus stoppedStatus;
    private long generation; // guarded by lock
    private volatile HostConfig config = HostConfig.defaults();
    private volatile FrameLoop loop;
    private volatile RebuildCoordinator coordinator;
    private volatile BundleContext context;
    private BundleListener unloads;
    private BundleListener sweeper;
    private final java.util.concurrent.atomic.AtomicBoolean shutdownStarted = new java.util.concurrent.atomic.AtomicBoolean();

    /** Creates the component; DS calls this. */
    public HostComponent() {
    }

    @Activate
    void activate(BundleContext ctx, Map<String, Object> props) {
        this.context = ctx;
        try {
            this.config = HostConfig.from(props, ctx::getProperty);
        } catch (IllegalArgumentException e) {
            // One clear line; the launcher checks the framework properties before starting (HostSettings),
            // so this is reached with a bad ConfigAdmin configuration or under another launcher.
            log.log(Level.ERROR, "Orrery host not started: " + e.getMessage());
            throw e;
        }
        FrameLoop l = new FrameLoop(config, new SystemTracker(), log, new FrameLoop.Ended() {
            @Override
            public void budgetDone() {
                HostComponent.this.budgetDone();
            }

            @Override
            public void died(dev.orrery.host.SystemFault fault) {
                if (config.stopFrameworkWhenDone()) {
                    stopFramework("the frame thread died");
                }
            }
        }, java.lang.System::nanoTime);
        l.purgeWith(UnloadedBundles::new);
        RebuildCoordinator c = new RebuildCoordinator(this::snapshot, l, log);
        this.loop = l;
        this.coordinator = c;
        l.start();
        // A bundle's code may be gone after these events (updated, refreshed, uninstalled): purge the
        // world of it at the next frame boundary (see GameHost, "Unloaded code").
        this.unloads = event -> {
            int type = event.getType();
            if (type == BundleEvent.UPDATED || type == BundleEvent.UNRESOLVED || type == BundleEvent.UNINSTALLED) {
                l.requestPurge();
            }
        };
        ctx.addBundleListener(unloads);
        // Felix 7.0.5 keeps a zero-count usage per (bundle, service) after ungetService, which keeps
        // every stopped plugin bundle reachable: flush them when a bundle stops (see the class).
        this.sweeper = new ServiceUsageSweeper(ctx, ServiceUsageSweeper.DEFAULT_SERVICES, () -> scr, log);
        ctx.addBundleListener(sweeper);
        this.foreign = new ForeignPlugins(ctx, () -> config.mainSchedule(), log);
        foreign.open();
        if (fileInstallPresent()) {
            this.nonBundles = NonBundleFiles.register(ctx, log);
        }
        log.log(Level.INFO, "Orrery host started: main schedule '" + config.mainSchedule() + "', "
                + config.mode() + " mode, declared plugin order " + config.order());
        PluginServices s = new PluginServices(ctx, new PluginServices.Callbacks() {
            @Override
            public void got(ServiceReference<Plugin> ref, Plugin plugin) {
                gotPlugin(ref, plugin);
            }

            @Override
            public void failed(ServiceReference<Plugin> ref, RuntimeException error) {
                pluginFailed(ref, error);
            }

            @Override
            public boolean wanted(ServiceReference<Plugin> ref) {
                synchronized (lock) {
                    return HostComponent.this.wanted.contains(idOf(ref));
                }
            }
        }, log);
        List<ServiceReference<Plugin>> bound;
        synchronized (lock) {
            bound = List.copyOf(early);
            early.clear();
            services = s;
        }
        // The plugins bound before activation are fetched on the fetch thread, and the forced rebuild is
        // asked for after them, so it has them (a plugin arriving meanwhile on another thread may give an
        // earlier rebuild of its own; the forced one follows).
        bound.forEach(s::fetch);
        s.after(() -> c.request(config, true));
    }

    @Modified
    void modified(Map<String, Object> props) {
        HostConfig next;
        try {
            next = HostConfig.from(props, context::getProperty);
        } catch (IllegalArgumentException e) {
            log.log(Level.ERROR, e.getMessage() + "; the host keeps its previous configuration: " + config);
            return;
        }
        this.config = next;
        FrameLoop l = loop;
        RebuildCoordinator c = coordinator;
        if (l == null || c == null) {
            return; // deactivated meanwhile
        }
        l.configure(next);
        log.log(Level.INFO, "host configuration changed: " + next);
        c.request(next, true);
    }

    @Deactivate
    void deactivate() {
        if (unloads != null) {
            try {
                context.removeBundleListener(unloads);
            } catch (IllegalStateException e) {
                // the framework is stopping: the listener goes with it
            }
            unloads = null;
        }
        if (sweeper != null) {
            try {
                context.removeBundleListener(sweeper);
            } catch (IllegalStateException e) {
                // the framework is stopping: the listener goes with it
            }
            sweeper = null;
        }
        if (foreign != null) {
            foreign.close();
            foreign = null;
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
        RebuildCoordinator c = coordinator;
        FrameLoop l = loop;
        if (c != null) {
            c.shutdown();
        }
        if (l != null && !l.stop(STOP_WAIT_MILLIS)) {
            log.log(Level.WARNING, "the frame loop did not reach a frame boundary within " + STOP_WAIT_MILLIS
                    + " ms of the stop request");
        }
        if (l != null) {
            stoppedStatus = l.status();
        }
        // Nothing here may keep the loop, the coordinator or the world reachable once the host is gone.
        coordinator = null;
        loop = null;
        log.log(Level.INFO, "Orrery host stopped after " + (l == null ? 0 : l.status().frames()) + " frames");
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

    private void budgetDone() {
        if (config.stopFrameworkWhenDone()) {
            stopFramework("the frame budget");
        }
    }

    /** Stops the system bundle from a new thread (a DS component must not stop it from its own calls). */
    private void stopFramework(String after) {
        BundleContext ctx = context;
        if (ctx == null || !shutdownStarted.compareAndSet(false, true)) {
            return;
        }
        Thread t = new Thread(() -> {
            try {
                ctx.getBundle(Constants.SYSTEM_BUNDLE_ID).stop();
            } catch (BundleException | IllegalStateException e) {
                log.log(Level.WARNING, "could not stop the framework after " + after, e);
            }
        }, "orrery-host-stop");
        t.start();
    }

    // ---------------------------------------------------------------- service tracking

    /*
     * Plugins are bound by ServiceReference only: SCR does not get (activate) a plugin component while
     * it activates the host, so a plugin that references GameHost activates later, with the host's
     * service there, and no "Circular reference" error (see PluginServices). The service objects of
     * plugins bound before activation ended are got on the plugin-services thread, later ones at once on
     * the registering thread; a component whose activation fails is reported EXCLUDED
     * with SCR's failure (ComponentFailures).
     */
    @Reference(name = "plugin", service = Plugin.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "unbindPlugin", updated = "updatedPlugin")
    void bindPlugin(ServiceReference<Plugin> ref) {
        PluginServices s;
        synchronized (lock) {
            wanted.add(idOf(ref));
            s = services;
            if (s == null) {
                early.add(ref); // bound before activate(): fetched at its end
                return;
            }
        }
        s.fetchNow(ref); // on the thread that registered it: see PluginServices
    }

    /** The service object was got: snapshot the plugin and rebuild. */
    private void gotPlugin(ServiceReference<Plugin> ref, Plugin plugin) {
        String declared = scheduleOf(ref);
        PluginEntry entry = PluginEntry.of(plugin, declared == null ? config.mainSchedule() : declared, bundleOf(ref),
                idOf(ref));
        synchronized (lock) {
            if (!wanted.contains(entry.serviceId())) {
                entry = null; // unbound meanwhile
            } else {
                // The schedule property again, under the lock: an updatedPlugin() that came while the data
                // was read (outside the lock) found no entry to change.
                String now = scheduleOf(ref);
                if (!java.util.Objects.equals(now, declared)) {
                    declared = now;
                    entry = entry.inSchedule(now == null ? config.mainSchedule() : now);
                }
                failed.remove(entry.serviceId());
                plugins.put(entry.serviceId(), entry);
                if (declared == null) {
                    onMainSchedule.add(entry.serviceId());
                } else {
                    onMainSchedule.remove(entry.serviceId());
                }
                generation++;
            }
        }
        if (entry == null) {
            releasePlugin(ref);
            return;
        }
        RebuildCoordinator c = coordinator;
        if (c != null) {
            c.arrived(entry.name(), config);
        }
    }

    /** The fetch thread got no service object: report SCR's failure, one line, and an EXCLUDED status. */
    private void pluginFailed(ServiceReference<Plugin> ref, RuntimeException error) {
        String bundle = bundleOf(ref);
        var failure = ComponentFailures.of(scr, ref);
        String component = failure.map(ComponentFailures.Failure::component)
                .orElse(String.valueOf(ref.getProperty(org.osgi.service.component.ComponentConstants.COMPONENT_NAME)));
        String what = failure.map(f -> "its component failed to activate: " + f.failure())
                .orElse(error != null ? "getting its service object threw " + error
                        : "its service factory gave no service object");
        String reason = what + "; fix the plugin and update or restart its bundle";
        String declared = scheduleOf(ref);
        String name = "null".equals(component) ? bundle + "#" + idOf(ref) : component;
        PluginStatus status = new PluginStatus(name, declared == null ? config.mainSchedule() : declared, bundle,
                idOf(ref), PluginState.EXCLUDED, reason);
        synchronized (lock) {
            if (!wanted.contains(idOf(ref))) {
                return;
            }
        }
        log.log(Level.ERROR, "plugin component '" + name + "' of bundle " + bundle + " (service " + idOf(ref)
                + ") EXCLUDED: " + reason);
        synchronized (lock) {
            if (wanted.contains(idOf(ref))) {
                failed.put(idOf(ref), status);
            }
        }
    }

    /**
     * The service's properties changed; its service object is the same, so the entry keeps the data
     * read when it was bound: only the schedule (service property {@code orrery.schedule}) may change.
     */
    void updatedPlugin(ServiceReference<Plugin> ref) {
        String declared = scheduleOf(ref);
        synchronized (lock) {
            PluginEntry entry = plugins.get(idOf(ref));
            if (entry == null) {
                return; // not fetched yet: the fetch reads the properties then
            }
            String schedule = declared == null ? config.mainSchedule() : declared;
            if (schedule.equals(entry.schedule()) && (declared == null) == onMainSchedule.contains(idOf(ref))) {
                return;
            }
            plugins.put(entry.serviceId(), entry.inSchedule(schedule));
            if (declared == null) {
                onMainSchedule.add(entry.serviceId());
            } else {
                onMainSchedule.remove(entry.serviceId());
            }
            generation++;
        }
        changed();
    }

    void unbindPlugin(ServiceReference<Plugin> ref) {
        PluginEntry gone;
        long gen;
        synchronized (lock) {
            wanted.remove(idOf(ref));
            early.remove(ref);
            failed.remove(idOf(ref));
            gone = plugins.remove(idOf(ref));
            gen = gone == null ? generation : ++generation;
            if (gone != null) {
                onMainSchedule.remove(idOf(ref));
            }
        }
        if (gone != null) {
            departed(gone, gen);
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
        HooksEntry entry = new HooksEntry(service, scheduleOf(ref), idOf(ref), bundleOf(ref));
        synchronized (lock) {
            hooks.put(entry.serviceId(), entry);
            generation++;
        }
        changed();
    }

    void updatedHooks(ServiceReference<ScheduleHooks> ref, ScheduleHooks service) {
        bindHooks(ref, service);
    }

    void unbindHooks(ServiceReference<ScheduleHooks> ref, ScheduleHooks service) {
        synchronized (lock) {
            if (hooks.remove(idOf(ref)) == null) {
                return;
            }
            generation++;
        }
        FrameLoop l = loop;
        if (l != null) {
            l.retireObserver(idOf(ref), BOUNDARY_WAIT_MILLIS);
        }
        changed();
    }

    /**
     * A plugin service left: its systems stop at the next frame boundary (this waits for it, at most
     * for the frame in progress) and frames go on without them; then the coalesced rebuild follows.
     */
    private void departed(PluginEntry gone, long gen) {
        FrameLoop l = loop;
        if (l != null && gone.usable()) {
            l.suspend(gone.data(), gone.name(), gen, BOUNDARY_WAIT_MILLIS);
        }
        RebuildCoordinator c = coordinator;
        if (c != null) {
            c.departed(gone.name(), config);
        }
    }

    private void changed() {
        RebuildCoordinator c = coordinator;
        if (c != null) {
            c.request(config, false);
        }
    }

    private RebuildCoordinator.Snapshot snapshot() {
        synchronized (lock) {
            List<HooksEntry> h = new ArrayList<>(hooks.values());
            h.sort(Comparator.comparingLong(HooksEntry::serviceId));
            HostConfig c = config;
            List<PluginEntry> p = new ArrayList<>(plugins.size());
            for (PluginEntry e : plugins.values()) {
                boolean toMain = onMainSchedule.contains(e.serviceId()) && !e.schedule().equals(c.mainSchedule());
                p.add(toMain ? e.inSchedule(c.mainSchedule()) : e);
            }
            return new RebuildCoordinator.Snapshot(generation, c, p, h);
        }
    }

    /** @return the service's {@code orrery.schedule} property, trimmed, or null when it has none (or a blank one) */
    private static String scheduleOf(ServiceReference<?> ref) {
        Object v = ref.getProperty(Plugin.SCHEDULE_PROPERTY);
        if (v == null || String.valueOf(v).isBlank()) {
            return null;
        }
        return String.valueOf(v).trim();
    }

    private static String bundleOf(ServiceReference<?> ref) {
        var b = ref.getBundle();
        return b == null ? "?" : b.getSymbolicName() + "/" + b.getVersion();
    }

    private static long idOf(ServiceReference<?> ref) {
        return (Long) ref.getProperty(Constants.SERVICE_ID);
    }

    // ---------------------------------------------------------------- GameHost

    @Override
    public String mainSchedule() {
        return config.mainSchedule();
    }

    @Override
    public Schedules schedules() {
        FrameLoop l = loop;
        return l == null ? Schedules.EMPTY : l.schedules();
    }

    @Override
    public HostStatus status() {
        FrameLoop l = loop;
        HostStatus stopped = stoppedStatus;
        if (l == null && stopped != null) {
            return stopped;
        }
        return running().status();
    }

    @Override
    public List<PluginStatus> plugins() {
        FrameLoop l = loop;
        if (l == null) {
            return List.of();
        }
        List<PluginStatus> fromLoop = l.plugins();
        List<PluginStatus> excluded;
        synchronized (lock) {
            excluded = new ArrayList<>(failed.values());
        }
        ForeignPlugins f = foreign;
        if (f != null) {
            excluded.addAll(f.statuses());
        }
        if (excluded.isEmpty()) {
            return fromLoop;
        }
        // The frame loop's statuses (as of the last swap), then the plugin services the host could
        // not use at all: components that failed to activate, services of another copy of the API.
        List<PluginStatus> all = new ArrayList<>(fromLoop);
        all.addAll(excluded);
        return List.copyOf(all);
    }

    @Override
    public List<dev.orrery.host.ObserverStatus> observers() {
        FrameLoop l = loop;
        return l == null ? List.of() : l.observers();
    }

    @Override
    public List<RebuildInfo> rebuilds() {
        FrameLoop l = loop;
        return l == null ? List.of() : l.rebuilds();
    }

    @Override
    public void pause() {
        running().pause();
    }

    @Override
    public void resume() {
        running().resume();
    }

    @Override
    public CompletionStage<Long> step(int frames) {
        FrameLoop l = loop;
        return l == null ? stopped() : l.step(frames);
    }

    @Override
    public <T> CompletionStage<T> submit(Function<World, T> work) {
        FrameLoop l = loop;
        return l == null ? stopped() : l.submit(work);
    }

    @Override
    public void requestShutdown(String reason) {
        java.util.Objects.requireNonNull(reason, "requestShutdown: reason");
        if (shutdownStarted.get()) {
            return;
        }
        log.log(Level.INFO, "shutdown requested (" + reason + "): the frame loop stops at the next frame boundary,"
                + " then the framework stops");
        FrameLoop l = loop;
        if (l != null) {
            l.stop(0);
        }
        stopFramework("the shutdown request (" + reason + ")");
    }

    @Override
    public void requestRebuild() {
        RebuildCoordinator c = coordinator;
        if (c == null) {
            throw new IllegalStateException("the Orrery host is stopped");
        }
        c.request(config, true);
    }

    private static <T> CompletionStage<T> stopped() {
        return java.util.concurrent.CompletableFuture.failedFuture(
                new IllegalStateException("the Orrery host is stopped; work was not run"));
    }

    /** @return the frame loop; throws IllegalStateException once the host is deactivated */
    private FrameLoop running() {
        FrameLoop l = loop;
        if (l == null) {
            throw new IllegalStateException("the Orrery host is stopped");
        }
        return l;
    }
}
