package dev.orrery.plugin.devtools.report;

import dev.orrery.plugin.devtools.SystemTiming;
import java.util.List;
import java.util.Objects;

/**
 * The devtools' timings of one schedule's systems, read on the frame thread: what {@code orrery:timings}
 * shows.
 *
 * @param schedule the schedule's name
 * @param timings one per system that was considered since the devtools started, in execution order;
 *     empty when none was
 * @param samplePeriod how often the timings observe the schedule: 1 when every run call is timed (exact
 *     counts), N when one in N is (counts are sampled counts; see the devtools' timings settings); at
 *     least 1
 * @since 0.1
 */
public record TimingsReport(String schedule, List<SystemTiming> timings, int samplePeriod) implements Report {
    /**
     * Copies the list and checks the values.
     *
     * @throws IllegalArgumentException if samplePeriod is below 1
     */
    public TimingsReport {
        Objects.requireNonNull(schedule, "schedule");
        timings = List.copyOf(timings);
        if (samplePeriod < 1) {
            throw new IllegalArgumentException("TimingsReport: samplePeriod " + samplePeriod + " is below 1");
        }
    }
}
