package dev.orrery.host.internal;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Turns bursts of service events into single rebuilds, run on the builder thread.
 *
 * <p>Each {@link #request()} restarts a quiet period ({@code quietMillis}); the rebuild starts when no
 * event came for that long, or {@code maxDelayMillis} after the first event of the burst at the
 * latest. A rebuild takes a {@link Snapshot} of the tracked services, rebuilds every schedule whose
 * input (its plugin service objects in schedule order, its hooks, the declared order) changed, and
 * hands the result to the frame loop, which swaps it in at the next frame boundary. Schedule names
 * once seen are kept for the life of the host (a schedule whose last plugin left is rebuilt empty), so
 * each name keeps one state trait.
 */
final class RebuildCoordinator {
    /**
     * The tracked services at one moment.
     *
     * @param generation the service-event generation at the moment of the snapshot
     * @param config the host configuration
     * @param plugins the plugin services
     * @param hooks the hooks services, in service id order
     */
    record Snapshot(long generation, HostConfig config, List<PluginEntry> plugins, List<HooksEntry> hooks) {
    }

    private record Input(List<Object> identities, List<String> order) {
        boolean sameAs(Input other) {
            return other != null && order.equals(other.order) && sameIdentities(identities, other.identities);
        }
    }

    private final Supplier<Snapshot> snapshots;
    private final FrameLoop loop;
    private final Logger log;
    private final ScheduledExecutorService executor;
    private final Object lock = new Object();
    private ScheduledFuture<?> pending; // guarded by lock
    private long burstStartNanos; // guarded by lock
    private boolean force; // guarded by lock

    // Builder thread only.
    private final Set<String> knownSchedules = new TreeSet<>();
    private final Map<String, Input> lastInput = new HashMap<>();
    private final Map<String, Schedule> lastBuilt = new HashMap<>();
    private final Map<String, List<PluginStatus>> lastStatuses = new HashMap<>();
    private final Map<String, Map<String, Object>> lastActive = new HashMap<>();
    private final Map<String, List<ScheduleHooks>> lastHooks = new HashMap<>();
    private final Set<String> warnedUnlisted = new HashSet<>();
    private List<String> warnedFor = List.of();
    private long sequence;

    /**
     * @param snapshots reads the tracked services
     * @param loop where results are swapped in
     * @param log where warnings and exclusions are logged
     */
    RebuildCoordinator(Supplier<Snapshot> snapshots, FrameLoop loop, Logger log) {
        this.snapshots = snapshots;
        this.loop = loop;
        this.log = log;
        this.executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "orrery-host-builder");
            t.setDaemon(true);
            t.setContextClassLoader(RebuildCoordinator.class.getClassLoader());
            return t;
        });
    }

    /**
     * Asks for a rebuild after the quiet period.
     *
     * @param config the configuration in force (quiet period and maximum delay)
     * @param rebuildAll rebuild every schedule even if its input did not change
     */
    void request(HostConfig config, boolean rebuildAll) {
        synchronized (lock) {
            if (executor.isShutdown()) {
                return;
            }
            long now = java.lang.System.nanoTime();
            if (pending == null) {
                burstStartNanos = now;
            } else {
                pending.cancel(false);
            }
            force |= rebuildAll;
            long waited = TimeUnit.NANOSECONDS.toMillis(now - burstStartNanos);
            long delay = Math.max(0, Math.min(config.quietMillis(), config.maxDelayMillis() - waited));
            pending = executor.schedule(this::runRebuild, delay, TimeUnit.MILLISECONDS);
        }
    }

    /** Stops the builder thread; a rebuild in progress is abandoned. */
    void shutdown() {
        synchronized (lock) {
            executor.shutdownNow();
        }
        try {
            executor.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void runRebuild() {
        boolean all;
        synchronized (lock) {
            pending = null;
            all = force;
            force = false;
        }
        try {
            rebuild(all);
        } catch (RuntimeException | LinkageError e) {
            log.log(Level.ERROR, "rebuild failed", e);
        } finally {
            // Plugin code ran here (building calls into plugins): leave no class loader of theirs behind.
            Thread.currentThread().setContextClassLoader(RebuildCoordinator.class.getClassLoader());
        }
    }

    private void rebuild(boolean all) {
        Snapshot snap = snapshots.get();
        HostConfig config = snap.config();
        if (!config.order().equals(warnedFor)) {
            warnedUnlisted.clear();
            warnedFor = config.order();
        }
        Map<String, List<PluginEntry>> bySchedule = new LinkedHashMap<>();
        for (PluginEntry p : snap.plugins()) {
            bySchedule.computeIfAbsent(p.schedule(), k -> new ArrayList<>()).add(p);
        }
        knownSchedules.add(config.mainSchedule());
        knownSchedules.addAll(bySchedule.keySet());

        Map<String, Schedule> rebuilt = new HashMap<>();
        List<RebuildInfo> infos = new ArrayList<>();
        List<PluginStatus> statuses = new ArrayList<>();
        boolean counted = false;
        for (String name : knownSchedules) {
            PluginOrder.Result order = PluginOrder.order(bySchedule.getOrDefault(name, List.of()), config.order());
            List<ScheduleHooks> hooks = new ArrayList<>();
            for (HooksEntry h : snap.hooks()) {
                if (h.appliesTo(name)) {
                    hooks.add(h.hooks());
                }
            }
            List<Object> ids = new ArrayList<>();
            order.ordered().forEach(p -> ids.add(p.plugin()));
            ids.add("|");
            ids.addAll(hooks);
            Input input = new Input(ids, config.order());
            if (!all && input.sameAs(lastInput.get(name)) && lastBuilt.containsKey(name)) {
                statuses.addAll(lastStatuses.getOrDefault(name, List.of()));
                continue;
            }
            for (String unlisted : order.unlisted()) {
                if (warnedUnlisted.add(unlisted)) {
                    log.log(Level.WARNING, "plugin '" + unlisted + "' of schedule '" + name
                            + "' is not in the declared plugin order " + config.order()
                            + "; it comes after the listed ones, by name");
                }
            }
            BuildOutcome out = ScheduleAssembler.assemble(name, order.ordered(), loop.tracker().around(hooks),
                    lastBuilt.get(name));
            if (!counted) {
                sequence++;
                counted = true;
            }
            List<PluginStatus> scheduleStatuses = new ArrayList<>();
            for (PluginStatus left : out.leftOut()) {
                log.log(Level.WARNING, "plugin '" + left.name() + "' (" + left.bundle() + ") left out of schedule '"
                        + name + "', " + left.state() + ": " + left.reason());
            }
            if (out.schedule() == null) {
                log.log(Level.ERROR, "schedule '" + name + "' cannot be built even without plugins; keeping the"
                        + " previous one", out.failure());
                for (PluginEntry p : order.ordered()) {
                    scheduleStatuses.add(new PluginStatus(p.name(), name, p.bundle(), p.serviceId(),
                            PluginState.EXCLUDED, "schedule cannot be built: " + out.failure()));
                }
                lastInput.put(name, input);
                lastStatuses.put(name, scheduleStatuses);
                statuses.addAll(scheduleStatuses);
                continue;
            }
            Map<String, Object> active = new LinkedHashMap<>();
            for (PluginEntry p : out.active()) {
                active.put(p.name(), p.plugin());
                scheduleStatuses.add(new PluginStatus(p.name(), name, p.bundle(), p.serviceId(),
                        PluginState.ACTIVE, ""));
            }
            scheduleStatuses.addAll(out.leftOut());
            List<ScheduleHooks> hooksBefore = lastHooks.put(name, List.copyOf(hooks));
            infos.add(info(name, out, active, lastActive.getOrDefault(name, Map.of()),
                    hooksBefore != null && !sameIdentities(hooksBefore, hooks)));
            rebuilt.put(name, out.schedule());
            lastBuilt.put(name, out.schedule());
            lastInput.put(name, input);
            lastActive.put(name, active);
            lastStatuses.put(name, scheduleStatuses);
            statuses.addAll(scheduleStatuses);
        }
        loop.swap(new Swap(snap.generation(), config.mainSchedule(), rebuilt, infos, statuses));
    }

    private static boolean sameIdentities(List<?> a, List<?> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i) != b.get(i)) {
                return false;
            }
        }
        return true;
    }

    private RebuildInfo info(String name, BuildOutcome out, Map<String, Object> active, Map<String, Object> before,
                             boolean hooksChanged) {
        List<String> joined = new ArrayList<>();
        List<String> replaced = new ArrayList<>();
        for (Map.Entry<String, Object> e : active.entrySet()) {
            Object old = before.get(e.getKey());
            if (old == null) {
                joined.add(e.getKey());
            } else if (old != e.getValue()) {
                replaced.add(e.getKey());
            }
        }
        List<String> left = new ArrayList<>();
        for (String n : before.keySet()) {
            if (!active.containsKey(n)) {
                left.add(n);
            }
        }
        Schedule s = out.schedule();
        int systems = s.systems().size();
        return new RebuildInfo(sequence, name, new ArrayList<>(active.keySet()), systems, s.phases().size(),
                out.buildNanos(), joined, left, replaced, out.leftOut(), hooksChanged, null);
    }
}
