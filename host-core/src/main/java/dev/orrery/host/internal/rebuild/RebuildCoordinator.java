package dev.orrery.host.internal.rebuild;

import dev.orrery.host.HostSettings;
import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.host.internal.plugins.Containment;
import dev.orrery.host.internal.plugins.PluginEntry;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.graph.AccessReport;
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
import java.util.concurrent.Future;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Turns bursts of service events into single rebuilds, run on the builder thread.
 *
 * <p>Each {@link #request} restarts a quiet period ({@code quietMillis}); the rebuild starts when no
 * event came for that long, or {@code maxDelayMillis} after the first event of the burst at the
 * latest. A rebuild takes a {@link Snapshot} of the tracked services, rebuilds every schedule whose
 * input (its plugins' data snapshots in schedule order, the declared order) changed, and hands the
 * result to the {@link RebuildTarget}, which swaps it in at the next frame boundary. Observers are no
 * input: each rebuilt schedule is built twice from the same plugins, once plain (no hooks, so it runs
 * its generated dispatcher) and once around its observer slot ({@link RebuildTarget#observerSlot}),
 * sharing the plain one's state; the frame side fills the slots and picks the variant at frame
 * boundaries, so attaching or detaching an observer rebuilds nothing. The
 * plugins active in a schedule's last build are its running plugins: {@link ScheduleAssembler} refuses
 * a newcomer rather than evict one of them ({@link ScheduleAssembler.Before}). Schedule names once seen
 * are kept for the life of the host (a schedule whose last plugin left is rebuilt empty), so each name
 * keeps one state trait; when the main schedule's name changes the {@link Swap#carryState()} says so,
 * and the plugins that ran under the old name count as running under the new one.
 *
 * <p>Containment: any {@link Throwable} in a rebuild (except a {@link VirtualMachineError} other than
 * {@link StackOverflowError}) gives one ERROR line naming the schedule being built and the cause; nothing
 * of that rebuild is kept or swapped in (the previous schedules stay) and the next request rebuilds
 * again.
 *
 * <p>Threads: {@link #request} and {@link #shutdown} from any thread (state guarded by {@code lock});
 * everything else on the builder thread only.
 */
public final class RebuildCoordinator {
    /**
     * The tracked services at one moment.
     *
     * @param generation the service-event generation at the moment of the snapshot
     * @param config the host configuration
     * @param plugins the plugin services
     */
    public record Snapshot(long generation, HostSettings config, List<PluginEntry> plugins) {
    }

    /**
     * What the last rebuild of one schedule left (builder thread only).
     *
     * @param input what it was built from: data snapshots in schedule order; compared by identity
     * @param order the declared plugin order it was built with
     * @param current whether {@code schedule} was built from {@code input} (false after a schedule that
     *     could not be built even without plugins, so the next rebuild tries again)
     * @param schedule the schedule of that name the frame side has, or null
     * @param plugins the plugins {@code schedule} was built from, active or left out
     * @param active the plugins in {@code schedule}, in schedule order
     * @param statuses the statuses of the schedule's plugins
     */
    private record ScheduleRecord(List<Object> input, List<String> order, boolean current, Schedule schedule,
                                  List<PluginEntry> plugins, List<PluginEntry> active, List<PluginStatus> statuses) {
        boolean reusableFor(List<Object> otherInput, List<String> otherOrder) {
            return current && sameIdentities(input, otherInput) && order.equals(otherOrder);
        }

        ScheduleAssembler.Before before() {
            return new ScheduleAssembler.Before(active, plugins);
        }
    }

    private static final ScheduleRecord NONE = new ScheduleRecord(List.of(), List.of(), false, null, List.of(),
            List.of(), List.of());
    private static final long SHUTDOWN_WAIT_MILLIS = 2000;

    private final Supplier<Snapshot> snapshots;
    private final RebuildTarget target;
    private final Logger log;
    private final LongSupplier nanoClock;
    private final DelayedExecutor executor;
    private final ScheduleAssembler.Build build;
    private final Object lock = new Object();
    private Future<?> pending; // guarded by lock
    private long ticket; // guarded by lock: numbers the scheduled rebuilds; only the latest one runs
    private long burstStartNanos; // guarded by lock
    private boolean force; // guarded by lock
    private boolean closed; // guarded by lock
    /** Plugins that departed and may come back (an update): name → until when a rebuild waits for them. */
    private final Map<String, Long> awaitingReturn = new HashMap<>(); // guarded by lock

    // Builder thread only.
    private final Set<String> knownSchedules = new TreeSet<>();
    private Map<String, ScheduleRecord> records = Map.of();
    private String lastMain;
    private final Set<String> warnedUnlisted = new HashSet<>();
    private List<String> warnedFor = List.of();
    private long sequence;
    private String step; // what the rebuild is doing, for the ERROR line

    /**
     * A coordinator on its own builder thread ({@code orrery-host-builder}) and {@link System#nanoTime()}.
     *
     * @param snapshots reads the tracked services
     * @param target where results are swapped in
     * @param log where warnings, exclusions and rebuild failures are logged
     */
    public RebuildCoordinator(Supplier<Snapshot> snapshots, RebuildTarget target, Logger log) {
        this(snapshots, target, log, DelayedExecutor.newThread("orrery-host-builder"));
    }

    /** Large schedules' dispatchers are generated on the builder thread too, after the rebuild that built them. */
    private RebuildCoordinator(Supplier<Snapshot> snapshots, RebuildTarget target, Logger log, DelayedExecutor builder) {
        this(snapshots, target, log, java.lang.System::nanoTime, builder,
                ScheduleAssembler.scheduler(task -> builder.schedule(task, 0)));
    }

    /**
     * @param snapshots reads the tracked services
     * @param target where results are swapped in
     * @param log where warnings, exclusions and rebuild failures are logged
     * @param nanoClock the time in nanoseconds, for quiet periods and maximum delays
     * @param executor runs the rebuilds (the builder thread)
     * @param build builds a schedule from plugin data ({@link ScheduleAssembler#scheduler})
     */
    RebuildCoordinator(Supplier<Snapshot> snapshots, RebuildTarget target, Logger log, LongSupplier nanoClock,
                       DelayedExecutor executor, ScheduleAssembler.Build build) {
        this.build = build;
        this.snapshots = snapshots;
        this.target = target;
        this.log = log;
        this.nanoClock = nanoClock;
        this.executor = executor;
    }

    /**
     * Asks for a rebuild after the quiet period; ignored after {@link #shutdown()}.
     *
     * @param config the configuration in force (quiet period and maximum delay)
     * @param rebuildAll rebuild every schedule even if its input did not change
     */
    public void request(HostSettings config, boolean rebuildAll) {
        request(config, rebuildAll, false);
    }

    /**
     * @param config the configuration in force
     * @param rebuildAll rebuild every schedule even if its input did not change
     * @param promptly rebuild without waiting for the quiet period (the last awaited plugin came back)
     */
    private void request(HostSettings config, boolean rebuildAll, boolean promptly) {
        synchronized (lock) {
            if (closed) {
                return;
            }
            long now = nanoClock.getAsLong();
            if (pending == null) {
                burstStartNanos = now;
            } else {
                pending.cancel(false);
            }
            force |= rebuildAll;
            long waited = now - burstStartNanos;
            long wait = promptly ? 0 : Math.max(config.quietPeriod().toNanos(), returnWindow(now));
            long delay = Math.max(0, Math.min(wait, config.maxDelay().toNanos() - waited));
            long mine = ++ticket;
            pending = executor.schedule(() -> runRebuild(mine), delay);
        }
    }

    /**
     * A plugin service left: asks for a rebuild that waits for it to come back, at most
     * {@code maxDelayMillis} (a bundle update unregisters the old service and registers the new one,
     * possibly later than the quiet period), so an update gives one swap in which the plugin is
     * {@code replaced}, not a swap without it and another with it. The wait is shorter when the
     * departure comes late in a burst of service events: a burst's rebuild never waits more than
     * {@code maxDelayMillis} after its first event, so a return later than that gives a swap without
     * the plugin and one with it. Frames do not wait for this: the
     * departed plugin's systems are already suspended on the frame side.
     *
     * @param pluginName the departed plugin's name
     * @param config the configuration in force
     */
    public void departed(String pluginName, HostSettings config) {
        synchronized (lock) {
            if (!closed) {
                awaitingReturn.put(pluginName, nanoClock.getAsLong()
                        + config.maxDelay().toNanos());
            }
        }
        request(config, false);
    }

    /**
     * A plugin service arrived: a rebuild no longer waits for a departed plugin of that name, and one is
     * asked for. When it was the last departed plugin awaited (the usual update: the new revision of a
     * plugin's bundle registered it), the rebuild runs at once instead of after the quiet period, so the
     * new code runs at the next frame boundary after the rebuild.
     *
     * @param pluginName the arrived plugin's name
     * @param config the configuration in force
     */
    public void arrived(String pluginName, HostSettings config) {
        boolean lastReturned;
        synchronized (lock) {
            lastReturned = awaitingReturn.remove(pluginName) != null && awaitingReturn.isEmpty();
        }
        request(config, false, lastReturned);
    }

    /** @return how long from {@code now} a rebuild still waits for departed plugins; guarded by lock */
    private long returnWindow(long now) {
        awaitingReturn.values().removeIf(deadline -> deadline <= now);
        long until = 0;
        for (long deadline : awaitingReturn.values()) {
            until = Math.max(until, deadline - now);
        }
        return until;
    }

    /** Stops the builder thread; a rebuild in progress is abandoned, later requests are ignored. */
    public void shutdown() {
        synchronized (lock) {
            closed = true;
            if (pending != null) {
                pending.cancel(false);
                pending = null;
            }
        }
        executor.shutdown(SHUTDOWN_WAIT_MILLIS);
    }

    /** @param mine the ticket of this scheduled rebuild */
    private void runRebuild(long mine) {
        boolean all;
        synchronized (lock) {
            if (mine != ticket) {
                return; // started as a later request came and could no longer be cancelled: that one runs
            }
            pending = null;
            all = force;
            force = false;
        }
        step = "reading the tracked services";
        try {
            rebuild(all);
        } catch (Throwable t) {
            Containment.rethrowIfFatal(t);
            synchronized (lock) {
                force |= all;
            }
            log.log(Level.ERROR, "rebuild failed while " + step + "; the previous schedules stay, the next change"
                    + " rebuilds again: " + Containment.describe(t));
            log.log(Level.DEBUG, "rebuild failure", t);
        } finally {
            step = null;
            Thread.currentThread().setContextClassLoader(RebuildCoordinator.class.getClassLoader());
        }
    }

    private void rebuild(boolean all) {
        Snapshot snap = snapshots.get();
        HostSettings config = snap.config();
        String main = config.mainSchedule();
        Map<String, String> carry = lastMain == null || lastMain.equals(main) ? Map.of() : Map.of(main, lastMain);
        Map<String, List<PluginEntry>> bySchedule = new LinkedHashMap<>();
        for (PluginEntry p : snap.plugins()) {
            bySchedule.computeIfAbsent(p.schedule(), k -> new ArrayList<>()).add(p);
        }
        knownSchedules.add(main);
        knownSchedules.addAll(bySchedule.keySet());

        Map<String, ScheduleRecord> next = new HashMap<>(records);
        Map<String, Schedule> rebuilt = new HashMap<>();
        Map<String, Schedule> observed = new HashMap<>();
        List<RebuildInfo> infos = new ArrayList<>();
        List<PluginStatus> statuses = new ArrayList<>();
        long seq = sequence + 1;
        for (String name : knownSchedules) {
            step = "building schedule '" + name + "'";
            PluginOrder.Result order = PluginOrder.order(bySchedule.getOrDefault(name, List.of()), config.order());
            List<Object> input = new ArrayList<>();
            order.ordered().forEach(p -> input.add(p.usable() ? p.data() : p.plugin()));
            ScheduleRecord last = records.getOrDefault(name, NONE);
            if (!all && last.reusableFor(input, config.order())) {
                statuses.addAll(last.statuses());
                continue;
            }
            warnUnlisted(name, order, config.order());
            // Under a new main schedule name, the plugins that ran under the old name are still running.
            ScheduleRecord before = records.containsKey(name) || !carry.containsKey(name) ? last
                    : records.getOrDefault(carry.get(name), NONE);
            BuildOutcome out = ScheduleAssembler.assemble(build, name, order.ordered(), before.before(), null,
                    last.schedule(), target.probe());
            for (PluginStatus left : out.leftOut()) {
                log.log(Level.WARNING, "plugin '" + left.name() + "' (" + left.bundle() + ") left out of schedule '"
                        + name + "', " + left.state() + ": " + left.reason());
            }
            ScheduleRecord made = out.schedule() == null
                    ? unbuildable(name, order.ordered(), out, last, input, config.order())
                    : built(out, order.ordered(), input, config.order());
            if (out.schedule() != null) {
                infos.add(info(seq, out, before.active()));
                rebuilt.put(name, out.schedule());
                ScheduleHooks slot = target.observerSlot(name);
                if (slot != null) {
                    step = "building the observed variant of schedule '" + name + "'";
                    List<Plugin> data = new ArrayList<>();
                    out.active().forEach(p -> data.add(p.data()));
                    observed.put(name, build.build(name, data, slot, out.schedule(), target.probe()));
                }
                AccessReport access = out.schedule().accessReport();
                if (!access.isEmpty()) {
                    log.log(Level.INFO, accessLine(name, access));
                }
            }
            next.put(name, made);
            statuses.addAll(made.statuses());
        }
        step = "handing schedules " + new TreeSet<>(rebuilt.keySet()) + " to the frame side";
        target.swap(new Swap(snap.generation(), main, rebuilt, infos, statuses, carry, observed));
        records = Map.copyOf(next);
        lastMain = main;
        if (!infos.isEmpty()) {
            sequence = seq;
        }
    }

    /**
     * The INFO line of a rebuilt schedule whose {@link AccessReport} (Orrery's access declarations) has
     * something to report; a schedule with an empty report logs none.
     */
    static String accessLine(String schedule, AccessReport access) {
        return "schedule '" + schedule + "' access check: " + access.unorderedReads().size()
                + " unordered read(s), " + access.conflicts().size() + " unordered conflicting pair(s)"
                + " (devtools: orrery:access)";
    }

    private ScheduleRecord built(BuildOutcome out, List<PluginEntry> plugins, List<Object> input, List<String> order) {
        List<PluginStatus> statuses = new ArrayList<>();
        for (PluginEntry p : out.active()) {
            statuses.add(p.status(PluginState.ACTIVE, ""));
        }
        statuses.addAll(out.leftOut());
        return new ScheduleRecord(input, order, true, out.schedule(), List.copyOf(plugins), out.active(), statuses);
    }

    /**
     * Not even a schedule without plugins could be built: the frame side keeps the one it has (with the
     * plugins active in it), and every status says so.
     */
    private ScheduleRecord unbuildable(String name, List<PluginEntry> ordered, BuildOutcome out, ScheduleRecord last,
                                       List<Object> input, List<String> order) {
        String why = "schedule '" + name + "' cannot be built even without plugins ("
                + Containment.describe(out.failure()) + ")";
        log.log(Level.ERROR, why + "; " + (last.schedule() == null ? "it does not run"
                : "its previous schedule keeps running"));
        Map<Long, PluginStatus> leftOut = new HashMap<>();
        out.leftOut().forEach(s -> leftOut.put(s.serviceId(), s));
        List<PluginStatus> statuses = new ArrayList<>();
        for (PluginEntry p : ordered) {
            boolean inPrevious = last.active().stream().anyMatch(a -> a.plugin() == p.plugin());
            PluginStatus own = leftOut.get(p.serviceId());
            if (inPrevious) {
                statuses.add(p.status(PluginState.ACTIVE, why + "; it runs in the previous schedule"));
            } else {
                statuses.add(p.status(own == null ? PluginState.EXCLUDED : own.state(),
                        why + (own == null ? "" : "; " + own.reason())));
            }
        }
        return new ScheduleRecord(input, order, false, last.schedule(), last.plugins(), last.active(), statuses);
    }

    /** Warns once per plugin name about plugins the declared order leaves out (none when none is declared). */
    private void warnUnlisted(String name, PluginOrder.Result order, List<String> declared) {
        if (!declared.equals(warnedFor)) {
            warnedUnlisted.clear();
            warnedFor = declared;
        }
        for (String unlisted : order.unlisted()) {
            if (warnedUnlisted.add(unlisted)) {
                log.log(Level.WARNING, "plugin '" + unlisted + "' of schedule '" + name
                        + "' is not in the declared plugin order " + declared + "; it comes after the listed ones,"
                        + " by name");
            }
        }
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

    private static RebuildInfo info(long seq, BuildOutcome out, List<PluginEntry> before) {
        Map<String, Plugin> was = new LinkedHashMap<>();
        before.forEach(p -> was.put(p.name(), p.plugin()));
        Map<String, Plugin> is = new LinkedHashMap<>();
        out.active().forEach(p -> is.put(p.name(), p.plugin()));
        List<String> joined = new ArrayList<>();
        List<String> replaced = new ArrayList<>();
        is.forEach((name, plugin) -> {
            Plugin old = was.get(name);
            if (old == null) {
                joined.add(name);
            } else if (old != plugin) {
                replaced.add(name);
            }
        });
        List<String> left = new ArrayList<>();
        was.keySet().stream().filter(n -> !is.containsKey(n)).forEach(left::add);
        Schedule s = out.schedule();
        return RebuildInfo.builder().sequence(seq).schedule(out.scheduleName()).plugins(new ArrayList<>(is.keySet()))
                .systems(s.systems().size()).phases(s.phases().size()).buildNanos(out.buildNanos()).joined(joined)
                .left(left).replaced(replaced).excluded(out.leftOut()).build();
    }
}
