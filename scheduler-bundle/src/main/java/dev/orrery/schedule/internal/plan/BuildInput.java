package dev.orrery.schedule.internal.plan;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.SystemSet;
import java.util.List;

/**
 * The declarations of a schedule, as unmodifiable copies, before flattening: what the build orders.
 * How the schedule runs (hooks, probe, engine, adopted state) is not the build's concern.
 *
 * @param name schedule name, non-blank
 * @param plugins plugins in order
 * @param phases the schedule's own custom phases
 * @param sets the schedule's own sets
 * @param systems the schedule's own systems
 * @param orderThroughEmptySets whether set order passes through empty sets (Orrery's own option)
 */
public record BuildInput(String name, List<Plugin> plugins, List<Phase> phases, List<SystemSet> sets,
                         List<EcsSystem> systems, boolean orderThroughEmptySets) {
    /** Copies the lists. */
    public BuildInput {
        plugins = List.copyOf(plugins);
        phases = List.copyOf(phases);
        sets = List.copyOf(sets);
        systems = List.copyOf(systems);
    }
}
