package dev.orrery.host.internal.plugins;

import dev.orrery.schedule.HookContext;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.SkipReason;

/**
 * The observer built into a schedule's observed variant: it passes every hook call on to the observers
 * the frame thread last put in it ({@link ObserverSlots#update}), or to none. So observers come and go
 * without a rebuild: the schedule keeps this one object and only what it holds changes, at a frame
 * boundary. Its {@link #samplePeriod()} is 1 (every call of the observed variant is observed); the
 * host samples the main schedule itself by choosing, frame by frame, between the plain variant and
 * the observed one ({@link #period()}).
 *
 * <p>Threads: written by the frame thread at frame boundaries, read by whichever thread runs the
 * schedule.
 */
public final class ObserverSlot implements ScheduleHooks {
    private volatile ScheduleHooks current;

    /** @return whether it holds observers now (the observed variant is worth running) */
    public boolean active() {
        return current != null;
    }

    /** @return the smallest sample period of the observers it holds, at least 1; 1 when it holds none */
    public int period() {
        ScheduleHooks c = current;
        return c == null ? 1 : Math.max(1, c.samplePeriod());
    }

    /** @param hooks the observers from now on, or null for none; frame thread, at a boundary */
    void hold(ScheduleHooks hooks) {
        current = hooks;
    }

    @Override
    public void beforeSystem(HookContext ctx) {
        ScheduleHooks c = current;
        if (c != null) {
            c.beforeSystem(ctx);
        }
    }

    @Override
    public void afterSystem(HookContext ctx) {
        ScheduleHooks c = current;
        if (c != null) {
            c.afterSystem(ctx);
        }
    }

    @Override
    public void onSkip(HookContext ctx, SkipReason reason) {
        ScheduleHooks c = current;
        if (c != null) {
            c.onSkip(ctx, reason);
        }
    }
}
