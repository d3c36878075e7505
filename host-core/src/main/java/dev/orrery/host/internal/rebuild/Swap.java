package dev.orrery.host.internal.rebuild;

import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.schedule.Schedule;
import java.util.List;
import java.util.Map;

/**
 * The result of one rebuild, handed to the frame thread ({@link RebuildTarget#swap}) to swap in at a
 * frame boundary.
 *
 * <p>A schedule that could not be built, not even without plugins, is not in {@code rebuilt}: the frame
 * side keeps the schedule of that name it has (and any suspension of departed plugins' systems in it),
 * and {@code plugins} says why.
 *
 * @param generation the service-event generation the rebuild saw; a swap of at least a departure's
 *     generation that rebuilds that schedule ends the departure's suspension
 * @param mainSchedule the name of the main schedule
 * @param rebuilt the schedules that were rebuilt, by name (the others stay as they are)
 * @param infos one entry per rebuilt schedule, to log and keep
 * @param plugins the status of every tracked plugin service
 * @param carryState new schedule name to old schedule name: set when the main schedule's name changed
 *     (ConfigAdmin PID {@code dev.orrery.host}, {@code mainSchedule}) since the last swap, as
 *     {@code {newMain: oldMain}}, so that at install the frame side copies the old name's state record
 *     (disabled flags, OnStart progress) to the new name; empty otherwise
 * @param observed the observed variant of each rebuilt schedule, by name: the same plugins built around
 *     the schedule's observer slot ({@code RebuildTarget.observerSlot}), sharing the plain one's state;
 *     the frame side runs it while observers are attached; a name without one is never observed
 */
public record Swap(long generation, String mainSchedule, Map<String, Schedule> rebuilt, List<RebuildInfo> infos,
            List<PluginStatus> plugins, Map<String, String> carryState, Map<String, Schedule> observed) {
    public Swap {
        rebuilt = Map.copyOf(rebuilt);
        infos = List.copyOf(infos);
        plugins = List.copyOf(plugins);
        carryState = Map.copyOf(carryState);
        observed = Map.copyOf(observed);
    }

    /** A swap without observed variants: its schedules run as built, observers or not. */
    public Swap(long generation, String mainSchedule, Map<String, Schedule> rebuilt, List<RebuildInfo> infos,
                List<PluginStatus> plugins, Map<String, String> carryState) {
        this(generation, mainSchedule, rebuilt, infos, plugins, carryState, Map.of());
    }
}
