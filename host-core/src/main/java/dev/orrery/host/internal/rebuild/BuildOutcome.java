package dev.orrery.host.internal.rebuild;

import dev.orrery.host.PluginStatus;
import dev.orrery.host.internal.plugins.PluginEntry;
import dev.orrery.schedule.Schedule;
import java.util.List;

/**
 * What {@link ScheduleAssembler} made of one schedule's plugins.
 *
 * @param scheduleName the schedule
 * @param schedule the built schedule, or null when not even a schedule without plugins could be built
 * @param active the plugins in it, in schedule order; empty when {@code schedule} is null
 * @param leftOut the plugins left out, with why (waiting or excluded)
 * @param buildNanos time spent, retries included, in nanoseconds
 * @param failure why no schedule could be built, or null when {@code schedule} is not null
 */
record BuildOutcome(String scheduleName, Schedule schedule, List<PluginEntry> active, List<PluginStatus> leftOut,
                    long buildNanos, Throwable failure) {
    BuildOutcome {
        active = List.copyOf(active);
        leftOut = List.copyOf(leftOut);
    }
}
