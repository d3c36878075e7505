package dev.orrery.host.internal;

import dev.orrery.schedule.HookContext;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.SkipReason;
import java.util.List;

/**
 * The hooks the host builds into a schedule that {@code ScheduleHooks} services observe: it calls the
 * services through their {@link GuardedObserver} fuses, in service id order, so a throwing observer is
 * quarantined and never fails a system. A schedule no service observes gets no hooks at all, so it
 * keeps the generated dispatcher on every run call (issue 17); the host learns which system runs from
 * its {@link dev.orrery.schedule.RunProbe}, not from hooks.
 *
 * <p>Sampling (issue 17): the hooks' {@link #samplePeriod()} is the smallest of the services' own, as
 * {@link ScheduleHooks#all} has it, so each service is called on at least the calls it asked for. A
 * service that quarantined or retired keeps its period until the next rebuild.
 */
final class ObserverHooks implements ScheduleHooks {
    private final GuardedObserver[] observers;
    private final int samplePeriod;

    private ObserverHooks(GuardedObserver[] observers, int samplePeriod) {
        this.observers = observers;
        this.samplePeriod = samplePeriod;
    }

    /**
     * @param observers the guarded observer services for one schedule, in call order
     * @return hooks that call them, or null when there are none
     */
    static ScheduleHooks of(List<GuardedObserver> observers) {
        if (observers.isEmpty()) {
            return null;
        }
        int period = Integer.MAX_VALUE;
        for (GuardedObserver o : observers) {
            period = Math.min(period, o.samplePeriod());
        }
        return new ObserverHooks(observers.toArray(new GuardedObserver[0]), Math.max(1, period));
    }

    @Override
    public void beforeSystem(HookContext ctx) {
        for (GuardedObserver h : observers) {
            h.beforeSystem(ctx);
        }
    }

    @Override
    public void afterSystem(HookContext ctx) {
        for (GuardedObserver h : observers) {
            h.afterSystem(ctx);
        }
    }

    @Override
    public void onSkip(HookContext ctx, SkipReason reason) {
        for (GuardedObserver h : observers) {
            h.onSkip(ctx, reason);
        }
    }

    @Override
    public int samplePeriod() {
        return samplePeriod;
    }
}
