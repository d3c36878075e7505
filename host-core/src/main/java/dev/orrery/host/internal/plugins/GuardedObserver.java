package dev.orrery.host.internal.plugins;

import dev.orrery.host.ObserverStatus;
import dev.orrery.schedule.HookContext;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.SkipReason;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;

/**
 * One observer service behind a fuse: a callback that throws quarantines the service (it is never
 * called again) instead of failing the system it observed, so these hooks never throw (but for a
 * {@link VirtualMachineError}, below) and {@link ScheduleHooks#all} may combine them. A departed service is retired the same
 * way at the next frame boundary, so no callback of a departed bundle runs after its unbind returned.
 *
 * <p>Implementation notes: {@code off} is read and written on the frame thread only (callbacks run
 * there, and retirement is a frame-boundary task); {@code reason} is volatile so that
 * {@link #status()} may be read from any thread. A {@link VirtualMachineError} other than
 * {@link StackOverflowError} is not contained: the frame thread's own handler deals with it.
 */
final class GuardedObserver implements ScheduleHooks {
    private final HooksEntry entry;
    private final Logger log;
    private final Runnable changed;
    private final ObserverProbe probe;
    private boolean off; // frame thread only
    private volatile String reason = "";

    /**
     * @param entry the tracked service
     * @param log where a quarantine is logged
     * @param changed told when the service is quarantined (its status changes)
     * @param probe where each callback is published while it runs
     */
    GuardedObserver(HooksEntry entry, Logger log, Runnable changed, ObserverProbe probe) {
        this.entry = entry;
        this.log = log;
        this.changed = changed;
        this.probe = probe;
    }

    /** @return the tracked service */
    HooksEntry entry() {
        return entry;
    }

    @Override
    public void beforeSystem(HookContext ctx) {
        if (!off) {
            probe.enter(entry, "beforeSystem");
            try {
                entry.hooks().beforeSystem(ctx);
            } catch (Throwable t) {
                quarantine(t, "beforeSystem", ctx);
            } finally {
                probe.exit();
            }
        }
    }

    @Override
    public void afterSystem(HookContext ctx) {
        if (!off) {
            probe.enter(entry, "afterSystem");
            try {
                entry.hooks().afterSystem(ctx);
            } catch (Throwable t) {
                quarantine(t, "afterSystem", ctx);
            } finally {
                probe.exit();
            }
        }
    }

    @Override
    public void onSkip(HookContext ctx, SkipReason skip) {
        if (!off) {
            probe.enter(entry, "onSkip");
            try {
                entry.hooks().onSkip(ctx, skip);
            } catch (Throwable t) {
                quarantine(t, "onSkip", ctx);
            } finally {
                probe.exit();
            }
        }
    }

    /**
     * @return the service's {@link ScheduleHooks#samplePeriod()} as it says at the time of the call, or 1
     *     when that throws (the service is then quarantined at its first callback anyway)
     */
    @Override
    public int samplePeriod() {
        try {
            return entry.hooks().samplePeriod();
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            return 1;
        }
    }

    /** The service left: it is not called again (frame thread, or before the guard is handed out). */
    void retire() {
        off = true;
    }

    /** @return the service's status, from any thread */
    ObserverStatus status() {
        String r = reason;
        return ObserverStatus.builder().serviceId(entry.serviceId()).bundle(entry.bundle()).schedule(entry.schedule())
                .quarantined(!r.isEmpty()).reason(r).build();
    }

    private void quarantine(Throwable t, String callback, HookContext ctx) {
        Containment.rethrowIfFatal(t);
        off = true;
        String where = ctx.system() == null ? "" : " around system '" + ctx.system().name() + "' of schedule '"
                + ctx.schedule().name() + "'";
        reason = "its " + callback + " threw " + t.getClass().getName()
                + (t.getMessage() == null ? "" : ": " + t.getMessage()) + where + firstFrame(t);
        log.log(Level.WARNING, "observer service " + entry.serviceId() + " (" + entry.bundle()
                + ") quarantined, no longer called: " + reason + "; no system is blamed and the game goes on");
        changed.run();
    }

    private static String firstFrame(Throwable t) {
        StackTraceElement[] trace = t.getStackTrace();
        return trace.length == 0 ? "" : " (at " + trace[0] + ")";
    }
}
