package dev.orrery.host.itest.plugins.leaky;

import dev.orrery.schedule.HookContext;
import dev.orrery.schedule.ScheduleHooks;
import org.osgi.service.component.annotations.Component;

/** A {@code ScheduleHooks} service of the leaky bundle; counts the systems it saw. */
@Component(service = ScheduleHooks.class)
public final class LeakyHooks implements ScheduleHooks {
    private long seen;

    /** DS constructor. */
    public LeakyHooks() {
    }

    @Override
    public void beforeSystem(HookContext ctx) {
        seen++;
    }
}
