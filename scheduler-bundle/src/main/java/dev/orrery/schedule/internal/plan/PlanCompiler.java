package dev.orrery.schedule.internal.plan;

import dev.orrery.schedule.BuildProblem;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.ScheduleBuildException;
import dev.orrery.schedule.graph.AccessReport;
import dev.orrery.schedule.graph.OrderGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

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
 *       (SCH-017, SCH-131) ({@link SystemGraph}, {@link SystemOrdering}, {@link CycleEnumerator}, {@link CycleReports});</li>
 *   <li>manual phases and components (SCH-104) and the plan ({@link PlanAssembler}); beyond the spec,
 *       the published {@link OrderGraph} (the resolved declarations kept by {@link SystemGraph}) and the
 *       {@link AccessReport} ({@link AccessAnalysis}).</li>
 * </ol>
 * The plan is the build's only input to the run engine: an immutable value, never re-sorted or
 * re-validated after this.
 */
public final class PlanCompiler {
    private PlanCompiler() {
    }

    /**
     * @param input the builder's input
     * @return the execution plan
     * @throws ScheduleBuildException if the input is invalid; the problems name every item at fault
     */
    public static ExecutionPlan compile(BuildInput input) {
        return compileAll(input).plan();
    }

    /**
     * What a build computes: the plan, and (Orrery's own) the published order graph and access report.
     *
     * @param plan the execution plan
     * @param orderGraph builds the resolved ordering declarations with provenance (on first use)
     * @param access the access report
     */
    public record Compiled(ExecutionPlan plan, Supplier<OrderGraph> orderGraph, AccessReport access) {
    }

    /**
     * @param input the builder's input
     * @return the plan, the order graph and the access report
     * @throws ScheduleBuildException if the input is invalid; the problems name every item at fault
     */
    public static Compiled compileAll(BuildInput input) {
        Declarations decl = Declarations.flatten(input);
        failIfAny(input, DeclarationChecks.check(decl));

        PhaseGraph phaseGraph = PhaseGraph.of(decl);
        PhaseOrdering.Result phaseResult = PhaseOrdering.order(phaseGraph);
        if (phaseResult.order() == null) {
            throw new ScheduleBuildException(input.name(),
                    CycleReports.phaseCycles(phaseGraph, phaseResult.unemitted(), input.name()));
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

        SystemGraph systemGraph = SystemGraph.build(decl, systemPhasePos, phaseOrder.length,
                input.orderThroughEmptySets());
        SystemOrdering.Result systemResult = SystemOrdering.order(systemGraph);
        List<BuildProblem> orderingProblems = new ArrayList<>(systemGraph.phaseOrderProblems());
        if (systemResult.order() == null) {
            orderingProblems.addAll(CycleReports.systemCycles(systemGraph, systemResult.unemitted(), phaseOrder,
                    phaseGraph));
        }
        failIfAny(input, orderingProblems);

        PhaseComponents components = PhaseComponents.of(phaseGraph, phaseOrder);
        ExecutionPlan plan = PlanAssembler.assemble(input, decl, phaseGraph, phaseOrder, components, systemPhasePos,
                systemResult.order());
        // The published order graph is built when a tool first asks (a third of build() otherwise).
        Supplier<OrderGraph> orderGraph = OrderGraphs.later(plan, systemGraph.orderEdges(), OrderGraphs.setSources(decl),
                input.orderThroughEmptySets());
        Phase[] phaseOf = new Phase[decl.systems().size()];
        for (Declared<EcsSystem> d : decl.systems()) {
            phaseOf[d.index()] = d.item().phase();
        }
        return new Compiled(plan, orderGraph, AccessAnalysis.analyse(systemGraph, systemResult.order(), phaseOf));
    }

    private static void failIfAny(BuildInput input, List<BuildProblem> problems) {
        if (!problems.isEmpty()) {
            throw new ScheduleBuildException(input.name(), problems);
        }
    }
}
