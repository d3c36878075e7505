package dev.orrery.host.internal;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.HookContext;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.SkipReason;
import java.util.Arrays;
import java.util.List;

/**
 * The host's own observer, built into every schedule around the {@code ScheduleHooks} services: it
 * keeps a stack of the systems that are running (a system may step another schedule), so that when
 * an exception escapes a run call the innermost system still on the stack is the one that threw
 * (SCH-146: {@code afterSystem} is not called for a system that threw).
 *
 * <p>Used on the frame thread only; allocation-free per system.
 */
final class SystemTracker {
    private Schedule[] schedules = new Schedule[8];
    private EcsSystem[] systems = new EcsSystem[8];
    private int depth;

    /** The system that was running, with its schedule. */
    record Running(Schedule schedule, EcsSystem system) {
    }

    /** @return the innermost running system, or null when none */
    Running innermost() {
        return depth == 0 ? null : new Running(schedules[depth - 1], systems[depth - 1]);
    }

    /** Forgets every system (after an exception escaped a run call). */
    void clear() {
        Arrays.fill(schedules, 0, depth, null);
        Arrays.fill(systems, 0, depth, null);
        depth = 0;
    }

    private void push(HookContext ctx) {
        if (depth == systems.length) {
            schedules = Arrays.copyOf(schedules, depth * 2);
            systems = Arrays.copyOf(systems, depth * 2);
        }
        schedules[depth] = ctx.schedule();
        systems[depth] = ctx.system();
        depth++;
    }

    private void pop() {
        if (depth > 0) {
            depth--;
            schedules[depth] = null;
            systems[depth] = null;
        }
    }

    /**
     * @param services the {@code ScheduleHooks} services for one schedule, in call order
     * @return hooks that track the running system and call the services: the tracker pushes before
     *     the services' {@code beforeSystem} and pops after their {@code afterSystem}
     */
    ScheduleHooks around(List<ScheduleHooks> services) {
        ScheduleHooks[] inner = services.toArray(new ScheduleHooks[0]);
        return new ScheduleHooks() {
            @Override
            public void beforeSystem(HookContext ctx) {
                push(ctx);
                for (ScheduleHooks h : inner) {
                    h.beforeSystem(ctx);
                }
            }

            @Override
            public void afterSystem(HookContext ctx) {
                for (ScheduleHooks h : inner) {
                    h.afterSystem(ctx);
                }
                pop();
            }

            @Override
            public void onSkip(HookContext ctx, SkipReason reason) {
                for (ScheduleHooks h : inner) {
                    h.onSkip(ctx, reason);
                }
            }
        };
    }
}
