package dev.orrery.plugin.devtools.internal;

import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import java.util.List;

/**
 * What {@code plugins} found: the tracked plugin services per schedule, the main schedule first,
 * each schedule's plugins in the order the host builds it from, and the last rebuild of each
 * schedule.
 *
 * @param mainSchedule the name of the schedule the frame loop runs
 * @param schedules one group per schedule that has plugins: the main schedule first, then by name
 * @param lastRebuilds the latest rebuild of each schedule, oldest first
 */
record PluginsReport(String mainSchedule, List<Group> schedules, List<RebuildInfo> lastRebuilds) {
    /**
     * The plugins of one schedule.
     *
     * @param schedule the schedule's name
     * @param plugins its plugin services in build order (active, waiting and excluded alike)
     */
    record Group(String schedule, List<PluginStatus> plugins) {
        Group {
            plugins = List.copyOf(plugins);
        }
    }

    PluginsReport {
        schedules = List.copyOf(schedules);
        lastRebuilds = List.copyOf(lastRebuilds);
    }

    /** @return how many plugin services in all */
    int total() {
        return schedules.stream().mapToInt(g -> g.plugins().size()).sum();
    }
}
