package dev.orrery.schedule.graph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Beyond the spec (Orrery's own): the resolved ordering graph of a built schedule, as data
 * ({@code Schedule.orderGraph()}), with the provenance of every edge.
 *
 * <p>It holds the schedule's systems in execution order with their phases and sets
 * ({@link #systems()}), the declarations as resolved edges between systems and sets ({@link #edges()},
 * each an {@link OrderEdge} saying who declared it, how, and from which plugin) and so the set
 * membership ({@link #members}). Nodes are {@link BuildItem}s of kind {@link BuildItem.Kind#SYSTEM} or
 * {@link BuildItem.Kind#SET}, identified by kind and name (names are unique per kind in a schedule);
 * lookups by name ignore the source. A set edge is kept once, not expanded to every member pair, so
 * the graph is linear in the declarations; the system-level view is expanded on demand for one system
 * ({@link #linksFrom}, {@link #linksTo}) or one pair ({@link #path}). Edges between systems of
 * different phases are included (they agree with the phase order, SCH-015); a by-name entry whose
 * name is absent contributes nothing.
 *
 * <p>When the schedule orders through empty sets ({@code ScheduleBuilder.orderThroughEmptySets}), a
 * set without members passes order through: "A before E" and "E before B" with E empty order A's
 * members before B's members in each phase where both have members, and
 * {@link #linksFrom}/{@link #linksTo}/{@link #path} follow such chains; a chain through an empty set
 * between systems of different phases orders nothing (it is neither a link nor a build problem).
 *
 * <p>Immutable and thread-safe; refers to no system, set or plugin object, so holding it keeps no
 * plugin's classes reachable.
 *
 * @since 0.1
 */
public final class OrderGraph {
    private final List<SystemNode> systems;
    private final List<OrderEdge> edges;
    private final boolean throughEmptySets;
    private final List<ObserverNode> observers;
    private final Map<String, SystemNode> systemsByName = new HashMap<>();
    private final Map<Key, List<OrderEdge>> out = new HashMap<>();
    private final Map<Key, List<OrderEdge>> in = new HashMap<>();
    private final Map<String, List<BuildItem>> members = new HashMap<>();

    /**
     * A system of the graph: the system, the name of its phase and the sets it is a member of.
     *
     * @param system the system (kind {@link BuildItem.Kind#SYSTEM})
     * @param phase the name of its phase
     * @param sets the sets it is a member of, each once, in the order the system declared them
     *     (kind {@link BuildItem.Kind#SET})
     */
    public record SystemNode(BuildItem system, String phase, List<BuildItem> sets) {
        /**
         * Copies the sets and checks for nulls and kinds.
         *
         * @throws IllegalArgumentException if {@code system} is not a system or a set entry is not a set
         */
        public SystemNode {
            Objects.requireNonNull(system, "system");
            Objects.requireNonNull(phase, "phase");
            sets = List.copyOf(sets);
            if (system.kind() != BuildItem.Kind.SYSTEM) {
                throw new IllegalArgumentException("SystemNode: " + system + " is not a system");
            }
            for (BuildItem s : sets) {
                if (s.kind() != BuildItem.Kind.SET) {
                    throw new IllegalArgumentException("SystemNode: " + s + " of " + system + " is not a set");
                }
            }
        }
    }

    /** A node by kind and name: what identifies it in one schedule. */
    private record Key(BuildItem.Kind kind, String name) {
        static Key of(BuildItem item) {
            return new Key(item.kind(), item.name());
        }
    }

    private OrderGraph(List<SystemNode> systems, List<OrderEdge> edges, boolean throughEmptySets) {
        this(systems, edges, throughEmptySets, List.of());
    }

    private OrderGraph(List<SystemNode> systems, List<OrderEdge> edges, boolean throughEmptySets,
                       List<ObserverNode> observers) {
        this.observers = List.copyOf(observers);
        this.systems = List.copyOf(systems);
        this.edges = List.copyOf(edges);
        this.throughEmptySets = throughEmptySets;
        for (SystemNode s : this.systems) {
            if (systemsByName.put(s.system().name(), s) != null) {
                throw new IllegalArgumentException("OrderGraph: two systems are named '" + s.system().name() + "'");
            }
            for (BuildItem set : s.sets()) {
                members.computeIfAbsent(set.name(), k -> new ArrayList<>()).add(s.system());
            }
        }
        for (OrderEdge e : this.edges) {
            out.computeIfAbsent(Key.of(e.from()), k -> new ArrayList<>()).add(e);
            in.computeIfAbsent(Key.of(e.to()), k -> new ArrayList<>()).add(e);
        }
        members.replaceAll((k, v) -> List.copyOf(v));
        out.replaceAll((k, v) -> List.copyOf(v));
        in.replaceAll((k, v) -> List.copyOf(v));
    }

    /**
     * @param systems the schedule's systems in execution order, names unique
     * @param edges the resolved edges, in declaration order
     * @param throughEmptySets whether sets without members pass order through
     * @return the graph
     * @throws NullPointerException if a list or an element is null
     * @throws IllegalArgumentException if two systems have one name
     */
    public static OrderGraph of(List<SystemNode> systems, List<OrderEdge> edges, boolean throughEmptySets) {
        return new OrderGraph(Objects.requireNonNull(systems, "systems"), Objects.requireNonNull(edges, "edges"),
                throughEmptySets);
    }

    /**
     * Beyond the spec (Orrery's observers): the schedule's observers.
     *
     * @return them in flattened declaration order (plugins in order, then the schedule's own); empty
     *     when it has none; unmodifiable
     */
    public List<ObserverNode> observers() {
        return observers;
    }

    /**
     * @param list the observers of the schedule, in flattened declaration order
     * @return this graph with those observers (the same systems and edges)
     * @throws NullPointerException if the list or an element is null
     */
    public OrderGraph withObservers(List<ObserverNode> list) {
        return new OrderGraph(systems, edges, throughEmptySets, Objects.requireNonNull(list, "observers"));
    }

    /** @return the systems in execution order, phase by phase; unmodifiable */
    public List<SystemNode> systems() {
        return systems;
    }

    /**
     * @param name a system's name
     * @return that system of the graph, if it has one
     */
    public Optional<SystemNode> system(String name) {
        return Optional.ofNullable(systemsByName.get(name));
    }

    /** @return every resolved edge, in declaration order (systems' entries first, then sets'); unmodifiable */
    public List<OrderEdge> edges() {
        return edges;
    }

    /** @return whether sets without members pass order through ({@code ScheduleBuilder.orderThroughEmptySets}) */
    public boolean ordersThroughEmptySets() {
        return throughEmptySets;
    }

    /**
     * @param node a system or set, matched by kind and name
     * @return the edges that start at it, in declaration order (empty if none)
     */
    public List<OrderEdge> edgesFrom(BuildItem node) {
        return out.getOrDefault(Key.of(node), List.of());
    }

    /**
     * @param node a system or set, matched by kind and name
     * @return the edges that end at it, in declaration order (empty if none)
     */
    public List<OrderEdge> edgesTo(BuildItem node) {
        return in.getOrDefault(Key.of(node), List.of());
    }

    /**
     * @param set a set's name
     * @return its member systems in execution order (empty for an empty set or a set not in the schedule)
     */
    public List<BuildItem> members(String set) {
        return members.getOrDefault(set, List.of());
    }

    private List<BuildItem> members(BuildItem set) {
        return members(set.name());
    }

    /** @return the phase of a system node, or null if the graph has no system of that name */
    private String phaseOf(BuildItem system) {
        SystemNode s = systemsByName.get(system.name());
        return s == null ? null : s.phase();
    }

    private List<BuildItem> setsOf(BuildItem system) {
        SystemNode s = systemsByName.get(system.name());
        return s == null ? List.of() : s.sets();
    }

    /**
     * One ordered pair of systems, expanded from the declarations: {@code from} runs before {@code to}.
     *
     * @param from the system that runs first
     * @param to the system that runs after it
     * @param edges the declarations that make the pair, in path order: one edge, or (through empty
     *     sets) a chain whose inner endpoints are empty sets
     */
    public record Link(BuildItem from, BuildItem to, List<OrderEdge> edges) {
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
     * @param system the name of a system of the schedule
     * @return the links, in the order of the declarations; a pair declared twice appears twice (empty
     *     for a system not in the schedule)
     * @throws NullPointerException if {@code system} is null
     */
    public List<Link> linksFrom(String system) {
        Objects.requireNonNull(system, "OrderGraph.linksFrom: system is null");
        SystemNode node = systemsByName.get(system);
        if (node == null) {
            return List.of();
        }
        List<Link> result = new ArrayList<>();
        List<BuildItem> starts = new ArrayList<>();
        starts.add(node.system());
        starts.addAll(node.sets());
        for (BuildItem start : starts) {
            for (OrderEdge e : edgesFrom(start)) {
                expandForward(node.system(), e, new ArrayList<>(List.of(e)), result, new HashSet<>());
            }
        }
        return result;
    }

    private void expandForward(BuildItem from, OrderEdge e, List<OrderEdge> chain, List<Link> result, Set<String> seen) {
        if (e.to().kind() == BuildItem.Kind.SYSTEM) {
            addLink(result, from, e.to(), chain);
        } else {
            BuildItem set = e.to();
            List<BuildItem> m = members(set);
            if (!m.isEmpty()) {
                m.forEach(t -> addLink(result, from, t, chain));
            } else if (throughEmptySets && seen.add(set.name())) {
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
     * @param system the name of a system of the schedule
     * @return the links, in the order of the declarations; a pair declared twice appears twice (empty
     *     for a system not in the schedule)
     * @throws NullPointerException if {@code system} is null
     */
    public List<Link> linksTo(String system) {
        Objects.requireNonNull(system, "OrderGraph.linksTo: system is null");
        SystemNode node = systemsByName.get(system);
        if (node == null) {
            return List.of();
        }
        List<Link> result = new ArrayList<>();
        List<BuildItem> ends = new ArrayList<>();
        ends.add(node.system());
        ends.addAll(node.sets());
        for (BuildItem end : ends) {
            for (OrderEdge e : edgesTo(end)) {
                expandBackward(node.system(), e, new ArrayList<>(List.of(e)), result, new HashSet<>());
            }
        }
        return result;
    }

    private void expandBackward(BuildItem to, OrderEdge e, List<OrderEdge> chain, List<Link> result, Set<String> seen) {
        if (e.from().kind() == BuildItem.Kind.SYSTEM) {
            addLink(result, e.from(), to, chain);
        } else {
            BuildItem set = e.from();
            List<BuildItem> m = members(set);
            if (!m.isEmpty()) {
                m.forEach(f -> addLink(result, f, to, chain));
            } else if (throughEmptySets && seen.add(set.name())) {
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
     * schedule orders, so such a chain orders nothing.
     */
    private void addLink(List<Link> result, BuildItem from, BuildItem to, List<OrderEdge> chain) {
        if (chain.size() == 1 || Objects.equals(phaseOf(from), phaseOf(to))) {
            result.add(new Link(from, to, chain));
        }
    }

    /**
     * A shortest chain of ordered pairs inside one phase from {@code from} to {@code to} (the reason a
     * within-phase order is forced, SCH-013). A breadth-first search over systems and the entry and exit
     * of each set, so a set edge costs one step, not one per member pair: linear in the graph.
     *
     * @param from the name of a system
     * @param to the name of another system of the same phase
     * @return the links in path order, or an empty list when no chain leads from {@code from} to
     *     {@code to} in their phase (or they are in different phases, or one is not in the schedule)
     * @throws NullPointerException if {@code from} or {@code to} is null
     */
    public List<Link> path(String from, String to) {
        Objects.requireNonNull(from, "OrderGraph.path: from is null");
        Objects.requireNonNull(to, "OrderGraph.path: to is null");
        SystemNode start = systemsByName.get(from);
        SystemNode end = systemsByName.get(to);
        if (start == null || end == null || !end.phase().equals(start.phase()) || from.equals(to)) {
            return List.of();
        }
        String phase = start.phase();
        // Nodes: a system, or a set's entry (what runs before the set) or exit (its members are done).
        Map<Node, Step> reached = new HashMap<>();
        ArrayDeque<Node> queue = new ArrayDeque<>();
        Node first = new Node(Key.of(start.system()), false);
        reached.put(first, null);
        queue.add(first);
        Key target = Key.of(end.system());
        while (!queue.isEmpty()) {
            Node n = queue.removeFirst();
            if (n.target().equals(target)) {
                return links(reached, n);
            }
            for (Step step : steps(n, phase)) {
                if (!reached.containsKey(step.to())) {
                    reached.put(step.to(), new Step(n, step.edge()));
                    queue.addLast(step.to());
                }
            }
        }
        return List.of();
    }

    /** A search node: a system ({@code exit} false), or a set's entry ({@code exit} false) or exit. */
    private record Node(Key target, boolean exit) {
    }

    /** A step of the search to (or, in the map of reached nodes, back from) a node; the edge used, or null. */
    private record Step(Node to, OrderEdge edge) {
    }

    private BuildItem item(Key key) {
        if (key.kind() == BuildItem.Kind.SYSTEM) {
            return systemsByName.get(key.name()).system();
        }
        throw new IllegalStateException("not a system: " + key);
    }

    /** The successors of a node inside a phase, each with the edge used (null for membership or pass-through). */
    private List<Step> steps(Node n, String phase) {
        List<Step> next = new ArrayList<>();
        Key k = n.target();
        if (k.kind() == BuildItem.Kind.SYSTEM) {
            BuildItem s = item(k);
            for (OrderEdge e : edgesFrom(s)) {
                addEdgeStep(next, e, phase);
            }
            for (BuildItem set : setsOf(s)) {
                next.add(new Step(new Node(Key.of(set), true), null));
            }
        } else if (n.exit()) {
            for (OrderEdge e : out.getOrDefault(k, List.of())) {
                addEdgeStep(next, e, phase);
            }
        } else {
            List<BuildItem> m = members(k.name());
            for (BuildItem s : m) {
                if (phase.equals(phaseOf(s))) {
                    next.add(new Step(new Node(Key.of(s), false), null));
                }
            }
            if (m.isEmpty() && throughEmptySets) {
                next.add(new Step(new Node(k, true), null));
            }
        }
        return next;
    }

    private void addEdgeStep(List<Step> next, OrderEdge e, String phase) {
        if (e.to().kind() == BuildItem.Kind.SYSTEM) {
            if (phase.equals(phaseOf(e.to()))) {
                next.add(new Step(new Node(Key.of(e.to()), false), e));
            }
        } else {
            next.add(new Step(new Node(Key.of(e.to()), false), e));
        }
    }

    private List<Link> links(Map<Node, Step> reached, Node end) {
        List<Node> nodes = new ArrayList<>();
        List<OrderEdge> used = new ArrayList<>();
        for (Node n = end; n != null; ) {
            nodes.add(n);
            Step back = reached.get(n);
            if (back == null) {
                break;
            }
            used.add(back.edge());
            n = back.to();
        }
        Collections.reverse(nodes);
        Collections.reverse(used);
        List<Link> result = new ArrayList<>();
        BuildItem last = item(nodes.get(0).target());
        List<OrderEdge> chain = new ArrayList<>();
        for (int i = 1; i < nodes.size(); i++) {
            if (used.get(i - 1) != null) {
                chain.add(used.get(i - 1));
            }
            Node n = nodes.get(i);
            if (n.target().kind() == BuildItem.Kind.SYSTEM && !n.exit()) {
                BuildItem s = item(n.target());
                result.add(new Link(last, s, chain));
                last = s;
                chain = new ArrayList<>();
            }
        }
        return result;
    }

    /**
     * @param removed names of systems to leave out
     * @return this graph without those systems and the edges they declared or that end at them; the
     *     sets stay (what {@code Schedule.withoutPlugins} publishes)
     * @throws NullPointerException if {@code removed} is null
     */
    public OrderGraph without(Set<String> removed) {
        Objects.requireNonNull(removed, "removed");
        if (removed.isEmpty()) {
            return this;
        }
        List<SystemNode> kept = new ArrayList<>();
        for (SystemNode s : systems) {
            if (!removed.contains(s.system().name())) {
                kept.add(s);
            }
        }
        List<OrderEdge> keptEdges = new ArrayList<>();
        for (OrderEdge e : edges) {
            if (!isRemoved(e.from(), removed) && !isRemoved(e.to(), removed)) {
                keptEdges.add(e);
            }
        }
        return new OrderGraph(kept, keptEdges, throughEmptySets, observers);
    }

    private static boolean isRemoved(BuildItem node, Set<String> removed) {
        return node.kind() == BuildItem.Kind.SYSTEM && removed.contains(node.name());
    }

    @Override
    public String toString() {
        return "OrderGraph" + edges;
    }
}
