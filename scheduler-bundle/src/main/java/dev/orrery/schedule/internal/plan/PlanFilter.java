package dev.orrery.schedule.internal.plan;

import dev.orrery.schedule.Condition;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Beyond the spec (Orrery's hot plug): the {@link ExecutionPlan} of a built schedule minus the systems
 * of some of its plugins, for {@link dev.orrery.schedule.Schedule#withoutPlugins}.
 *
 * <p>The plan is filtered, never recomputed: phases (order, manual flags, components), sets, and the
 * relative order of the remaining systems are those of the original plan, so the result is the plan a
 * build without those systems would give with the same phase order. No plugin code is called (plugin
 * names come from {@link ExecutionPlan#pluginNames()}, read once at build), and the cost is
 * O(phases + plugins + systems) with no hashing: one pass over the systems, the per-system arrays
 * copied without the removed entries, and the original plan's {@link SystemIndex} with a position
 * array. Per-system values that are arrays (set
 * conditions and their names) are shared with the original plan, which never writes them.
 */
public final class PlanFilter {
    private PlanFilter() {
    }

    /**
     * @param plan the plan to filter
     * @param removed per plugin index of {@code plan}: whether that plugin leaves
     * @return the plan without the removed plugins and their systems
     */
    public static ExecutionPlan withoutPlugins(ExecutionPlan plan, boolean[] removed) {
        int[] pluginRemap = pluginRemap(removed);
        List<Plugin> plugins = new ArrayList<>(plan.plugins().size());
        List<String> pluginNames = new ArrayList<>(plan.plugins().size());
        for (int j = 0; j < removed.length; j++) {
            if (!removed[j]) {
                plugins.add(plan.plugins().get(j));
                pluginNames.add(plan.pluginNames().get(j));
            }
        }

        int phaseCount = plan.phases().size();
        int n = plan.systems().size();
        int[] oldSystemPlugins = plan.systemPlugins();
        // Per system of this plan: its position in the filtered plan, or -1 if it leaves.
        int[] newIndex = new int[n];
        int m = 0;
        int[] phaseStart = new int[phaseCount];
        int[] phaseEnd = new int[phaseCount];
        for (int p = 0; p < phaseCount; p++) {
            phaseStart[p] = m;
            for (int i = plan.phaseStart()[p], end = plan.phaseEnd()[p]; i < end; i++) {
                int source = oldSystemPlugins[i];
                newIndex[i] = source < 0 || !removed[source] ? m++ : -1;
            }
            phaseEnd[p] = m;
        }

        EcsSystem[] systems = new EcsSystem[m];
        Condition[][] setConditions = new Condition[m][];
        String[][] setConditionNames = new String[m][];
        Condition[] conditions = new Condition[m];
        String[] sources = new String[m];
        int[] systemPlugins = new int[m];
        List<EcsSystem> oldSystems = plan.systems();
        for (int i = 0; i < n; i++) {
            int k = newIndex[i];
            if (k < 0) {
                continue;
            }
            systems[k] = oldSystems.get(i);
            setConditions[k] = plan.systemSetConditions()[i];
            setConditionNames[k] = plan.systemSetConditionNames()[i];
            conditions[k] = plan.systemConditions()[i];
            sources[k] = plan.systemSources()[i];
            int source = oldSystemPlugins[i];
            systemPlugins[k] = source < 0 ? -1 : pluginRemap[source];
        }
        List<EcsSystem> systemList = List.of(systems);
        List<List<EcsSystem>> byPhase = new ArrayList<>(phaseCount);
        for (int p = 0; p < phaseCount; p++) {
            boolean unchanged = phaseEnd[p] - phaseStart[p] == plan.phaseEnd()[p] - plan.phaseStart()[p];
            // An unmodifiable view of the unmodifiable system list: no copy.
            byPhase.add(unchanged ? plan.systemsByPhase().get(p) : systemList.subList(phaseStart[p], phaseEnd[p]));
        }
        return new ExecutionPlan(
                plan.scheduleName(),
                List.copyOf(plugins),
                List.copyOf(pluginNames),
                plan.sets(),
                plan.phases(),
                plan.phaseIndex(),
                plan.phaseManual(),
                plan.phaseComponent(),
                systemList,
                plan.systemIndex().keeping(newIndex, systemList),
                phaseStart,
                phaseEnd,
                List.copyOf(byPhase),
                setConditions,
                setConditionNames,
                conditions,
                sources,
                systemPlugins);
    }

    /** @return per old plugin index: its index among the remaining plugins, or -1 if it is removed */
    private static int[] pluginRemap(boolean[] removed) {
        int[] remap = new int[removed.length];
        Arrays.fill(remap, -1);
        for (int j = 0, next = 0; j < removed.length; j++) {
            if (!removed[j]) {
                remap[j] = next++;
            }
        }
        return remap;
    }
}
