package dev.orrery.schedule.internal;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.SystemSet;
import java.util.List;

/**
 * What a {@link dev.orrery.schedule.ScheduleBuilder} collected, as unmodifiable copies, before
 * flattening.
 *
 * @param name schedule name, non-empty
 * @param plugins plugins in order
 * @param phases the schedule's own custom phases
 * @param sets the schedule's own sets
 * @param systems the schedule's own systems
 * @param hooks observers, or null
 * @param adoptStateOf schedule whose state trait to adopt, or null
 * @param orderThroughEmptySets whether set order passes through empty sets (Orrery's own option)
 * @param probe where the run engine publishes the system it is at (Orrery's own, issue 17), or null
 */
public record BuildInput(String name, List<Plugin> plugins, List<Phase> phases, List<SystemSet> sets,
                         List<EcsSystem> systems, ScheduleHooks hooks, Schedule adoptStateOf,
                         boolean orderThroughEmptySets, ProbeSlot probe) {
    /**
     * Without Orrery's order-through-empty-sets option.
     *
     * @param name schedule name
     * @param plugins plugins
     * @param phases own phases
     * @param sets own sets
     * @param systems own systems
     * @param hooks hooks or null
     * @param adoptStateOf schedule to adopt the state of, or null
     */
    public BuildInput(String name, List<Plugin> plugins, List<Phase> phases, List<SystemSet> sets,
                      List<EcsSystem> systems, ScheduleHooks hooks, Schedule adoptStateOf) {
        this(name, plugins, phases, sets, systems, hooks, adoptStateOf, false, null);
    }

    /** Copies the lists. */
    public BuildInput {
        plugins = List.copyOf(plugins);
        phases = List.copyOf(phases);
        sets = List.copyOf(sets);
        systems = List.copyOf(systems);
    }
}
