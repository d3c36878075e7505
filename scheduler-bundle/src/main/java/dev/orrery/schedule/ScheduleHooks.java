package dev.orrery.schedule;

import java.util.List;
import java.util.Objects;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Observers of a schedule's run calls, given at build time only (SCH-144, SCH-148).
 *
 * <p>Called for each system considered in a run call; systems of a completed OnStart phase and of
 * manual phases during {@code run} are not considered and fire no hook (SCH-147). An exception thrown
 * by a hook propagates unchanged, like a system's (SCH-146). All methods default to doing nothing.
 *
 * @since 0.1
 */
@ConsumerType
public interface ScheduleHooks {
    /**
     * Called right before the system's run function, after its enabled flag and conditions passed.
     *
     * @param ctx the reused context (SCH-150); valid only during this call
     */
    default void beforeSystem(HookContext ctx) {
    }

    /**
     * Called after the system's run function returned normally; not called when it threw (SCH-146).
     *
     * @param ctx the reused context (SCH-150); valid only during this call
     */
    default void afterSystem(HookContext ctx) {
    }

    /**
     * Called when a considered system is skipped.
     *
     * @param ctx the reused context (SCH-150); valid only during this call
     * @param reason {@link SkipReason#DISABLED} or {@link SkipReason#CONDITION}
     */
    default void onSkip(HookContext ctx, SkipReason reason) {
    }

    /**
     * Beyond the spec (Orrery's own): hook sampling. The schedule calls these hooks on one
     * run call ({@code run}, {@code runPhase}, {@code runPhases}) in every {@code samplePeriod()} per
     * world, starting with the first; the other calls run exactly as a schedule without hooks (the
     * generated dispatcher, no hook call, no context), so observers that only need a statistical view,
     * such as per-system timings, cost a fraction of their full price. Read once, when the schedule is
     * built; a value below 1 counts as 1.
     *
     * @return the period in run calls; 1 (the default, SCH-144): every call is observed
     */
    default int samplePeriod() {
        return 1;
    }

    /**
     * Combines several observers into one that calls each in list order. An exception from one stops
     * the call there and propagates. Its {@link #samplePeriod()} is the smallest of theirs, so each is
     * observed at least as often as it asked.
     *
     * @param hooks the observers; copied
     * @return one observer
     * @throws NullPointerException if the list or an observer in it is null; the message gives its index
     */
    static ScheduleHooks all(List<? extends ScheduleHooks> hooks) {
        Objects.requireNonNull(hooks, "ScheduleHooks.all: hooks is null");
        for (int i = 0; i < hooks.size(); i++) {
            if (hooks.get(i) == null) {
                throw new NullPointerException("ScheduleHooks.all: observer #" + i + " is null");
            }
        }
        ScheduleHooks[] copy = hooks.toArray(new ScheduleHooks[0]);
        if (copy.length == 1) {
            return copy[0];
        }
        int period = Integer.MAX_VALUE;
        for (ScheduleHooks h : copy) {
            period = Math.min(period, h.samplePeriod());
        }
        int samplePeriod = period;
        return new ScheduleHooks() {
            @Override
            public int samplePeriod() {
                return samplePeriod;
            }

            @Override
            public void beforeSystem(HookContext ctx) {
                for (ScheduleHooks h : copy) {
                    h.beforeSystem(ctx);
                }
            }

            @Override
            public void afterSystem(HookContext ctx) {
                for (ScheduleHooks h : copy) {
                    h.afterSystem(ctx);
                }
            }

            @Override
            public void onSkip(HookContext ctx, SkipReason reason) {
                for (ScheduleHooks h : copy) {
                    h.onSkip(ctx, reason);
                }
            }
        };
    }
}
