package dev.orrery.plugin.devtools.internal;

import dev.orrery.plugin.devtools.SystemTiming;
import java.util.List;

/**
 * What {@code timings} found for one schedule, read on the frame thread.
 *
 * @param schedule the schedule's name
 * @param timings one per system that was considered since the devtools started, in execution order;
 *     empty when none was
 */
record TimingsReport(String schedule, List<SystemTiming> timings) {
    TimingsReport {
        timings = List.copyOf(timings);
    }
}
