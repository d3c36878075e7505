package dev.orrery.plugin.devtools;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.OrderGraph;
import dev.orrery.schedule.OrderTarget;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.SystemSet;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The ordering edges of a built schedule between its systems, read from the schedule's published
 * {@link Schedule#orderGraph()} (the graph the scheduler itself ordered by) and expanded to system
 * pairs (SCH-128, SCH-129), each with the declaration and plugin it came from.
 *
 * <p>Edges between systems of different phases are included; they agree with the phase order (the
 * build rejects the others, SCH-016) and have no further effect (SCH-015). Edges to sets without
 * members expand to nothing (SCH-134), unless the schedule orders through empty sets
 * ({@link OrderGraph#ordersThroughEmptySets()}), where a chain through empty sets yields the pairs it
 * orders (within one phase: across phases such a chain orders nothing), reported with the chain's first
 * declaration. The same pair may appear more than once when
 * several declarations order it. Expanding a set-before-set declaration lists every member pair, so
 * {@link #all()} is as large as the pairs it lists; for one system or one pair use the graph itself
 * ({@link OrderGraph#linksTo}, {@link OrderGraph#path}), which the {@link Explainer} does.
 */
public final class OrderEdges {
    private final List<OrderEdge> edges;
    private final Map<EcsSystem, List<OrderEdge>> outgoing = new IdentityHashMap<>();
    private final Map<EcsSystem, List<OrderEdge>> incoming = new IdentityHashMap<>();

    private OrderEdges(List<OrderEdge> edges) {
        this.edges = List.copyOf(edges);
        for (OrderEdge e : this.edges) {
            outgoing.computeIfAbsent(e.from(), k -> new ArrayList<>()).add(e);
            incoming.computeIfAbsent(e.to(), k -> new ArrayList<>()).add(e);
        }
        outgoing.replaceAll((s, list) -> List.copyOf(list));
        incoming.replaceAll((s, list) -> List.copyOf(list));
    }

    /**
     * @param schedule a built schedule; not null
     * @return its expanded edges, in the order of the declarations (systems in execution order, then
     *     sets in declaration order; each one's entries in the order declared)
     */
    public static OrderEdges of(Schedule schedule) {
        Objects.requireNonNull(schedule, "schedule");
        OrderGraph graph = schedule.orderGraph();
        Map<OrderTarget, List<dev.orrery.schedule.OrderEdge>> byDeclarer = new IdentityHashMap<>();
        for (dev.orrery.schedule.OrderEdge e : graph.edges()) {
            byDeclarer.computeIfAbsent(e.declaredBy(), k -> new ArrayList<>()).add(e);
        }
        List<OrderTarget> declarers = new ArrayList<>(schedule.systems());
        declarers.addAll(schedule.sets());
        List<OrderEdge> out = new ArrayList<>();
        for (OrderTarget d : declarers) {
            for (dev.orrery.schedule.OrderEdge e : byDeclarer.getOrDefault(d, List.of())) {
                if (e.from() instanceof SystemSet s && graph.members(s).isEmpty()) {
                    continue; // an inner edge of a chain through empty sets: listed from the chain's start
                }
                List<EcsSystem> froms = e.from() instanceof EcsSystem s ? List.of(s) : graph.members((SystemSet) e.from());
                Map<EcsSystem, Boolean> tos = new LinkedHashMap<>();
                reach(graph, e, tos, java.util.Collections.newSetFromMap(new IdentityHashMap<>()));
                for (EcsSystem f : froms) {
                    for (Map.Entry<EcsSystem, Boolean> t : tos.entrySet()) {
                        // through an empty set, order passes only within a phase (OrderGraph)
                        if (t.getValue() || f.phase() == t.getKey().phase()) {
                            out.add(of(f, t.getKey(), e));
                        }
                    }
                }
            }
        }
        return new OrderEdges(out);
    }

    /**
     * The systems an edge orders after its {@code from}: its {@code to}, a set's members, or through empty
     * sets; each mapped to whether it is reached directly (true) or through an empty set (false).
     */
    private static void reach(OrderGraph graph, dev.orrery.schedule.OrderEdge e, Map<EcsSystem, Boolean> out,
                              Set<SystemSet> seen) {
        reach(graph, e, out, seen, true);
    }

    private static void reach(OrderGraph graph, dev.orrery.schedule.OrderEdge e, Map<EcsSystem, Boolean> out,
                              Set<SystemSet> seen, boolean direct) {
        if (e.to() instanceof EcsSystem t) {
            out.merge(t, direct, Boolean::logicalOr);
            return;
        }
        SystemSet set = (SystemSet) e.to();
        List<EcsSystem> members = graph.members(set);
        if (!members.isEmpty()) {
            members.forEach(m -> out.merge(m, direct, Boolean::logicalOr));
        } else if (graph.ordersThroughEmptySets() && seen.add(set)) {
            for (dev.orrery.schedule.OrderEdge next : graph.edgesFrom(set)) {
                reach(graph, next, out, seen, false);
            }
        }
    }

    /**
     * @param link an expanded pair of the published graph
     * @return it as an edge of this view, described by its first declaration
     */
    static OrderEdge of(OrderGraph.Link link) {
        return of(link.from(), link.to(), link.edges().get(0));
    }

    private static OrderEdge of(EcsSystem from, EcsSystem to, dev.orrery.schedule.OrderEdge e) {
        boolean before = e.declaration().declaredByFrom();
        OrderTarget named = e.named();
        OrderEdge.Kind kind;
        if (e.declaredBy() instanceof EcsSystem) {
            kind = named instanceof EcsSystem
                    ? (before ? OrderEdge.Kind.SYSTEM_BEFORE : OrderEdge.Kind.SYSTEM_AFTER)
                    : (before ? OrderEdge.Kind.SYSTEM_BEFORE_SET : OrderEdge.Kind.SYSTEM_AFTER_SET);
        } else {
            kind = before ? OrderEdge.Kind.SET_BEFORE : OrderEdge.Kind.SET_AFTER;
        }
        SystemSet via = named instanceof SystemSet s ? s : null;
        return new OrderEdge(from, to, kind, e.declaredBy().name(), via, e.source(), e);
    }

    /** @return every edge (unmodifiable) */
    public List<OrderEdge> all() {
        return edges;
    }

    /**
     * @param system a system
     * @return the edges that start at it (unmodifiable; empty if none)
     */
    public List<OrderEdge> from(EcsSystem system) {
        return outgoing.getOrDefault(system, List.of());
    }

    /**
     * @param system a system
     * @return the edges that end at it (unmodifiable; empty if none)
     */
    public List<OrderEdge> to(EcsSystem system) {
        return incoming.getOrDefault(system, List.of());
    }
}
