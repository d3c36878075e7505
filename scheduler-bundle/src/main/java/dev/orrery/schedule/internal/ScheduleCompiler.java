package dev.orrery.schedule.internal;

import dev.orrery.schedule.BuildProblem;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.ScheduleBuildException;
import dev.orrery.schedule.SystemSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Validates a {@link BuildInput} and computes its {@link ExecutionPlan}, once (SCH-106). Stages, each
 * reporting all its problems together and stopping the build before the next stage, so no problem is
 * a consequence of an earlier one:
 * <ol>
 *   <li>flatten plugins, then the schedule's own entries (SCH-136), with sources ({@link Declarations});</li>
 *   <li>declarations and references: duplicate plugins (DUPLICATE_PLUGIN), duplicates and unknown
 *       phases, sets and systems ({@link DeclarationChecks}: SCH-006, 007, 018..020, 023, 133, 138);</li>
 *   <li>phase order (SCH-101, SCH-102) or the phase cycles (SCH-103) ({@link PhaseOrdering});</li>
 *   <li>system edges after set expansion: edges against phase order (SCH-016, SCH-130) and cycles
 *       (SCH-017, SCH-131) ({@link SystemGraph}, {@link SystemOrdering}, {@link CycleFinder});</li>
 *   <li>manual phases and components (SCH-104) and the plan ({@link PlanAssembler}).</li>
 * </ol>
 */
final class ScheduleCompiler {
    private ScheduleCompiler() {
    }

    /**
     * @param input the builder's input
     * @return the execution plan
     * @throws ScheduleBuildException if the input is invalid; the problems name every item at fault
     */
    static ExecutionPlan compile(BuildInput input) {
        Declarations decl = Declarations.flatten(input);
        failIfAny(input, DeclarationChecks.check(decl));

        PhaseGraph phaseGraph = PhaseGraph.of(decl);
        PhaseOrdering.Result phaseResult = PhaseOrdering.order(phaseGraph);
        if (phaseResult.order() == null) {
            throw new ScheduleBuildException(input.name(), phaseCycles(phaseGraph, phaseResult.unemitted()));
        }
        int[] phaseOrder = phaseResult.order();
        int[] positionOfNode = new int[phaseOrder.length];
        for (int pos = 0; pos < phaseOrder.length; pos++) {
            positionOfNode[phaseOrder[pos]] = pos;
        }
        int[] systemPhasePos = new int[decl.systems().size()];
        for (Declared<EcsSystem> d : decl.systems()) {
            systemPhasePos[d.index()] = positionOfNode[phaseGraph.id(d.item().phase())];
        }

        SystemGraph systemGraph = SystemGraph.build(decl, systemPhasePos, phaseOrder.length);
        SystemOrdering.Result systemResult = SystemOrdering.order(systemGraph);
        List<BuildProblem> orderingProblems = new ArrayList<>(systemGraph.phaseOrderProblems());
        if (systemResult.order() == null) {
            orderingProblems.addAll(systemCycles(systemGraph, systemResult.unemitted(), phaseOrder, phaseGraph));
        }
        failIfAny(input, orderingProblems);

        PhaseComponents components = PhaseComponents.of(phaseGraph, phaseOrder);
        return PlanAssembler.assemble(input, decl, phaseGraph, phaseOrder, components, systemPhasePos,
                systemResult.order());
    }

    private static void failIfAny(BuildInput input, List<BuildProblem> problems) {
        if (!problems.isEmpty()) {
            throw new ScheduleBuildException(input.name(), problems);
        }
    }

    private static List<BuildProblem> phaseCycles(PhaseGraph graph, boolean[] unemitted) {
        int n = graph.size();
        long[] rank = new long[n];
        boolean[] startable = new boolean[n];
        for (int v = 0; v < n; v++) {
            rank[v] = v;
            startable[v] = !graph.isBuiltin(v);
        }
        List<BuildProblem> problems = new ArrayList<>();
        for (int[] cycle : CycleFinder.cycles(graph.edges(), unemitted, rank, startable)) {
            List<Phase> path = new ArrayList<>();
            List<Declared<Phase>> custom = new ArrayList<>();
            for (int v : cycle) {
                path.add(graph.phase(v));
                if (!graph.isBuiltin(v)) {
                    custom.add(graph.declared(v));
                }
            }
            problems.add(BuildProblems.phaseCycle(path, custom));
        }
        return problems;
    }

    private static List<BuildProblem> systemCycles(SystemGraph graph, boolean[] unemitted, int[] phaseOrder,
                                                   PhaseGraph phaseGraph) {
        int total = graph.edges().size();
        boolean[] startable = new boolean[total];
        for (int v = 0; v < graph.systemCount(); v++) {
            startable[v] = true;
        }
        List<BuildProblem> problems = new ArrayList<>();
        for (int[] cycle : CycleFinder.cycles(graph.edges(), unemitted, graph.rank(), startable)) {
            List<String> path = new ArrayList<>();
            Map<Integer, Declared<EcsSystem>> systems = new LinkedHashMap<>();
            Map<Integer, Declared<SystemSet>> sets = new LinkedHashMap<>();
            for (int v : cycle) {
                if (graph.isSystem(v)) {
                    Declared<EcsSystem> d = graph.system(v);
                    path.add(BuildProblems.quote(d.item().name()));
                    systems.putIfAbsent(d.index(), d);
                } else {
                    Declared<SystemSet> d = graph.setOf(v);
                    path.add("[set " + BuildProblems.quote(d.item().name()) + "]");
                    sets.putIfAbsent(d.index(), d);
                }
            }
            Phase phase = phaseGraph.phase(phaseOrder[graph.phaseOf(cycle[0])]);
            problems.add(BuildProblems.systemCycle(phase, path, new ArrayList<>(systems.values()),
                    new ArrayList<>(sets.values())));
        }
        return problems;
    }
}
