package dev.orrery.schedule;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Beyond the spec (Orrery's own): the resolved ordering graph of a built schedule
 * ({@link Schedule#orderGraph()}), with the provenance of every edge.
 *
 * <p>It holds the declarations as resolved edges between systems and sets ({@link #edges()}, each an
 * {@link OrderEdge} saying who declared it, how, and from which plugin) and the set membership
 * ({@link #members}). A set edge is kept once, not expanded to every member pair, so the graph is
 * linear in the declarations; the system-level view is expanded on demand for one system
 * ({@link #linksFrom}, {@link #linksTo}) or one pair ({@link #path}). Edges between systems of
 * different phases are included (they agree with the phase order, SCH-015); a by-name entry whose
 * name is absent contributes nothing.
 *
 * <p>When the schedule orders through empty sets ({@link ScheduleBuilder#orderThroughEmptySets}), a
 * set without members passes order through: "A before E" and "E before B" with E empty order A's
 * members before B's members in each phase where both have members, and
 * {@link #linksFrom}/{@link #linksTo}/{@link #path} follow such chains; a chain through an empty set
 * between systems of different phases orders nothing (it is neither a link nor a build problem).
 *
 * <p>Immutable and thread-safe; built once with the schedule (cost linear in systems, memberships and
 * edges).
 */
public final class OrderGraph {
    private final List<EcsSystem> systems;
    private final List<OrderEdge> edges;
    private final boolean throughEmptySets;
    private final Map<OrderTarget, List<OrderEdge>> out = new IdentityHashMap<>();
    private final Map<OrderTarget, List<OrderEdge>> in = new IdentityHashMap<>();
    private final Map<SystemSet, List<EcsSystem>> members = new IdentityHashMap<>();
    private final Map<EcsSystem, List<SystemSet>> setsOf = new IdentityHashMap<>();

    private OrderGraph(List<EcsSystem> systems, List<OrderEdge> edges, boolean throughEmptySets) {
        this.systems = List.copyOf(systems);
        this.edges = List.copyOf(edges);
        this.throughEmptySets = throughEmptySets;
        for (EcsSystem s : this.systems) {
            List<SystemSet> own = new ArrayList<>();
            for (SystemSet set : s.sets()) {
                if (!own.contains(set)) {
                    own.add(set);
                    members.computeIfAbsent(set, k -> new ArrayList<>()).add(s);
                }
            }
            setsOf.put(s, List.copyOf(own));
        }
        for (OrderEdge e : this.edges) {
            out.computeIfAbsent(e.from(), k -> new ArrayList<>()).add(e);
            in.computeIfAbsent(e.to(), k -> new ArrayList<>()).add(e);
        }
        members.replaceAll((k, v) -> List.copyOf(v));
        out.replaceAll((k, v) -> List.copyOf(v));
        in.replaceAll((k, v) -> List.copyOf(v));
    }

    /**
     * @param systems the schedule's systems in execution order; their {@link EcsSystem#sets()} give the membership
     * @param edges the resolved edges, in declaration order
     * @param throughEmptySets whether sets without members pass order through
     * @return the graph
     * @throws NullPointerException if a list or an element is null
     */
    public static OrderGraph of(List<EcsSystem> systems, List<OrderEdge> edges, boolean throughEmptySets) {
        return new OrderGraph(Objects.requireNonNull(systems, "systems"), Objects.requireNonNull(edges, "edges"),
                throughEmptySets);
    }

    /** @return every resolved edge, in declaration order (systems' entries first, then sets'); unmodifiable */
    public List<OrderEdge> edges() {
        return edges;
    }

    /** @return whether sets without members pass order through ({@link ScheduleBuilder#orderThroughEmptySets}) */
    public boolean ordersThroughEmptySets() {
        return throughEmptySets;
    }

    /**
     * @param target a system or set
     * @return the edges that start at it, in declaration order (empty if none)
     */
    public List<OrderEdge> edgesFrom(OrderTarget target) {
        return out.getOrDefault(target, List.of());
    }

    /**
     * @param target a system or set
     * @return the edges that end at it, in declaration order (empty if none)
     */
    public List<OrderEdge> edgesTo(OrderTarget target) {
        return in.getOrDefault(target, List.of());
    }

    /**
     * @param set a set
     * @return its member systems in execution order (empty for an empty set or a set not in the schedule)
     */
    public List<EcsSystem> members(SystemSet set) {
        return members.getOrDefault(set, List.of());
    }

    /**
     * One ordered pair of systems, expanded from the declarations: {@code from} runs before {@code to}.
     *
     * @param from the system that runs first
     * @param to the system that runs after it
     * @param edges the declarations that make the pair, in path order: one edge, or (through empty
     *     sets) a chain whose inner endpoints are empty sets
     */
    public record Link(EcsSystem from, EcsSystem to, List<OrderEdge> edges) {
        /** Copies the edges and checks for nulls. */
        public Link {
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
            edges = List.copyOf(edges);
        }

        @Override
        public String toString() {
            return "'" + from.name() + "' runs before '" + to.name() + "' " + edges;
        }
    }

    /**
     * The ordered pairs that start at one system, in any phase: each edge from it or from one of its
     * sets, expanded to the members of a set it ends at. Cost: the size of the result.
     *
     * @param system a system of the schedule
     * @return the links, in the order of the declarations; a pair declared twice appears twice (empty
     *     for a system not in the schedule)
     * @throws NullPointerException if {@code system} is null
     */
    public List<Link> linksFrom(EcsSystem system) {
        Objects.requireNonNull(system, "OrderGraph.linksFrom: system is null");
        List<Link> result = new ArrayList<>();
        List<OrderTarget> starts = new ArrayList<>();
        starts.add(system);
        starts.addAll(setsOf.getOrDefault(system, List.of()));
        for (OrderTarget start : starts) {
            for (OrderEdge e : edgesFrom(start)) {
                expandForward(system, e, new ArrayList<>(List.of(e)), result, Collections.newSetFromMap(new IdentityHashMap<>()));
            }
        }
        return result;
    }

    private void expandForward(EcsSystem from, OrderEdge e, List<OrderEdge> chain, List<Link> result, Set<SystemSet> seen) {
        if (e.to() instanceof EcsSystem t) {
            addLink(result, from, t, chain);
        } else if (e.to() instanceof SystemSet set) {
            List<EcsSystem> m = members(set);
            if (!m.isEmpty()) {
                m.forEach(t -> addLink(result, from, t, chain));
            } else if (throughEmptySets && seen.add(set)) {
                for (OrderEdge next : edgesFrom(set)) {
                    List<OrderEdge> longer = new ArrayList<>(chain);
                    longer.add(next);
                    expandForward(from, next, longer, result, seen);
                }
            }
        }
    }

    /**
     * The ordered pairs that end at one system, in any phase (the mirror of {@link #linksFrom}).
     *
     * @param system a system of the schedule
     * @return the links, in the order of the declarations; a pair declared twice appears twice (empty
     *     for a system not in the schedule)
     * @throws NullPointerException if {@code system} is null
     */
    public List<Link> linksTo(EcsSystem system) {
        Objects.requireNonNull(system, "OrderGraph.linksTo: system is null");
        List<Link> result = new ArrayList<>();
        List<OrderTarget> ends = new ArrayList<>();
        ends.add(system);
        ends.addAll(setsOf.getOrDefault(system, List.of()));
        for (OrderTarget end : ends) {
            for (OrderEdge e : edgesTo(end)) {
                expandBackward(system, e, new ArrayList<>(List.of(e)), result, Collections.newSetFromMap(new IdentityHashMap<>()));
            }
        }
        return result;
    }

    private void expandBackward(EcsSystem to, OrderEdge e, List<OrderEdge> chain, List<Link> result, Set<SystemSet> seen) {
        if (e.from() instanceof EcsSystem f) {
            addLink(result, f, to, chain);
        } else if (e.from() instanceof SystemSet set) {
            List<EcsSystem> m = members(set);
            if (!m.isEmpty()) {
                m.forEach(f -> addLink(result, f, to, chain));
            } else if (throughEmptySets && seen.add(set)) {
                for (OrderEdge prev : edgesTo(set)) {
                    List<OrderEdge> longer = new ArrayList<>();
                    longer.add(prev);
                    longer.addAll(chain);
                    expandBackward(to, prev, longer, result, seen);
                }
            }
        }
    }

    /**
     * Adds a link, unless it passes through an empty set ({@code chain} longer than one edge) between
     * systems of different phases: an empty set passes order through only within a phase, as the
     * schedule orders ({@link ScheduleBuilder#orderThroughEmptySets}), so such a chain orders nothing.
     */
    private static void addLink(List<Link> result, EcsSystem from, EcsSystem to, List<OrderEdge> chain) {
        if (chain.size() == 1 || from.phase() == to.phase()) {
            result.add(new Link(from, to, chain));
        }
    }

    /**
     * A shortest chain of ordered pairs inside one phase from {@code from} to {@code to} (the reason a
     * within-phase order is forced, SCH-013). A breadth-first search over systems and the entry and exit
     * of each set, so a set edge costs one step, not one per member pair: linear in the graph.
     *
     * @param from a system
     * @param to another system of the same phase
     * @return the links in path order, or an empty list when no chain leads from {@code from} to
     *     {@code to} in their phase (or they are in different phases)
     * @throws NullPointerException if {@code from} or {@code to} is null
     */
    public List<Link> path(EcsSystem from, EcsSystem to) {
        Objects.requireNonNull(from, "OrderGraph.path: from is null");
        Objects.requireNonNull(to, "OrderGraph.path: to is null");
        Phase phase = from.phase();
        if (to.phase() != phase || from == to) {
            return List.of();
        }
        // Nodes: a system, or a set's entry (what runs before the set) or exit (its members are done).
        Map<Object, Object[]> reached = new java.util.HashMap<>();
        ArrayDeque<Object> queue = new ArrayDeque<>();
        Object start = new Node(from, false);
        reached.put(start, null);
        queue.add(start);
        while (!queue.isEmpty()) {
            Node n = (Node) queue.removeFirst();
            if (n.target() == to) {
                return links(reached, n);
            }
            for (Object[] step : steps(n, phase)) {
                Node next = (Node) step[0];
                if (!reached.containsKey(next)) {
                    reached.put(next, new Object[] {n, step[1]});
                    queue.addLast(next);
                }
            }
        }
        return List.of();
    }

    /** A search node: a system ({@code exit} false), or a set's entry ({@code exit} false) or exit. */
    private record Node(OrderTarget target, boolean exit) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Node other && other.target == target && other.exit == exit;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(target) * 2 + (exit ? 1 : 0);
        }
    }

    /** The successors of a node inside a phase, each with the edge used (null for membership or pass-through). */
    private List<Object[]> steps(Node n, Phase phase) {
        List<Object[]> out = new ArrayList<>();
        if (n.target() instanceof EcsSystem s) {
            for (OrderEdge e : edgesFrom(s)) {
                addEdgeStep(out, e, phase);
            }
            for (SystemSet set : setsOf.getOrDefault(s, List.of())) {
                out.add(new Object[] {new Node(set, true), null});
            }
        } else {
            SystemSet set = (SystemSet) n.target();
            if (n.exit()) {
                for (OrderEdge e : edgesFrom(set)) {
                    addEdgeStep(out, e, phase);
                }
            } else {
                List<EcsSystem> m = members(set);
                for (EcsSystem s : m) {
                    if (s.phase() == phase) {
                        out.add(new Object[] {new Node(s, false), null});
                    }
                }
                if (m.isEmpty() && throughEmptySets) {
                    out.add(new Object[] {new Node(set, true), null});
                }
            }
        }
        return out;
    }

    private static void addEdgeStep(List<Object[]> out, OrderEdge e, Phase phase) {
        if (e.to() instanceof EcsSystem t) {
            if (t.phase() == phase) {
                out.add(new Object[] {new Node(t, false), e});
            }
        } else {
            out.add(new Object[] {new Node(e.to(), false), e});
        }
    }

    private static List<Link> links(Map<Object, Object[]> reached, Node end) {
        List<Node> nodes = new ArrayList<>();
        List<OrderEdge> used = new ArrayList<>();
        for (Node n = end; n != null; ) {
            nodes.add(n);
            Object[] back = reached.get(n);
            if (back == null) {
                break;
            }
            used.add((OrderEdge) back[1]);
            n = (Node) back[0];
        }
        Collections.reverse(nodes);
        Collections.reverse(used);
        List<Link> result = new ArrayList<>();
        EcsSystem last = (EcsSystem) nodes.get(0).target();
        List<OrderEdge> chain = new ArrayList<>();
        for (int i = 1; i < nodes.size(); i++) {
            if (used.get(i - 1) != null) {
                chain.add(used.get(i - 1));
            }
            Node n = nodes.get(i);
            if (n.target() instanceof EcsSystem s && !n.exit()) {
                result.add(new Link(last, s, chain));
                last = s;
                chain = new ArrayList<>();
            }
        }
        return result;
    }

    /**
     * @param removed systems to leave out
     * @return this graph without those systems and the edges they declared or that end at them; the
     *     sets stay ({@link Schedule#withoutPlugins})
     */
    public OrderGraph without(Set<EcsSystem> removed) {
        Objects.requireNonNull(removed, "removed");
        if (removed.isEmpty()) {
            return this;
        }
        List<EcsSystem> kept = new ArrayList<>();
        for (EcsSystem s : systems) {
            if (!removed.contains(s)) {
                kept.add(s);
            }
        }
        List<OrderEdge> keptEdges = new ArrayList<>();
        for (OrderEdge e : edges) {
            if (!removed.contains(e.from()) && !removed.contains(e.to())) {
                keptEdges.add(e);
            }
        }
        return new OrderGraph(kept, keptEdges, throughEmptySets);
    }

    @Override
    public String toString() {
        return "OrderGraph" + edges;
    }
}
