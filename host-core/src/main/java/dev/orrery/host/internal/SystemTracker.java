package dev.orrery.host.internal;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.HookContext;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.SkipReason;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.List;

/**
 * The host's own observer, built into every schedule around the observer services: it keeps a stack of
 * the systems that are running (a system may step another schedule), so that when an exception escapes
 * a run call the innermost system still on the stack is the one that threw (SCH-146:
 * {@code afterSystem} is not called for a system that threw), and it calls the observer services
 * through their {@link GuardedObserver} fuses, so a throwing observer is quarantined and never fails a
 * system.
 *
 * <p>Implementation notes: the stack is written and read on the frame thread only, allocation-free per
 * system. The innermost running system is also published with opaque stores ({@link #running()}) for
 * the frame watchdog, which reads it from its own thread; an opaque store costs what a plain store
 * costs, so the frame path pays no fence.
 */
final class SystemTracker {
    private static final VarHandle RUNNING_SYSTEM;
    private static final VarHandle RUNNING_SCHEDULE;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            RUNNING_SYSTEM = lookup.findVarHandle(SystemTracker.class, "runningSystem", EcsSystem.class);
            RUNNING_SCHEDULE = lookup.findVarHandle(SystemTracker.class, "runningSchedule", Schedule.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private Schedule[] schedules = new Schedule[8];
    private EcsSystem[] systems = new EcsSystem[8];
    private int depth;
    @SuppressWarnings("unused") // through RUNNING_SYSTEM
    private EcsSystem runningSystem;
    @SuppressWarnings("unused") // through RUNNING_SCHEDULE
    private Schedule runningSchedule;

    /**
     * The system that was running, with its schedule.
     *
     * @param schedule its schedule
     * @param system the system
     */
    record Running(Schedule schedule, EcsSystem system) {
        /** @return the name of the plugin that declared the system ({@code sourceOf}), or {@code "?"} */
        String plugin() {
            try {
                return schedule.sourceOf(system);
            } catch (RuntimeException e) {
                return "?";
            }
        }
    }

    /** @return the innermost running system, or null when none. Frame thread only. */
    Running innermost() {
        return depth == 0 ? null : new Running(schedules[depth - 1], systems[depth - 1]);
    }

    /**
     * @return the innermost running system as last published, or null; any thread. It may lag behind the
     *     frame thread by a little, which is fine for its one reader, the frame watchdog, which asks only
     *     about frames that have been stuck for a long time
     */
    Running running() {
        EcsSystem system = (EcsSystem) RUNNING_SYSTEM.getOpaque(this);
        Schedule schedule = (Schedule) RUNNING_SCHEDULE.getOpaque(this);
        return system == null || schedule == null ? null : new Running(schedule, system);
    }

    private void publish(int top) {
        RUNNING_SYSTEM.setOpaque(this, top < 0 ? null : systems[top]);
        RUNNING_SCHEDULE.setOpaque(this, top < 0 ? null : schedules[top]);
    }

    /** Forgets every system (after an exception escaped a run call). Frame thread only. */
    void clear() {
        Arrays.fill(schedules, 0, depth, null);
        Arrays.fill(systems, 0, depth, null);
        depth = 0;
        publish(-1);
    }

    private void push(HookContext ctx) {
        if (depth == systems.length) {
            schedules = Arrays.copyOf(schedules, depth * 2);
            systems = Arrays.copyOf(systems, depth * 2);
        }
        schedules[depth] = ctx.schedule();
        systems[depth] = ctx.system();
        publish(depth);
        depth++;
    }

    private void pop() {
        if (depth > 0) {
            depth--;
            schedules[depth] = null;
            systems[depth] = null;
            publish(depth - 1);
        }
    }

    /**
     * @param observers the observer services for one schedule, in call order
     * @return hooks that track the running system and call the observers: the tracker pushes before
     *     their {@code beforeSystem} and pops after their {@code afterSystem}
     */
    ScheduleHooks around(List<GuardedObserver> observers) {
        GuardedObserver[] inner = observers.toArray(new GuardedObserver[0]);
        return new ScheduleHooks() {
            @Override
            public void beforeSystem(HookContext ctx) {
                push(ctx);
                for (GuardedObserver h : inner) {
                    h.beforeSystem(ctx);
                }
            }

            @Override
            public void afterSystem(HookContext ctx) {
                for (GuardedObserver h : inner) {
                    h.afterSystem(ctx);
                }
                pop();
            }

            @Override
            public void onSkip(HookContext ctx, SkipReason reason) {
                for (GuardedObserver h : inner) {
                    h.onSkip(ctx, reason);
                }
            }
        };
    }
}
