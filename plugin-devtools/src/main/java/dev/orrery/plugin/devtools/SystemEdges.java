package dev.orrery.plugin.devtools;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.SystemSet;
import dev.orrery.schedule.graph.BuildItem;
import dev.orrery.schedule.graph.OrderEdge;
import dev.orrery.schedule.graph.OrderGraph;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
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
 *
 * @since 0.1
 */
public final class SystemEdges {
    private final List<SystemEdge> edges;
    private final Map<EcsSystem, List<SystemEdge>> outgoing = new IdentityHashMap<>();
    private final Map<EcsSystem, List<SystemEdge>> incoming = new IdentityHashMap<>();

    private SystemEdges(List<SystemEdge> edges) {
        this.edges = List.copyOf(edges);
        for (SystemEdge e : this.edges) {
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
    public static SystemEdges of(Schedule schedule) {
        Objects.requireNonNull(schedule, "schedule");
        OrderGraph graph = schedule.orderGraph();
        Names names = Names.of(schedule);
        Map<String, List<OrderEdge>> byDeclarer = new HashMap<>();
        for (OrderEdge e : graph.edges()) {
            byDeclarer.computeIfAbsent(key(e.declaredBy()), k -> new ArrayList<>()).add(e);
        }
        List<String> declarers = new ArrayList<>();
        schedule.systems().forEach(s -> declarers.add(BuildItem.Kind.SYSTEM + ":" + s.name()));
        schedule.sets().forEach(s -> declarers.add(BuildItem.Kind.SET + ":" + s.name()));
        List<SystemEdge> out = new ArrayList<>();
        for (String d : declarers) {
            for (OrderEdge e : byDeclarer.getOrDefault(d, List.of())) {
                if (e.from().kind() == BuildItem.Kind.SET && graph.members(e.from().name()).isEmpty()) {
                    continue; // an inner edge of a chain through empty sets: listed from the chain's start
                }
                List<EcsSystem> froms = e.from().kind() == BuildItem.Kind.SYSTEM ? List.of(names.system(e.from()))
                        : names.systems(graph.members(e.from().name()));
                Map<EcsSystem, Boolean> tos = new LinkedHashMap<>();
                reach(graph, names, e, tos, new HashSet<>(), true);
                for (EcsSystem f : froms) {
                    for (Map.Entry<EcsSystem, Boolean> t : tos.entrySet()) {
                        // through an empty set, order passes only within a phase (OrderGraph)
                        if (t.getValue() || f.phase() == t.getKey().phase()) {
                            out.add(of(f, t.getKey(), e, names));
                        }
                    }
                }
            }
        }
        return new SystemEdges(out);
    }

    private static String key(BuildItem node) {
        return node.kind() + ":" + node.name();
    }

    /**
     * The systems an edge orders after its {@code from}: its {@code to}, a set's members, or through empty
     * sets; each mapped to whether it is reached directly (true) or through an empty set (false).
     */
    private static void reach(OrderGraph graph, Names names, OrderEdge e, Map<EcsSystem, Boolean> out,
                              Set<String> seen, boolean direct) {
        if (e.to().kind() == BuildItem.Kind.SYSTEM) {
            out.merge(names.system(e.to()), direct, Boolean::logicalOr);
            return;
        }
        List<BuildItem> members = graph.members(e.to().name());
        if (!members.isEmpty()) {
            names.systems(members).forEach(m -> out.merge(m, direct, Boolean::logicalOr));
        } else if (graph.ordersThroughEmptySets() && seen.add(e.to().name())) {
            for (OrderEdge next : graph.edgesFrom(e.to())) {
                reach(graph, names, next, out, seen, false);
            }
        }
    }

    /**
     * @param link an expanded pair of the published graph
     * @param names the schedule's systems and sets by name
     * @return it as an edge of this view, described by its first declaration
     */
    static SystemEdge of(OrderGraph.Link link, Names names) {
        return of(names.system(link.from()), names.system(link.to()), link.edges().get(0), names);
    }

    private static SystemEdge of(EcsSystem from, EcsSystem to, OrderEdge e, Names names) {
        boolean before = e.declaration().declaredByFrom();
        BuildItem named = e.named();
        boolean namesSystem = named.kind() == BuildItem.Kind.SYSTEM;
        SystemEdge.Kind kind;
        if (e.declaredBy().kind() == BuildItem.Kind.SYSTEM) {
            kind = namesSystem
                    ? (before ? SystemEdge.Kind.SYSTEM_BEFORE : SystemEdge.Kind.SYSTEM_AFTER)
                    : (before ? SystemEdge.Kind.SYSTEM_BEFORE_SET : SystemEdge.Kind.SYSTEM_AFTER_SET);
        } else {
            kind = before ? SystemEdge.Kind.SET_BEFORE : SystemEdge.Kind.SET_AFTER;
        }
        SystemSet via = namesSystem ? null : names.set(named);
        return new SystemEdge(from, to, kind, e.declaredBy().name(), via, e.source(), e);
    }

    /** A schedule's systems and sets by name, to turn the published graph's nodes back into them. */
    static final class Names {
        private final Map<String, EcsSystem> systems = new HashMap<>();
        private final Map<String, SystemSet> sets = new HashMap<>();

        private Names() {
        }

        static Names of(Schedule schedule) {
            Names n = new Names();
            schedule.systems().forEach(s -> n.systems.put(s.name(), s));
            schedule.sets().forEach(s -> n.sets.putIfAbsent(s.name(), s));
            return n;
        }

        EcsSystem system(BuildItem node) {
            return systems.get(node.name());
        }

        List<EcsSystem> systems(List<BuildItem> nodes) {
            List<EcsSystem> out = new ArrayList<>(nodes.size());
            nodes.forEach(n -> out.add(system(n)));
            return out;
        }

        SystemSet set(BuildItem node) {
            return sets.get(node.name());
        }
    }

    /** @return every edge (unmodifiable) */
    public List<SystemEdge> all() {
        return edges;
    }

    /**
     * @param system a system
     * @return the edges that start at it (unmodifiable; empty if none)
     */
    public List<SystemEdge> from(EcsSystem system) {
        return outgoing.getOrDefault(system, List.of());
    }

    /**
     * @param system a system
     * @return the edges that end at it (unmodifiable; empty if none)
     */
    public List<SystemEdge> to(EcsSystem system) {
        return incoming.getOrDefault(system, List.of());
    }
}
