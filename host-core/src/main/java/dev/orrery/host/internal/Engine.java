package dev.orrery.host.internal;

import dev.orrery.host.HostSettings;
import dev.orrery.host.HostStatus;
import dev.orrery.host.ObserverStatus;
import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.host.Schedules;
import dev.orrery.host.SystemFault;
import dev.orrery.host.core.FrontEnd;
import dev.orrery.host.core.HostCore;
import dev.orrery.host.core.PluginSource;
import dev.orrery.host.core.StaticState;
import dev.orrery.host.internal.frame.FrameLoop;
import dev.orrery.host.internal.frame.ParkedReads;
import dev.orrery.host.internal.frame.SupplyWorkers;
import dev.orrery.host.internal.plugins.HooksEntry;
import dev.orrery.host.internal.plugins.PluginEntry;
import dev.orrery.host.internal.rebuild.RebuildCoordinator;
import dev.orrery.schedule.ParkListener;
import dev.orrery.schedule.ParkedUpdate;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.world.World;
import dev.orrery.world.snapshot.SnapshotBuffers;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * The {@link HostCore} implementation: the plugin registry (what the front ends hand over, by
 * {@link PluginSource#id()}), feeding the {@link RebuildCoordinator} snapshots and running the
 * {@link FrameLoop}. Made by {@link EngineFactory}, which {@link HostCore#create} finds with
 * {@link java.util.ServiceLoader}; the package is not exported.
 */
final class Engine implements HostCore {
    private static final long BOUNDARY_WAIT_MILLIS = 2000;
    private static final long STOP_WAIT_MILLIS = 5000;
    /** The file of the save on stop, in the save directory. */
    static final String STOP_FILE = "stop.cbor";

    private final Logger log;
    private final FrontEnd frontEnd;
    private final Object lock = new Object();
    private final Map<Long, PluginEntry> plugins = new HashMap<>(); // guarded by lock
    /** Ids of the plugins without a declared schedule: they join the main schedule, whichever it is. */
    private final Set<Long> onMainSchedule = new HashSet<>(); // guarded by lock
    private final Map<Long, HooksEntry> hooks = new HashMap<>(); // guarded by lock
    /** Ids of the bound plugins (added or not yet). */
    private final Set<Long> bound = new HashSet<>(); // guarded by lock
    /** Declared schedules changed while a bound plugin was not added yet (empty: none declared). */
    private final Map<Long, Optional<String>> laterSchedule = new HashMap<>(); // guarded by lock
    /** Bound plugins whose object the front end could not make, by id. */
    private final Map<Long, PluginStatus> failed = new TreeMap<>(); // guarded by lock
    private long generation; // guarded by lock
    private final AtomicBoolean started = new AtomicBoolean();
    /**
     * Set by the first {@link #requestRebuild()}: until then changes are only recorded, so the front
     * end's initial plugins and hooks give one rebuild (with all of them), not one per arrival.
     */
    private volatile boolean rebuilding;
    private final AtomicBoolean shutdownStarted = new AtomicBoolean();
    private volatile HostSettings config;
    private volatile FrameLoop loop;
    private volatile RebuildCoordinator coordinator;
    /** The frame loop's last status, kept when the host stops (loop and world are dropped then). */
    private volatile HostStatus stoppedStatus;
    private final HostChanges changes;
    /** Where {@code Cooperative.supply} of the host's systems runs; shut down when the host stops. */
    private final ExecutorService supplyWorkers = SupplyWorkers.create();
    /** Lets {@link #read} run on the calling thread while the world update is parked. */
    private final ParkedReads parkedReads = new ParkedReads();

    private Engine(HostSettings config, FrontEnd frontEnd, Logger log) {
        this.config = config;
        this.frontEnd = frontEnd;
        this.log = log;
        this.changes = new HostChanges(HostChanges.notifierThread());
        RunProbe probe = RunProbe.builder().workers(supplyWorkers).listener(new ParkListener() {
            @Override
            public void parked(ParkedUpdate update) {
                parkedReads.parked(update);
                changes.changed();
            }

            @Override
            public void resumed(ParkedUpdate update) {
                parkedReads.resumed(update);
                changes.changed();
            }
        }).build();
        FrameLoop l = new FrameLoop(config, probe, log, new FrameLoop.Ended() {
            @Override
            public void budgetDone() {
                if (Engine.this.config.stopFrameworkWhenDone()) {
                    stopApplication("the frame budget");
                }
            }

            @Override
            public void died(SystemFault fault) {
                if (Engine.this.config.stopFrameworkWhenDone()) {
                    stopApplication("the frame thread died");
                }
            }
        }, java.lang.System::nanoTime, changes::changed);
        l.purgeWith(frontEnd::unloadedCode);
        Autosave autosave = new Autosave(this, () -> this.config, log);
        l.afterEachFrame(autosave::frameRan);
        this.loop = l;
        this.coordinator = new RebuildCoordinator(this::snapshot, l, log);
    }

    /**
     * See {@link HostCore#create}.
     *
     * @param settings the host settings
     * @param frontEnd the front end's callbacks
     * @param log where the host logs
     * @return the host, not started
     */
    static Engine create(HostSettings settings, FrontEnd frontEnd, Logger log) {
        Objects.requireNonNull(settings, "HostCore.create: settings");
        Objects.requireNonNull(frontEnd, "HostCore.create: frontEnd");
        Objects.requireNonNull(log, "HostCore.create: log");
        return new Engine(settings, frontEnd, log);
    }

    // ---------------------------------------------------------------- life cycle

    @Override
    public void start() {
        FrameLoop l = loop;
        if (l == null || !started.compareAndSet(false, true)) {
            throw new IllegalStateException("the Orrery host was already started");
        }
        l.start();
        HostSettings c = config;
        log.log(Level.INFO, "Orrery host started: main schedule '" + c.mainSchedule() + "', " + c.mode()
                + " mode, declared plugin order " + c.order());
        if (c.startPaused()) {
            log.log(Level.INFO, "the simulation starts paused: no frame runs until it is stepped or resumed"
                    + " (GameHost.step/resume; devtools: orrery:step, orrery:resume)");
        }
    }

    @Override
    public HostSettings settings() {
        return config;
    }

    @Override
    public void configure(HostSettings next) {
        Objects.requireNonNull(next, "configure: settings");
        this.config = next;
        FrameLoop l = loop;
        RebuildCoordinator c = coordinator;
        if (l == null || c == null) {
            return; // stopped meanwhile
        }
        l.configure(next);
        changes.changed();
        log.log(Level.INFO, "host configuration changed: " + next);
        if (rebuilding) {
            c.request(next, true);
        }
    }

    @Override
    public void stop() {
        RebuildCoordinator c = coordinator;
        FrameLoop l = loop;
        if (l == null) {
            return;
        }
        if (c != null) {
            c.shutdown();
        }
        if (config.saveOnStop() && started.get()) {
            saveOnStop();
        }
        if (!l.stop(STOP_WAIT_MILLIS)) {
            HostStatus now = l.status();
            log.log(Level.WARNING, now.stuck().map(f -> "the host stops without waiting for its frame thread: "
                    + f.describe()).orElse("the frame loop did not reach a frame boundary within " + STOP_WAIT_MILLIS
                    + " ms of the stop request"));
        }
        stoppedStatus = l.status();
        supplyWorkers.shutdownNow();
        // Nothing here may keep the loop, the coordinator or the world reachable once the host is gone.
        coordinator = null;
        loop = null;
        changes.close();
        log.log(Level.INFO, "Orrery host stopped after " + l.status().frames() + " frames");
    }

    /** The save on an orderly stop: at the next frame boundary, waited for at most {@value #STOP_WAIT_MILLIS} ms. */
    private void saveOnStop() {
        Path file = config.saveDirectory().resolve(STOP_FILE);
        try {
            HostSaveFiles.save(this, file, SnapshotBuffers.none()).toCompletableFuture().get(STOP_WAIT_MILLIS, TimeUnit.MILLISECONDS);
            log.log(Level.INFO, "saved the world to " + file + " before the host stops");
        } catch (ExecutionException e) {
            log.log(Level.WARNING, "the save on stop to " + file + " failed: " + e.getCause().getMessage());
        } catch (TimeoutException e) {
            log.log(Level.WARNING, "the save on stop to " + file + " did not complete within " + STOP_WAIT_MILLIS
                    + " ms; the host stops without it");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            log.log(Level.WARNING, "the save on stop to " + file + " was interrupted; the host stops without it");
        }
    }

    @Override
    public Path saveDirectory() {
        return config.saveDirectory();
    }

    private void stopApplication(String after) {
        if (shutdownStarted.compareAndSet(false, true)) {
            frontEnd.stopApplication(after);
        }
    }

    // ---------------------------------------------------------------- plugins and hooks

    @Override
    public void pluginBound(long id) {
        synchronized (lock) {
            bound.add(id);
        }
    }

    @Override
    public boolean isBound(long id) {
        synchronized (lock) {
            return bound.contains(id);
        }
    }

    @Override
    public boolean pluginAdded(PluginSource source, Plugin plugin) {
        Objects.requireNonNull(source, "pluginAdded: source");
        Objects.requireNonNull(plugin, "pluginAdded: plugin");
        long id = source.id();
        String declared = source.schedule();
        HostSettings c = config;
        boolean failedGone;
        // Plugin code runs here, outside the lock.
        PluginEntry entry = PluginEntry.of(plugin, declared == null ? c.mainSchedule() : declared, source.origin(), id);
        synchronized (lock) {
            if (!bound.contains(id)) {
                return false; // removed meanwhile (or never bound)
            }
            Optional<String> later = laterSchedule.remove(id);
            if (later != null) {
                declared = later.orElse(null);
                entry = entry.inSchedule(declared == null ? config.mainSchedule() : declared);
            }
            failedGone = failed.remove(id) != null;
            plugins.put(id, entry);
            if (declared == null) {
                onMainSchedule.add(id);
            } else {
                onMainSchedule.remove(id);
            }
            generation++;
        }
        if (failedGone) {
            changes.changed(); // its EXCLUDED status is gone from plugins()
        }
        warnStaticState(entry);
        RebuildCoordinator r = coordinator;
        if (r != null && rebuilding) {
            r.arrived(entry.name(), config);
        }
        return true;
    }

    /** One WARNING line per mutable static field of the plugin's own classes ({@link StaticState}). */
    private void warnStaticState(PluginEntry entry) {
        Plugin data = entry.data();
        if (data == null) {
            return;
        }
        for (String field : StaticState.fields(entry.plugin().getClass(), data.systems(), data.sets(),
                data.observers())) {
            log.log(Level.WARNING, "plugin '" + entry.name() + "' (" + entry.bundle() + "): " + StaticState.warning(field));
        }
    }

    @Override
    public void pluginExcluded(PluginSource source, String name, String reason) {
        Objects.requireNonNull(source, "pluginExcluded: source");
        Objects.requireNonNull(name, "pluginExcluded: name");
        Objects.requireNonNull(reason, "pluginExcluded: reason");
        long id = source.id();
        String schedule = source.schedule() == null ? config.mainSchedule() : source.schedule();
        PluginStatus status = PluginStatus.builder().name(name).schedule(schedule).bundle(source.origin()).serviceId(id)
                .state(PluginState.EXCLUDED).reason(reason).build();
        synchronized (lock) {
            if (!bound.contains(id)) {
                return;
            }
            failed.put(id, status);
        }
        changes.changed();
        log.log(Level.ERROR, "plugin '" + name + "' of " + source.origin() + " (id " + id + ") EXCLUDED: " + reason);
    }

    @Override
    public void pluginScheduleChanged(long id, String declaredSchedule) {
        String declared = declaredSchedule == null || declaredSchedule.isBlank() ? null : declaredSchedule.trim();
        synchronized (lock) {
            PluginEntry entry = plugins.get(id);
            if (entry == null) {
                if (bound.contains(id)) {
                    laterSchedule.put(id, Optional.ofNullable(declared)); // pluginAdded takes it
                }
                return;
            }
            String schedule = declared == null ? config.mainSchedule() : declared;
            if (schedule.equals(entry.schedule()) && (declared == null) == onMainSchedule.contains(id)) {
                return;
            }
            plugins.put(id, entry.inSchedule(schedule));
            if (declared == null) {
                onMainSchedule.add(id);
            } else {
                onMainSchedule.remove(id);
            }
            generation++;
        }
        askForRebuild();
    }

    @Override
    public void pluginRemoved(long id) {
        PluginEntry gone;
        long gen;
        boolean failedGone;
        synchronized (lock) {
            bound.remove(id);
            laterSchedule.remove(id);
            failedGone = failed.remove(id) != null;
            gone = plugins.remove(id);
            gen = gone == null ? generation : ++generation;
            onMainSchedule.remove(id);
        }
        if (failedGone) {
            changes.changed();
        }
        if (gone == null) {
            return;
        }
        // Its systems stop at the next frame boundary (this waits for it, at most for the frame in
        // progress) and frames go on without them; then the coalesced rebuild follows.
        FrameLoop l = loop;
        if (l != null && gone.usable()) {
            l.suspend(gone.data(), gone.name(), gen, BOUNDARY_WAIT_MILLIS);
        }
        RebuildCoordinator c = coordinator;
        if (c != null && rebuilding) {
            c.departed(gone.name(), config);
        }
    }

    @Override
    public void hooksAdded(PluginSource source, ScheduleHooks service) {
        Objects.requireNonNull(source, "hooksAdded: source");
        HooksEntry entry = new HooksEntry(service, source.schedule(), source.id(), source.origin());
        synchronized (lock) {
            hooks.put(entry.serviceId(), entry);
        }
        observersChanged();
    }

    @Override
    public void hooksRemoved(long id) {
        synchronized (lock) {
            if (hooks.remove(id) == null) {
                return;
            }
        }
        FrameLoop l = loop;
        if (l != null) {
            l.retireObserver(id, BOUNDARY_WAIT_MILLIS);
        }
        observersChanged();
    }

    /**
     * The observer services changed: the frame loop puts the tracked ones in the schedules' observer
     * slots at the next frame boundary. No schedule is rebuilt and nothing is logged.
     */
    private void observersChanged() {
        FrameLoop l = loop;
        if (l == null) {
            return;
        }
        synchronized (lock) { // under the lock: the frame loop gets the lists in the order they were made
            List<HooksEntry> h = new ArrayList<>(hooks.values());
            h.sort(Comparator.comparingLong(HooksEntry::serviceId));
            l.observersChanged(h);
        }
    }

    @Override
    public void requestPurge() {
        FrameLoop l = loop;
        if (l != null) {
            l.requestPurge();
        }
    }

    private void askForRebuild() {
        RebuildCoordinator c = coordinator;
        if (c != null && rebuilding) {
            c.request(config, false);
        }
    }

    private RebuildCoordinator.Snapshot snapshot() {
        synchronized (lock) {
            HostSettings c = config;
            List<PluginEntry> p = new ArrayList<>(plugins.size());
            for (PluginEntry e : plugins.values()) {
                boolean toMain = onMainSchedule.contains(e.serviceId()) && !e.schedule().equals(c.mainSchedule());
                p.add(toMain ? e.inSchedule(c.mainSchedule()) : e);
            }
            return new RebuildCoordinator.Snapshot(generation, c, p);
        }
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
        excluded.addAll(frontEnd.foreignPlugins());
        if (excluded.isEmpty()) {
            return fromLoop;
        }
        // The frame loop's statuses (as of the last swap), then the plugins the host could not use at
        // all: objects the front end could not make, plugins of another copy of the API.
        List<PluginStatus> all = new ArrayList<>(fromLoop);
        all.addAll(excluded);
        return List.copyOf(all);
    }

    @Override
    public List<ObserverStatus> observers() {
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
    public CompletionStage<Long> stepFixed(int steps) {
        FrameLoop l = loop;
        return l == null ? stopped() : l.stepFixed(steps);
    }

    @Override
    public <T> CompletionStage<T> submit(Function<World, T> work) {
        FrameLoop l = loop;
        return l == null ? stopped() : l.submit(work);
    }

    @Override
    public <T> CompletionStage<T> read(Function<World, T> work) {
        FrameLoop l = loop;
        return l == null ? stopped() : l.read(work, parkedReads);
    }

    @Override
    public long changes() {
        return changes.current();
    }

    @Override
    public CompletionStage<Long> awaitChange(long since) {
        return changes.await(since);
    }

    @Override
    public void foreignPluginsChanged() {
        changes.changed();
    }

    @Override
    public void requestShutdown(String reason) {
        Objects.requireNonNull(reason, "requestShutdown: reason");
        if (shutdownStarted.get()) {
            return;
        }
        log.log(Level.INFO, "shutdown requested (" + reason + "): the frame loop stops at the next frame boundary,"
                + " then the application stops");
        FrameLoop l = loop;
        if (l != null) {
            l.stop(0);
        }
        stopApplication("the shutdown request (" + reason + ")");
    }

    @Override
    public void requestRebuild() {
        RebuildCoordinator c = coordinator;
        if (c == null) {
            throw new IllegalStateException("the Orrery host is stopped");
        }
        rebuilding = true;
        c.request(config, true);
    }

    private static <T> CompletionStage<T> stopped() {
        return CompletableFuture.failedFuture(new IllegalStateException("the Orrery host is stopped; work was not run"));
    }

    /** @return the frame loop; throws IllegalStateException once the host is stopped */
    private FrameLoop running() {
        FrameLoop l = loop;
        if (l == null) {
            throw new IllegalStateException("the Orrery host is stopped");
        }
        return l;
    }
}
