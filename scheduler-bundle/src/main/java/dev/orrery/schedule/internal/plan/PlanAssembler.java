package dev.orrery.schedule.internal.plan;

import dev.orrery.schedule.Condition;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.SystemSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/** Fills the {@link ExecutionPlan} from the validated, ordered declarations (SCH-106). */
final class PlanAssembler {
    private PlanAssembler() {
    }

    /**
     * @param input the builder's input (name, plugins)
     * @param decl the declarations
     * @param graph the phase graph
     * @param phaseOrder phase node ids in SCH-102 order
     * @param components manual flags and component ids per phase position
     * @param systemPhasePos per system declaration index: its phase position
     * @param systemOrder system declaration indexes in execution order
     * @return the plan
     */
    static ExecutionPlan assemble(BuildInput input, Declarations decl, PhaseGraph graph, int[] phaseOrder,
                                  PhaseComponents components, int[] systemPhasePos, int[] systemOrder) {
        int phaseCount = phaseOrder.length;
        List<Phase> phases = new ArrayList<>(phaseCount);
        Map<Phase, Integer> phaseIndex = new IdentityHashMap<>(phaseCount);
        for (int pos = 0; pos < phaseCount; pos++) {
            Phase phase = graph.phase(phaseOrder[pos]);
            phases.add(phase);
            phaseIndex.put(phase, pos);
        }

        int n = systemOrder.length;
        List<EcsSystem> systems = new ArrayList<>(n);
        int[] phaseStart = new int[phaseCount];
        int[] phaseEnd = new int[phaseCount];
        Condition[][] setConditions = new Condition[n][];
        String[][] setConditionNames = new String[n][];
        Condition[] conditions = new Condition[n];
        String[] sources = new String[n];
        int[] sourcePlugins = new int[n];
        int k = 0;
        for (int pos = 0; pos < phaseCount; pos++) {
            phaseStart[pos] = k;
            while (k < n && systemPhasePos[systemOrder[k]] == pos) {
                Declared<EcsSystem> d = decl.systems().get(systemOrder[k]);
                EcsSystem system = d.item();
                systems.add(system);
                fillSetConditions(system, k, setConditions, setConditionNames);
                ConditionPlaces.place(input.name(), system);
                conditions[k] = AllConditions.of(system.conditions()).orElse(null);
                sources[k] = d.source().name();
                sourcePlugins[k] = d.source().pluginIndex();
                k++;
            }
            phaseEnd[pos] = k;
        }
        if (k != n) {
            throw new IllegalStateException("system order is not grouped by phase position");
        }
        List<EcsSystem> systemList = List.copyOf(systems);
        List<List<EcsSystem>> byPhase = new ArrayList<>(phaseCount);
        for (int pos = 0; pos < phaseCount; pos++) {
            byPhase.add(List.copyOf(systemList.subList(phaseStart[pos], phaseEnd[pos])));
        }
        List<SystemSet> sets = new ArrayList<>(decl.sets().size());
        decl.sets().forEach(d -> sets.add(d.item()));
        return new ExecutionPlan(
                input.name(),
                input.plugins(),
                decl.pluginNames(),
                List.copyOf(sets),
                List.copyOf(phases),
                Collections.unmodifiableMap(phaseIndex),
                components.manual(),
                components.component(),
                systemList,
                decl.planIndex(systemOrder, systemList),
                phaseStart,
                phaseEnd,
                List.copyOf(byPhase),
                setConditions,
                setConditionNames,
                conditions,
                sources,
                sourcePlugins);
    }

    /**
     * The conditions of the system's sets, flat: in the order of its sets, each set once, and within a
     * set in declaration order; {@code names} gets, per condition, the name of its set (for failure
     * reports).
     */
    private static void fillSetConditions(EcsSystem system, int k, Condition[][] out, String[][] names) {
        List<SystemSet> sets = system.sets();
        boolean[] first = FirstOccurrences.of(sets);
        int total = 0;
        for (SystemSet set : sets) {
            total += set.conditions().size();
        }
        Condition[] conditions = new Condition[total];
        String[] setNames = new String[total];
        int count = 0;
        for (int i = 0; i < sets.size(); i++) {
            SystemSet set = sets.get(i);
            if (!first[i]) {
                continue;
            }
            for (Condition condition : set.conditions()) {
                conditions[count] = condition;
                setNames[count] = set.name();
                count++;
            }
        }
        out[k] = Arrays.copyOf(conditions, count);
        names[k] = Arrays.copyOf(setNames, count);
    }
}
