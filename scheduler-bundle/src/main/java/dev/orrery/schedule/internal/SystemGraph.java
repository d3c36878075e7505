package dev.orrery.schedule.internal;

import dev.orrery.schedule.BuildProblem;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.OrderTarget;
import dev.orrery.schedule.SystemSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The ordering graph of the systems after set expansion (SCH-013, SCH-128..130), and the edges that
 * contradict the phase order (SCH-016).
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
 */
final class SystemGraph {
    private final Declarations decl;
    private final int systemCount;
    private final IntDigraph edges;
    private final int[] nodePhase;
    private final long[] rank;
    private final int[] virtualSet;
    private final List<BuildProblem> phaseOrderProblems;

    private SystemGraph(Declarations decl, int systemCount, IntDigraph edges, int[] nodePhase, long[] rank,
                        int[] virtualSet, List<BuildProblem> phaseOrderProblems) {
        this.decl = decl;
        this.systemCount = systemCount;
        this.edges = edges;
        this.nodePhase = nodePhase;
        this.rank = rank;
        this.virtualSet = virtualSet;
        this.phaseOrderProblems = List.copyOf(phaseOrderProblems);
    }

    /**
     * @param decl validated declarations
     * @param systemPhasePos per system declaration index: the position of its phase in phase order
     * @param phaseCount number of phases
     * @return the graph
     */
    static SystemGraph build(Declarations decl, int[] systemPhasePos, int phaseCount) {
        return new Builder(decl, systemPhasePos, phaseCount).build();
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

    /** @return canonical ranks: systems by declaration index, then virtual nodes by (set, phase, entry/exit) */
    long[] rank() {
        return rank;
    }

    /** @return the declaration of the set a virtual node belongs to */
    Declared<SystemSet> setOf(int node) {
        return decl.sets().get(virtualSet[node - systemCount]);
    }

    Declared<EcsSystem> system(int node) {
        return decl.systems().get(node);
    }

    /** @return the edges against phase order (SCH-016, SCH-130), in declaration order */
    List<BuildProblem> phaseOrderProblems() {
        return phaseOrderProblems;
    }

    private static final class Builder {
        private final Declarations decl;
        private final int[] phasePos;
        private final int phaseCount;
        private final int n;
        private final SetMembership sets;
        private final IntList from = new IntList(1024);
        private final IntList to = new IntList(1024);
        private final Map<Long, Integer> virtualIds = new HashMap<>();
        private final IntList virtualSet = new IntList();
        private final IntList virtualPhase = new IntList();
        private final List<Long> virtualKey = new ArrayList<>();
        private final List<BuildProblem> problems = new ArrayList<>();

        Builder(Declarations decl, int[] phasePos, int phaseCount) {
            this.decl = decl;
            this.phasePos = phasePos;
            this.phaseCount = phaseCount;
            this.n = decl.systems().size();
            this.sets = SetMembership.of(decl, phasePos);
        }

        SystemGraph build() {
            for (Declared<EcsSystem> d : decl.systems()) {
                addSystemEdges(d, "before", d.item().before());
                addSystemEdges(d, "after", d.item().after());
            }
            Set<Long> setPairs = new HashSet<>();
            int setCount = decl.sets().size();
            for (Declared<SystemSet> d : decl.sets()) {
                for (SystemSet later : d.item().before()) {
                    int b = decl.indexOf(later);
                    if (setPairs.add((long) d.index() * setCount + b)) {
                        addSetOrder(d.index(), b);
                    }
                }
                for (SystemSet earlier : d.item().after()) {
                    int a = decl.indexOf(earlier);
                    if (setPairs.add((long) a * setCount + d.index())) {
                        addSetOrder(a, d.index());
                    }
                }
            }
            int total = n + virtualSet.size();
            int[] nodePhase = new int[total];
            long[] rank = new long[total];
            for (int i = 0; i < n; i++) {
                nodePhase[i] = phasePos[i];
                rank[i] = i;
            }
            for (int v = 0; v < virtualSet.size(); v++) {
                nodePhase[n + v] = virtualPhase.get(v);
                rank[n + v] = n + virtualKey.get(v);
            }
            return new SystemGraph(decl, n, IntDigraph.of(total, from, to), nodePhase, rank, virtualSet.toArray(),
                    problems);
        }

        private void addEdge(int u, int v) {
            from.add(u);
            to.add(v);
        }

        private void addSystemEdges(Declared<EcsSystem> d, String field, List<OrderTarget> targets) {
            boolean before = field.equals("before");
            Set<OrderTarget> seen = Collections.newSetFromMap(new IdentityHashMap<>());
            for (OrderTarget target : targets) {
                if (!seen.add(target)) {
                    continue;
                }
                if (target instanceof EcsSystem system) {
                    int other = decl.indexOf(system);
                    int earlier = before ? d.index() : other;
                    int later = before ? other : d.index();
                    if (phasePos[earlier] == phasePos[later]) {
                        addEdge(earlier, later);
                    } else if (phasePos[earlier] > phasePos[later]) {
                        problems.add(BuildProblems.systemEdgeAgainstPhases(d, field, decl.systems().get(other),
                                decl.systems().get(earlier), decl.systems().get(later)));
                    }
                } else if (target instanceof SystemSet set) {
                    addSetEdge(d, field, decl.indexOf(set), before);
                }
            }
        }

        /** "system before set" or "system after set", per phase group of the set. */
        private void addSetEdge(Declared<EcsSystem> d, String field, int s, boolean before) {
            int a = d.index();
            boolean reported = false;
            for (int g = 0; g < sets.groupCount(s); g++) {
                int p = sets.groupPhase(s, g);
                if (p == phasePos[a]) {
                    if (before) {
                        addEdge(a, entry(s, g));
                    } else {
                        addEdge(exit(s, g), a);
                    }
                } else if (!reported && (before ? p < phasePos[a] : p > phasePos[a])) {
                    reported = true;
                    Declared<EcsSystem> member = decl.systems().get(sets.member(s, sets.groupBegin(s, g)));
                    problems.add(BuildProblems.setEdgeAgainstPhases(d, field, decl.sets().get(s), member,
                            before ? d : member, before ? member : d));
                }
            }
        }

        /** Set {@code a} ordered before set {@code b}: same-phase groups are joined, others checked. */
        private void addSetOrder(int a, int b) {
            int ga = 0;
            int gb = 0;
            while (ga < sets.groupCount(a) && gb < sets.groupCount(b)) {
                int pa = sets.groupPhase(a, ga);
                int pb = sets.groupPhase(b, gb);
                if (pa == pb) {
                    addEdge(exit(a, ga), entry(b, gb));
                    ga++;
                    gb++;
                } else if (pa < pb) {
                    ga++;
                } else {
                    gb++;
                }
            }
            int lastA = sets.groupCount(a) - 1;
            if (lastA >= 0 && sets.groupCount(b) > 0 && sets.groupPhase(a, lastA) > sets.groupPhase(b, 0)) {
                Declared<EcsSystem> memberOfA = decl.systems().get(sets.member(a, sets.groupBegin(a, lastA)));
                Declared<EcsSystem> memberOfB = decl.systems().get(sets.member(b, 0));
                problems.add(BuildProblems.setOrderAgainstPhases(decl.sets().get(a), decl.sets().get(b), memberOfA,
                        memberOfB));
            }
        }

        private int entry(int s, int g) {
            return virtualNode(s, g, false);
        }

        private int exit(int s, int g) {
            return virtualNode(s, g, true);
        }

        private int virtualNode(int s, int g, boolean exit) {
            int phase = sets.groupPhase(s, g);
            long key = ((long) s * phaseCount + phase) * 2 + (exit ? 1 : 0);
            Integer known = virtualIds.get(key);
            if (known != null) {
                return known;
            }
            int id = n + virtualSet.size();
            virtualIds.put(key, id);
            virtualSet.add(s);
            virtualPhase.add(phase);
            virtualKey.add(key);
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
    }
}
