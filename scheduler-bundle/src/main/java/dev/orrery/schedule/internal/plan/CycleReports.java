package dev.orrery.schedule.internal.plan;

import dev.orrery.schedule.BuildProblem;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.OrderTarget;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.SystemSet;
import dev.orrery.schedule.graph.BuildCycle;
import dev.orrery.schedule.graph.BuildCycle.Meaning;
import dev.orrery.schedule.graph.BuildCycle.Step;
import dev.orrery.schedule.graph.BuildItem;
import dev.orrery.schedule.graph.OrderEdge;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the cycles of the phase graph and of the system graph into {@link BuildProblem}s with
 * {@link BuildCycle}s (Orrery's own "every cycle, readable", extending SCH-017, SCH-103, SCH-131): every
 * elementary cycle of each strongly connected group ({@link CycleEnumerator}), in canonical form
 * (nodes ranked systems before sets, custom phases before builtin ones, then by name), each step with its meaning and the declarations
 * that make it. At most {@link BuildProblem#SHOWN_CYCLES} cycles are shown per build, at least one per
 * group. Error path only.
 */
final class CycleReports {
    private CycleReports() {
    }

    // ---- phases ----

    static List<BuildProblem> phaseCycles(PhaseGraph graph, boolean[] unemitted, String scheduleName) {
        int n = graph.size();
        Integer[] order = new Integer[n];
        for (int v = 0; v < n; v++) {
            order[v] = v;
        }
        java.util.Arrays.sort(order, Comparator.<Integer>comparingInt(v -> graph.isBuiltin(v) ? 1 : 0)
                .thenComparing(v -> graph.phase(v).name()));
        long[] rank = new long[n];
        for (int i = 0; i < n; i++) {
            rank[order[i]] = i;
        }
        List<CycleEnumerator.Group> groups = CycleEnumerator.cycles(graph.edges(), unemitted, rank,
                BuildProblem.SHOWN_CYCLES, BuildProblem.COUNTED_CYCLES);
        List<BuildProblem> problems = new ArrayList<>();
        int budget = BuildProblem.SHOWN_CYCLES;
        for (CycleEnumerator.Group group : groups) {
            int show = Math.max(1, Math.min(budget, group.cycles().size()));
            budget -= show;
            List<BuildCycle> cycles = new ArrayList<>();
            Map<String, BuildItem> items = new LinkedHashMap<>();
            for (int[] path : group.cycles().subList(0, show)) {
                List<Step> steps = new ArrayList<>();
                for (int i = 0; i < path.length; i++) {
                    steps.add(phaseStep(graph, path[i], path[(i + 1) % path.length], scheduleName));
                }
                for (int v : path) {
                    if (!graph.isBuiltin(v)) {
                        items.putIfAbsent(graph.phase(v).name(), BuildProblems.phaseItem(graph.declared(v)));
                    }
                }
                cycles.add(new BuildCycle(steps));
            }
            problems.add(BuildProblems.cycles(BuildProblem.Kind.PHASE_CYCLE, "the phase graph", true, cycles,
                    group.total() - show, group.truncated(), new ArrayList<>(items.values())));
        }
        return problems;
    }

    private static BuildItem phaseItem(PhaseGraph graph, int v, String scheduleName) {
        return graph.isBuiltin(v)
                ? new BuildItem(BuildItem.Kind.PHASE, graph.phase(v).name(), scheduleName)
                : BuildProblems.phaseItem(graph.declared(v));
    }

    private static Step phaseStep(PhaseGraph graph, int u, int v, String scheduleName) {
        Phase pu = graph.phase(u);
        Phase pv = graph.phase(v);
        List<String> codes = new ArrayList<>();
        List<BuildItem> by = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        if (graph.isBuiltin(u) && graph.isBuiltin(v) && v == u + 1) {
            codes.add("builtin order");
            by.add(phaseItem(graph, v, scheduleName));
            texts.add("builtin order");
        }
        if (!graph.isBuiltin(v) && pv.dependsOn().contains(pu)) {
            String code = pv.name() + ".dependsOn(" + pu.name() + ")";
            codes.add(code);
            by.add(BuildProblems.phaseItem(graph.declared(v)));
            texts.add(code + ", " + graph.declared(v).source().describe());
        }
        if (!graph.isBuiltin(u) && pu.before().contains(pv)) {
            String code = pu.name() + ".before(" + pv.name() + ")";
            codes.add(code);
            by.add(BuildProblems.phaseItem(graph.declared(u)));
            texts.add(code + ", " + graph.declared(u).source().describe());
        }
        String text = "'" + pu.name() + "' runs before '" + pv.name() + "' (" + String.join(" and ", texts) + ")";
        return new Step(Meaning.RUNS_BEFORE, phaseItem(graph, u, scheduleName), phaseItem(graph, v, scheduleName),
                codes, by, text);
    }

    // ---- systems and sets ----

    static List<BuildProblem> systemCycles(SystemGraph graph, boolean[] unemitted, int[] phaseOrder,
                                           PhaseGraph phaseGraph) {
        int total = graph.edges().size();
        Integer[] order = new Integer[total];
        for (int v = 0; v < total; v++) {
            order[v] = v;
        }
        java.util.Arrays.sort(order, Comparator.<Integer>comparingInt(v -> graph.isSystem(v) ? 0 : 1)
                .thenComparing(v -> name(graph, v))
                .thenComparingInt(v -> graph.isSystem(v) || !graph.isExit(v) ? 0 : 1)
                .thenComparingInt(graph::phaseOf));
        long[] rank = new long[total];
        for (int i = 0; i < total; i++) {
            rank[order[i]] = i;
        }
        Map<OrderTarget, Map<OrderTarget, List<DeclaredEdge>>> byEnds = new IdentityHashMap<>();
        for (DeclaredEdge e : graph.orderEdges()) {
            byEnds.computeIfAbsent(e.from(), k -> new IdentityHashMap<>())
                    .computeIfAbsent(e.to(), k -> new ArrayList<>()).add(e);
        }
        List<CycleEnumerator.Group> groups = CycleEnumerator.cycles(graph.edges(), unemitted, rank,
                BuildProblem.SHOWN_CYCLES, BuildProblem.COUNTED_CYCLES);
        List<BuildProblem> problems = new ArrayList<>();
        int budget = BuildProblem.SHOWN_CYCLES;
        for (CycleEnumerator.Group group : groups) {
            int show = Math.max(1, Math.min(budget, group.cycles().size()));
            budget -= show;
            List<BuildCycle> cycles = new ArrayList<>();
            Map<Integer, BuildItem> systems = new LinkedHashMap<>();
            Map<Integer, BuildItem> sets = new LinkedHashMap<>();
            for (int[] path : group.cycles().subList(0, show)) {
                List<Step> steps = new ArrayList<>();
                for (int i = 0; i < path.length; i++) {
                    steps.add(systemStep(graph, byEnds, path[i], path[(i + 1) % path.length]));
                }
                for (int v : path) {
                    if (graph.isSystem(v)) {
                        systems.putIfAbsent(v, BuildProblems.systemItem(graph.system(v)));
                    } else {
                        Declared<SystemSet> d = graph.setOf(v);
                        sets.putIfAbsent(d.index(), BuildProblems.setItem(d));
                    }
                }
                cycles.add(new BuildCycle(steps));
            }
            List<BuildItem> items = new ArrayList<>(systems.values());
            items.addAll(sets.values());
            Phase phase = phaseGraph.phase(phaseOrder[graph.phaseOf(group.cycles().get(0)[0])]);
            problems.add(BuildProblems.cycles(BuildProblem.Kind.SYSTEM_CYCLE,
                    "the before/after edges of systems in phase '" + phase.name() + "'", false, cycles,
                    group.total() - show, group.truncated(), items));
        }
        return problems;
    }

    private static String name(SystemGraph graph, int v) {
        return graph.isSystem(v) ? graph.system(v).item().name() : graph.setOf(v).item().name();
    }

    private static OrderTarget target(SystemGraph graph, int v) {
        return graph.isSystem(v) ? graph.system(v).item() : graph.setOf(v).item();
    }

    private static BuildItem item(SystemGraph graph, int v) {
        return graph.isSystem(v) ? BuildProblems.systemItem(graph.system(v)) : BuildProblems.setItem(graph.setOf(v));
    }

    private static String label(OrderTarget t) {
        return (t instanceof SystemSet ? "set '" : "'") + t.name() + "'";
    }

    private static Step systemStep(SystemGraph graph, Map<OrderTarget, Map<OrderTarget, List<DeclaredEdge>>> byEnds,
                                   int u, int v) {
        OrderTarget tu = target(graph, u);
        OrderTarget tv = target(graph, v);
        Declarations decl = graph.declarations();
        boolean uSystem = graph.isSystem(u);
        boolean vSystem = graph.isSystem(v);
        if (uSystem && !vSystem && graph.isExit(v)) {
            Declared<EcsSystem> d = graph.system(u);
            String code = tu.name() + ".sets(" + tv.name() + ")";
            return new Step(Meaning.MEMBER_OF_SET, item(graph, u), item(graph, v), List.of(code),
                    List.of(BuildProblems.systemItem(d)),
                    label(tu) + " is in " + label(tv) + " (" + code + ", " + d.source().describe() + ")");
        }
        if (!uSystem && !graph.isExit(u) && vSystem) {
            Declared<EcsSystem> d = graph.system(v);
            String code = tv.name() + ".sets(" + tu.name() + ")";
            return new Step(Meaning.SET_CONTAINS, item(graph, u), item(graph, v), List.of(code),
                    List.of(BuildProblems.systemItem(d)),
                    label(tu) + " contains " + label(tv) + " (" + code + ", " + d.source().describe() + ")");
        }
        if (!uSystem && !vSystem && !graph.isExit(u) && graph.isExit(v)) {
            return new Step(Meaning.THROUGH_EMPTY_SET, item(graph, u), item(graph, v), List.of(), List.of(),
                    label(tu) + " has no members and passes order through (orderThroughEmptySets)");
        }
        List<OrderEdge> declared = new ArrayList<>();
        for (DeclaredEdge e : byEnds.getOrDefault(tu, Map.of()).getOrDefault(tv, List.of())) {
            declared.add(OrderGraphs.published(e, t -> declared(decl, t).source().name()));
        }
        declared.sort(Comparator.comparing(OrderEdge::code));
        List<String> codes = new ArrayList<>();
        List<BuildItem> by = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (OrderEdge e : declared) {
            codes.add(e.code());
            by.add(e.declaredBy());
            texts.add(e.code() + ", " + declared(decl, e.declaredBy()).source().describe());
        }
        return new Step(Meaning.RUNS_BEFORE, item(graph, u), item(graph, v), codes, by,
                label(tu) + " runs before " + label(tv) + " (" + String.join(" and ", texts) + ")");
    }

    /** @return the declaration of a system or set */
    private static Declared<?> declared(Declarations decl, OrderTarget t) {
        return t instanceof EcsSystem s ? decl.systems().get(decl.indexOf(s)) : decl.sets().get(decl.indexOf((SystemSet) t));
    }

    /** @return the declaration of the system or set a published node names */
    private static Declared<?> declared(Declarations decl, BuildItem node) {
        return node.kind() == BuildItem.Kind.SET ? decl.sets().get(decl.setNamed(node.name()))
                : decl.systems().get(decl.systemNamed(node.name()));
    }
}
