package dev.orrery.host.internal.plugins;

import dev.orrery.host.ObserverStatus;
import dev.orrery.schedule.HookContext;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.SkipReason;
import java.lang.System.Logger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The observer services the host tracks, each behind its {@link GuardedObserver} fuse, by service id.
 * The builder thread asks for guards when it builds a schedule; the frame thread retires a guard when
 * its service leaves; any thread reads the statuses.
 */
public final class Observers {
    private final Logger log;
    private final Runnable changed;
    private final ObserverProbe probe;
    private final ConcurrentHashMap<Long, GuardedObserver> byServiceId = new ConcurrentHashMap<>();
    /** Ids of departed observer services (service ids are never reused by the framework). */
    private final java.util.Set<Long> retired = ConcurrentHashMap.newKeySet();

    /**
     * @param log where a quarantine is logged
     * @param changed told when the statuses change: a guard made for a new service, a service retired
     *     or quarantined
     */
    public Observers(Logger log, Runnable changed) {
        this(log, changed, new ObserverProbe());
    }

    /**
     * @param log where a quarantine is logged
     * @param changed told when the statuses change (see {@link #Observers(Logger, Runnable)})
     * @param probe where every guard publishes the callback it is in
     */
    public Observers(Logger log, Runnable changed, ObserverProbe probe) {
        this.log = log;
        this.changed = changed;
        this.probe = probe;
    }

    /**
     * @param entry a tracked observer service
     * @return its guard: the same one for as long as that service object is registered under that id
     */
    public GuardedObserver guard(HooksEntry entry) {
        if (retired.contains(entry.serviceId())) {
            // A rebuild from a snapshot taken before the service left: its guard is retired from the start.
            GuardedObserver gone = new GuardedObserver(entry, log, changed, probe);
            gone.retire();
            return gone;
        }
        GuardedObserver[] made = new GuardedObserver[1];
        GuardedObserver g = byServiceId.compute(entry.serviceId(), (id, old) -> {
            if (old != null && old.entry().hooks() == entry.hooks()) {
                return old;
            }
            made[0] = new GuardedObserver(entry, log, changed, probe);
            return made[0];
        });
        if (made[0] != null) {
            changed.run();
        }
        return g;
    }

    /**
     * Builder thread: the observer to build into one schedule, each hooks service behind its guard
     * ({@code RebuildTarget.observe}).
     *
     * @param hooks the hooks services that observe the schedule, in service id order (possibly none)
     * @param sampled whether the schedule is sampled (the host's main schedule): then the guards are
     *     called at the smallest of the services' sample periods; otherwise on every run call
     * @return their guards, called in service id order, or null when there are none (so the schedule
     *     runs its generated dispatcher every frame)
     */
    public ScheduleHooks hooks(List<HooksEntry> hooks, boolean sampled) {
        List<GuardedObserver> guards = new ArrayList<>(hooks.size());
        for (HooksEntry h : hooks) {
            guards.add(guard(h));
        }
        if (guards.isEmpty()) {
            return null;
        }
        ScheduleHooks all = ScheduleHooks.all(guards);
        return sampled ? all : new EveryCall(all);
    }

    /** Hooks observed on every run call, whatever sample period they ask for (at least as often as asked). */
    private static final class EveryCall implements ScheduleHooks {
        private final ScheduleHooks hooks;

        EveryCall(ScheduleHooks hooks) {
            this.hooks = hooks;
        }

        @Override
        public void beforeSystem(HookContext ctx) {
            hooks.beforeSystem(ctx);
        }

        @Override
        public void afterSystem(HookContext ctx) {
            hooks.afterSystem(ctx);
        }

        @Override
        public void onSkip(HookContext ctx, SkipReason reason) {
            hooks.onSkip(ctx, reason);
        }
    }

    /**
     * Frame thread: the service left; its guard is retired (never calls it again) and forgotten.
     *
     * @param serviceId the departed service's id
     */
    public void retire(long serviceId) {
        retired.add(serviceId);
        GuardedObserver g = byServiceId.remove(serviceId);
        if (g != null) {
            g.retire();
            changed.run();
        }
    }

    /** @return every tracked observer's status, by service id */
    public List<ObserverStatus> statuses() {
        List<ObserverStatus> out = new ArrayList<>();
        byServiceId.values().forEach(g -> out.add(g.status()));
        out.sort(Comparator.comparingLong(ObserverStatus::serviceId));
        return List.copyOf(out);
    }
}
