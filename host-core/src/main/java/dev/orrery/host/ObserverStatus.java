package dev.orrery.host;

import java.util.Objects;

/**
 * One tracked observer: a {@code dev.orrery.schedule.ScheduleHooks} service the host calls around the
 * systems of its schedules.
 *
 * <p>An observer that throws from {@code beforeSystem}, {@code afterSystem} or {@code onSkip} is
 * quarantined: the host never calls it again (until its service is registered anew), logs one line
 * naming the service and its bundle, and the game goes on; no system is blamed and the simulation is
 * not paused. A {@code VirtualMachineError} other than {@code StackOverflowError} is not contained.
 *
 * @param serviceId the service id
 * @param bundle the providing bundle as {@code symbolicName/version} (JPMS mode: its module, as the
 *     front end names it)
 * @param schedule the schedule it observes, or null when it observes every schedule
 * @param quarantined whether the host stopped calling it
 * @param reason why it was quarantined (which callback threw what, in which system), or the empty string
 */
public record ObserverStatus(long serviceId, String bundle, String schedule, boolean quarantined, String reason) {
    /** Checks for nulls. */
    public ObserverStatus {
        Objects.requireNonNull(bundle, "bundle");
        Objects.requireNonNull(reason, "reason");
    }
}
