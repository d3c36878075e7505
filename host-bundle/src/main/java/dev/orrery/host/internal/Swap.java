package dev.orrery.host.internal;

import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.schedule.Schedule;
import java.util.List;
import java.util.Map;

/**
 * The result of one rebuild, handed to the frame thread to swap in at a frame boundary.
 *
 * @param generation the service-event generation the rebuild saw; frames held for a departing plugin
 *     run again once a swap of at least that generation is installed
 * @param mainSchedule the name of the main schedule
 * @param rebuilt the schedules that were rebuilt, by name (the others stay as they are)
 * @param infos one entry per rebuilt schedule, to log and keep
 * @param plugins the status of every tracked plugin service
 */
record Swap(long generation, String mainSchedule, Map<String, Schedule> rebuilt, List<RebuildInfo> infos,
            List<PluginStatus> plugins) {
    Swap {
        rebuilt = Map.copyOf(rebuilt);
        infos = List.copyOf(infos);
        plugins = List.copyOf(plugins);
    }
}
