package dev.orrery.schedule.internal.plan;

import dev.orrery.schedule.BuildProblem;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.OrderTarget;
import dev.orrery.schedule.SystemSet;
import dev.orrery.schedule.graph.OrderEdge.Declaration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The ordering graph of the systems after set expansion (SCH-013, SCH-128..130), the edges that
 * contradict the phase order (SCH-016), and the resolved declarations with their provenance (the
 * published order graph, Orrery's own: {@link DeclaredEdge}).
 *
 * <p>Nodes {@code 0..systemCount-1} are the systems by declaration index. A set edge is not expanded
 * into every member pair (that would be quadratic for large sets): for each set and phase it spans
 * there are up to two virtual nodes, an <i>entry</i> node with an edge to every member of the set in
 * that phase, and an <i>exit</i> node with an edge from every member. "x before S" becomes
 * {@code x → entry(S)}, "x after S" becomes {@code exit(S) → x}, and "A before B" between sets becomes
 * {@code exit(A) → entry(B)}. A path between two systems through virtual nodes only is exactly one
 * expanded edge, so the graph has the same order constraints and the same cycles as the full
 * expansion with O(memberships + edges) edges. Edges only join nodes of the same phase; an edge
 * between different phases is either in phase order (accepted, no further effect, SCH-015) or a
 * problem (SCH-016).
 *
 * <p>Beyond the spec: by-name entries ({@code beforeIfPresent}/{@code afterIfPresent}) resolve to the
 * system and/or set of that name, or to nothing. With the order-through-empty-sets option, a set with
 * no members gets an entry and an exit node, joined by an edge, in every phase where something it is
 * ordered against (directly, or through other empty sets) has a member; so order passes through it.
 */
final class SystemGraph {
    private static final int SYSTEM = 0;
    private static final int SET = 1;

    private final Declarations decl;
    private final int systemCount;
    private final IntDigraph edges;
    private final int[] nodePhase;
    private final int[] virtualSet;
    private final boolean[] virtualExit;
    private final List<DeclaredEdge> orderEdges;
    private final List<BuildProblem> phaseOrderProblems;

    private SystemGraph(Declarations decl, int systemCount, IntDigraph edges, int[] nodePhase, int[] virtualSet,
                        boolean[] virtualExit, List<DeclaredEdge> orderEdges, List<BuildProblem> phaseOrderProblems) {
        this.decl = decl;
        this.systemCount = systemCount;
        this.edges = edges;
        this.nodePhase = nodePhase;
        this.virtualSet = virtualSet;
        this.virtualExit = virtualExit;
        this.orderEdges = List.copyOf(orderEdges);
        this.phaseOrderProblems = List.copyOf(phaseOrderProblems);
    }

    /**
     * @param decl validated declarations
     * @param systemPhasePos per system declaration index: the position of its phase in phase order
     * @param phaseCount number of phases
     * @param throughEmptySets whether empty sets pass order through
     * @return the graph
     */
    static SystemGraph build(Declarations decl, int[] systemPhasePos, int phaseCount, boolean throughEmptySets) {
        return new Builder(decl, systemPhasePos, phaseCount, throughEmptySets).build();
    }

    int systemCount() {
        return systemCount;
    }

    /** @return all nodes' edges, virtual nodes included */
    IntDigraph edges() {
        return edges;
    }

    boolean isSystem(int node) {
        return node < systemCount;
    }

    /** @return the phase position of a node */
    int phaseOf(int node) {
        return nodePhase[node];
    }

    /** @return the declaration of the set a virtual node belongs to */
    Declared<SystemSet> setOf(int node) {
        return decl.sets().get(virtualSet[node - systemCount]);
    }

    /** @return whether a virtual node is a set's exit (false: its entry) */
    boolean isExit(int node) {
        return virtualExit[node - systemCount];
    }

    Declared<EcsSystem> system(int node) {
        return decl.systems().get(node);
    }

    Declarations declarations() {
        return decl;
    }

    /** @return the resolved declarations, in declaration order (systems', then sets') */
    List<DeclaredEdge> orderEdges() {
        return orderEdges;
    }

    /** @return the edges against phase order (SCH-016, SCH-130), in declaration order */
    List<BuildProblem> phaseOrderProblems() {
        return phaseOrderProblems;
    }

    /** One resolved declaration, by kind and declaration index of both ends. */
    private record Resolved(int fromKind, int from, int toKind, int to, Declaration declaration,
                            Declared<?> referrer, String field, OrderTarget named) {
    }

    private static final class Builder {
        private final Declarations decl;
        private final int[] phasePos;
        private final int phaseCount;
        private final boolean throughEmpty;
        private final int n;
        private final SetMembership sets;
        private final IntList from = new IntList(1024);
        private final IntList to = new IntList(1024);
        private final Map<Long, Integer> virtualIds = new HashMap<>();
        private final IntList virtualSet = new IntList();
        private final IntList virtualPhase = new IntList();
        private final List<Boolean> virtualExit = new ArrayList<>();
        private final List<BuildProblem> problems = new ArrayList<>();
        private final List<Resolved> resolved = new ArrayList<>();
        private final List<DeclaredEdge> orderEdges = new ArrayList<>();
        private int[][] emptyPhases;

        Builder(Declarations decl, int[] phasePos, int phaseCount, boolean throughEmpty) {
            this.decl = decl;
            this.phasePos = phasePos;
            this.phaseCount = phaseCount;
            this.throughEmpty = throughEmpty;
            this.n = decl.systems().size();
            this.sets = SetMembership.of(decl, phasePos);
        }

        SystemGraph build() {
            resolveAll();
            if (throughEmpty) {
                emptyPhases = emptySetPhases();
            }
            Set<Long> setPairs = new HashSet<>();
            int setCount = decl.sets().size();
            for (Resolved r : resolved) {
                if (r.fromKind() == SYSTEM && r.toKind() == SYSTEM) {
                    systemToSystem(r);
                } else if (r.fromKind() == SYSTEM) {
                    systemToSet(r);
                } else if (r.toKind() == SYSTEM) {
                    setToSystem(r);
                } else if (setPairs.add((long) r.from() * setCount + r.to())) {
                    setToSet(r.from(), r.to(), r);
                }
            }
            int total = n + virtualSet.size();
            int[] nodePhase = new int[total];
            boolean[] exits = new boolean[virtualSet.size()];
            for (int i = 0; i < n; i++) {
                nodePhase[i] = phasePos[i];
            }
            for (int v = 0; v < virtualSet.size(); v++) {
                nodePhase[n + v] = virtualPhase.get(v);
                exits[v] = virtualExit.get(v);
            }
            return new SystemGraph(decl, n, IntDigraph.of(total, from, to), nodePhase, virtualSet.toArray(), exits,
                    orderEdges, problems);
        }

        // ---- resolution: by-object entries and by-name entries, each with its provenance ----

        private void resolveAll() {
            for (Declared<EcsSystem> d : decl.systems()) {
                EcsSystem s = d.item();
                resolveTargets(d, SYSTEM, d.index(), s.before(), true);
                resolveTargets(d, SYSTEM, d.index(), s.after(), false);
                resolveNames(d, SYSTEM, d.index(), s.beforeIfPresent(), true);
                resolveNames(d, SYSTEM, d.index(), s.afterIfPresent(), false);
            }
            for (Declared<SystemSet> d : decl.sets()) {
                SystemSet s = d.item();
                resolveTargets(d, SET, d.index(), s.before(), true);
                resolveTargets(d, SET, d.index(), s.after(), false);
                resolveNames(d, SET, d.index(), s.beforeIfPresent(), true);
                resolveNames(d, SET, d.index(), s.afterIfPresent(), false);
            }
        }

        private void resolveTargets(Declared<?> d, int kind, int index, List<? extends OrderTarget> targets,
                                    boolean before) {
            boolean[] first = FirstOccurrences.of(targets);
            for (int k = 0; k < targets.size(); k++) {
                if (!first[k]) {
                    continue;
                }
                OrderTarget t = targets.get(k);
                int otherKind = t instanceof EcsSystem ? SYSTEM : SET;
                int other = t instanceof EcsSystem sys ? decl.indexOf(sys) : decl.indexOf((SystemSet) t);
                add(d, kind, index, otherKind, other, before,
                        before ? Declaration.BEFORE : Declaration.AFTER, before ? "before" : "after", t);
            }
        }

        private void resolveNames(Declared<?> d, int kind, int index, List<String> names, boolean before) {
            if (names.isEmpty()) {
                return; // the common case: no set is allocated per system (build cost)
            }
            Set<String> seen = new HashSet<>();
            for (String name : names) {
                if (!seen.add(name)) {
                    continue;
                }
                Declaration how = before ? Declaration.BEFORE_IF_PRESENT : Declaration.AFTER_IF_PRESENT;
                String field = before ? "beforeIfPresent" : "afterIfPresent";
                int system = decl.systemNamed(name);
                if (system >= 0) {
                    add(d, kind, index, SYSTEM, system, before, how, field, decl.systems().get(system).item());
                }
                int set = decl.setNamed(name);
                if (set >= 0) {
                    add(d, kind, index, SET, set, before, how, field, decl.sets().get(set).item());
                }
            }
        }

        private void add(Declared<?> d, int kind, int index, int otherKind, int other, boolean before,
                         Declaration how, String field, OrderTarget named) {
            OrderTarget self = (OrderTarget) d.item();
            Resolved r = before
                    ? new Resolved(kind, index, otherKind, other, how, d, field, named)
                    : new Resolved(otherKind, other, kind, index, how, d, field, named);
            resolved.add(r);
            orderEdges.add(before
                    ? new DeclaredEdge(self, named, how, self, d.source().name())
                    : new DeclaredEdge(named, self, how, self, d.source().name()));
        }

        // ---- the order-through-empty-sets option: the phases where each empty set passes order ----

        private boolean isEmpty(int s) {
            return sets.groupCount(s) == 0;
        }

        private int[][] emptySetPhases() {
            int setCount = decl.sets().size();
            int[] parent = new int[setCount];
            for (int s = 0; s < setCount; s++) {
                parent[s] = s;
            }
            BitSet[] seeds = new BitSet[setCount];
            for (Resolved r : resolved) {
                boolean fromEmpty = r.fromKind() == SET && isEmpty(r.from());
                boolean toEmpty = r.toKind() == SET && isEmpty(r.to());
                if (fromEmpty && toEmpty) {
                    parent[find(parent, r.from())] = find(parent, r.to());
                }
            }
            for (Resolved r : resolved) {
                boolean fromEmpty = r.fromKind() == SET && isEmpty(r.from());
                boolean toEmpty = r.toKind() == SET && isEmpty(r.to());
                if (fromEmpty && !toEmpty) {
                    seed(seeds, find(parent, r.from()), r.toKind(), r.to());
                } else if (toEmpty && !fromEmpty) {
                    seed(seeds, find(parent, r.to()), r.fromKind(), r.from());
                }
            }
            int[][] phases = new int[setCount][];
            for (int s = 0; s < setCount; s++) {
                BitSet b = isEmpty(s) ? seeds[find(parent, s)] : null;
                phases[s] = b == null ? new int[0] : b.stream().toArray();
            }
            return phases;
        }

        private static int find(int[] parent, int s) {
            while (parent[s] != s) {
                parent[s] = parent[parent[s]];
                s = parent[s];
            }
            return s;
        }

        private void seed(BitSet[] seeds, int root, int kind, int other) {
            if (seeds[root] == null) {
                seeds[root] = new BitSet(phaseCount);
            }
            if (kind == SYSTEM) {
                seeds[root].set(phasePos[other]);
            } else {
                for (int g = 0; g < sets.groupCount(other); g++) {
                    seeds[root].set(sets.groupPhase(other, g));
                }
            }
        }

        /** @return the phase positions where set {@code s} has nodes: its groups, or, when empty, pass-through phases */
        private int[] slots(int s) {
            if (!isEmpty(s)) {
                int[] p = new int[sets.groupCount(s)];
                for (int g = 0; g < p.length; g++) {
                    p[g] = sets.groupPhase(s, g);
                }
                return p;
            }
            return throughEmpty ? emptyPhases[s] : new int[0];
        }

        private boolean hasSlot(int s, int phase) {
            return Arrays.binarySearch(slots(s), phase) >= 0;
        }

        // ---- edges ----

        private void addEdge(int u, int v) {
            from.add(u);
            to.add(v);
        }

        private void systemToSystem(Resolved r) {
            int earlier = r.from();
            int later = r.to();
            if (phasePos[earlier] == phasePos[later]) {
                addEdge(earlier, later);
            } else if (phasePos[earlier] > phasePos[later]) {
                problems.add(against(r, decl.systems().get(earlier), decl.systems().get(later)));
            }
        }

        /** "x before S": per slot of S in x's phase; a member group in an earlier phase is a problem. */
        private void systemToSet(Resolved r) {
            int x = r.from();
            int s = r.to();
            if (hasSlot(s, phasePos[x])) {
                addEdge(x, entry(s, phasePos[x]));
            }
            for (int g = 0; g < sets.groupCount(s); g++) {
                if (sets.groupPhase(s, g) < phasePos[x]) {
                    Declared<EcsSystem> member = decl.systems().get(sets.member(s, sets.groupBegin(s, g)));
                    problems.add(against(r, decl.systems().get(x), member));
                    break;
                }
            }
        }

        /** "S before x": per slot of S in x's phase; a member group in a later phase is a problem. */
        private void setToSystem(Resolved r) {
            int s = r.from();
            int x = r.to();
            if (hasSlot(s, phasePos[x])) {
                addEdge(exit(s, phasePos[x]), x);
            }
            for (int g = sets.groupCount(s) - 1; g >= 0; g--) {
                if (sets.groupPhase(s, g) > phasePos[x]) {
                    Declared<EcsSystem> member = decl.systems().get(sets.member(s, sets.groupBegin(s, g)));
                    problems.add(against(r, member, decl.systems().get(x)));
                    break;
                }
            }
        }

        /** Set {@code a} ordered before set {@code b}: same-phase slots are joined, member groups checked. */
        private void setToSet(int a, int b, Resolved r) {
            int[] pa = slots(a);
            int[] pb = slots(b);
            int i = 0;
            int j = 0;
            while (i < pa.length && j < pb.length) {
                if (pa[i] == pb[j]) {
                    addEdge(exit(a, pa[i]), entry(b, pb[j]));
                    i++;
                    j++;
                } else if (pa[i] < pb[j]) {
                    i++;
                } else {
                    j++;
                }
            }
            int lastA = sets.groupCount(a) - 1;
            if (lastA >= 0 && sets.groupCount(b) > 0 && sets.groupPhase(a, lastA) > sets.groupPhase(b, 0)) {
                Declared<EcsSystem> memberOfA = decl.systems().get(sets.member(a, sets.groupBegin(a, lastA)));
                Declared<EcsSystem> memberOfB = decl.systems().get(sets.member(b, 0));
                problems.add(r.declaration() == Declaration.BEFORE || r.declaration() == Declaration.AFTER
                        ? BuildProblems.setOrderAgainstPhases(decl.sets().get(a), decl.sets().get(b), memberOfA, memberOfB)
                        : BuildProblems.ifPresentAgainstPhases(r.referrer(), r.field(), r.named(), memberOfA, memberOfB));
            }
        }

        /** The SCH-016 problem of one resolved declaration, {@code earlier} having to run before {@code later}. */
        @SuppressWarnings("unchecked")
        private BuildProblem against(Resolved r, Declared<EcsSystem> earlier, Declared<EcsSystem> later) {
            boolean byObject = r.declaration() == Declaration.BEFORE || r.declaration() == Declaration.AFTER;
            if (byObject && r.referrer().item() instanceof EcsSystem) {
                Declared<EcsSystem> d = (Declared<EcsSystem>) r.referrer();
                if (r.named() instanceof EcsSystem target) {
                    return BuildProblems.systemEdgeAgainstPhases(d, r.field(), decl.systems().get(decl.indexOf(target)),
                            earlier, later);
                }
                Declared<SystemSet> set = decl.sets().get(decl.indexOf((SystemSet) r.named()));
                Declared<EcsSystem> member = earlier.index() == d.index() ? later : earlier;
                return BuildProblems.setEdgeAgainstPhases(d, r.field(), set, member, earlier, later);
            }
            return BuildProblems.ifPresentAgainstPhases(r.referrer(), r.field(), r.named(), earlier, later);
        }

        private int entry(int s, int phase) {
            return virtualNode(s, phase, false);
        }

        private int exit(int s, int phase) {
            return virtualNode(s, phase, true);
        }

        private long key(int s, int phase, boolean exit) {
            return ((long) s * phaseCount + phase) * 2 + (exit ? 1 : 0);
        }

        private int virtualNode(int s, int phase, boolean exit) {
            Integer known = virtualIds.get(key(s, phase, exit));
            if (known != null) {
                return known;
            }
            int g = sets.groupIn(s, phase);
            if (g < 0) {
                // an empty set passing order through: entry → exit, created together
                int entry = newVirtual(s, phase, false);
                int exitNode = newVirtual(s, phase, true);
                addEdge(entry, exitNode);
                return exit ? exitNode : entry;
            }
            int id = newVirtual(s, phase, exit);
            for (int i = sets.groupBegin(s, g); i < sets.groupEnd(s, g); i++) {
                int member = sets.member(s, i);
                if (exit) {
                    addEdge(member, id);
                } else {
                    addEdge(id, member);
                }
            }
            return id;
        }

        private int newVirtual(int s, int phase, boolean exit) {
            int id = n + virtualSet.size();
            virtualIds.put(key(s, phase, exit), id);
            virtualSet.add(s);
            virtualPhase.add(phase);
            virtualExit.add(exit);
            return id;
        }
    }
}
