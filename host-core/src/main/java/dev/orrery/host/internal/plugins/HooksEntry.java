package dev.orrery.host.internal.plugins;

import dev.orrery.schedule.ScheduleHooks;
import java.util.Objects;

/**
 * One tracked {@link ScheduleHooks} service.
 *
 * @param hooks the service object
 * @param schedule the schedule it observes, or null for every schedule (no {@code orrery.schedule}
 *     property)
 * @param serviceId the service id; hooks are called in service id order
 * @param bundle the providing bundle as {@code symbolicName/version}, for messages
 */
public record HooksEntry(ScheduleHooks hooks, String schedule, long serviceId, String bundle) {
    public HooksEntry {
        Objects.requireNonNull(hooks, "hooks");
        Objects.requireNonNull(bundle, "bundle");
    }

    /**
     * @param scheduleName a schedule
     * @return whether these hooks observe that schedule
     */
    public boolean appliesTo(String scheduleName) {
        return schedule == null || schedule.equals(scheduleName);
    }
}
