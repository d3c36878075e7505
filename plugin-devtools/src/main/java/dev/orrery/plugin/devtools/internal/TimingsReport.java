package dev.orrery.plugin.devtools.internal;

import dev.orrery.plugin.devtools.SystemTiming;
import java.util.List;

/**
 * What {@code timings} found for one schedule, read on the frame thread.
 *
 * @param schedule the schedule's name
 * @param timings one per system that was considered since the devtools started, in execution order;
 *     empty when none was
 * @param samplePeriod the timings' sample period: 1 when every run call is timed (exact counts), N when
 *     one in N is (issue 17; counts are sampled counts)
 */
record TimingsReport(String schedule, List<SystemTiming> timings, int samplePeriod) {
    TimingsReport {
        timings = List.copyOf(timings);
    }
}
