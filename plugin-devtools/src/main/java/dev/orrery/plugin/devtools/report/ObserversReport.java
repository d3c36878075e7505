package dev.orrery.plugin.devtools.report;

import dev.orrery.host.ObserverStatus;
import java.util.List;

/**
 * Every {@code ScheduleHooks} service the host tracks, in service id order ({@code GameHost.observers()}),
 * with whether it was quarantined for throwing: what {@code orrery:observers} shows.
 *
 * @param observers the host's observers
 * @since 0.1
 */
public record ObserversReport(List<ObserverStatus> observers) implements Report {
    /** Copies the list. */
    public ObserversReport {
        observers = List.copyOf(observers);
    }

    /** @return how many are quarantined */
    public long quarantined() {
        return observers.stream().filter(ObserverStatus::quarantined).count();
    }
}
