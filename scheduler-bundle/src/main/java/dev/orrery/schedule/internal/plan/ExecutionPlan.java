package dev.orrery.schedule.internal.plan;

import dev.orrery.schedule.Condition;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.SystemSet;
import java.util.List;
import java.util.Map;

/**
 * The execution plan of a schedule, computed once by {@link PlanCompiler} (SCH-106) and read by
 * the run engine without re-sorting or re-validating. Indexes: phases by their position in
 * {@link #phases}, systems by their position in {@link #systems}. Arrays are never written after
 * construction.
 *
 * @param scheduleName the schedule name
 * @param plugins the plugins, in order
 * @param pluginNames per plugin index: its name, as read once at build (never read from the plugin again)
 * @param sets all sets of the flattened declaration
 * @param phases all phases in SCH-102 order (unmodifiable)
 * @param phaseIndex phase → index in {@code phases} (identity keys, unmodifiable)
 * @param phaseManual per phase index: manual per SCH-104
 * @param phaseComponent per phase index: its connected component (SCH-104); all automatic phases
 *     share one id, and each detached component has its own
 * @param systems all systems in execution order, phase by phase (unmodifiable)
 * @param systemIndex system → index in {@code systems}, by identity and by name (unmodifiable)
 * @param phaseStart per phase index: index of its first system in {@code systems}
 * @param phaseEnd per phase index: one past its last system
 * @param systemsByPhase per phase index: its systems in order (unmodifiable, same list every call)
 * @param systemSetConditions per system index: the conditions of its sets, in the order of the
 *     system's {@code sets} (each set once) and within a set in declaration order (empty array when none)
 * @param systemSetConditionNames per system index: the set name of each entry of
 *     {@code systemSetConditions}, for error messages
 * @param systemConditions per system index: its own conditions as one (AND, {@code AllConditions}), or null
 * @param systemSources per system index: the plugin name that declared it, or the schedule name
 * @param systemPlugins per system index: the index in {@code plugins} of the plugin that declared it,
 *     or -1 when the schedule did
 */
public record ExecutionPlan(
        String scheduleName,
        List<Plugin> plugins,
        List<String> pluginNames,
        List<SystemSet> sets,
        List<Phase> phases,
        Map<Phase, Integer> phaseIndex,
        boolean[] phaseManual,
        int[] phaseComponent,
        List<EcsSystem> systems,
        SystemIndex systemIndex,
        int[] phaseStart,
        int[] phaseEnd,
        List<List<EcsSystem>> systemsByPhase,
        Condition[][] systemSetConditions,
        String[][] systemSetConditionNames,
        Condition[] systemConditions,
        String[] systemSources,
        int[] systemPlugins) {
}
