package dev.orrery.plugin.devtools.internal;

import dev.orrery.host.ObserverStatus;
import java.util.List;

/**
 * What {@code observers} found: every {@code ScheduleHooks} service the host tracks, in service id
 * order ({@code GameHost.observers()}), with whether it was quarantined for throwing.
 *
 * @param observers the host's observers
 */
record ObserversReport(List<ObserverStatus> observers) {
    ObserversReport {
        observers = List.copyOf(observers);
    }

    /** @return how many are quarantined */
    long quarantined() {
        return observers.stream().filter(ObserverStatus::quarantined).count();
    }
}
