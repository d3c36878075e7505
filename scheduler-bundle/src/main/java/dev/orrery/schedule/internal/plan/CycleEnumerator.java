package dev.orrery.schedule.internal.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Enumerates the elementary cycles of a graph, per strongly connected component, bounded, in a
 * canonical order (Orrery's own, for SCH-017, SCH-103, SCH-131 messages). Error path only.
 *
 * <p>Johnson's algorithm (D. B. Johnson, "Finding all the elementary circuits of a directed graph",
 * SIAM J. Comput. 4(1), 1975) on each component, with the nodes numbered by a canonical rank and
 * successors visited in rank order. Johnson's finds the cycles through the least remaining node
 * first, each starting at its least node, and its depth-first search in rank order finds them in
 * lexicographic order of their rank sequences; so the first {@code keep} cycles found are the first
 * {@code keep} of the sorted list, and the result depends only on the edge set and the ranks.
 * Parallel edges count once. Cost: O((V + E)(c + 1)) for c cycles found, plus O(V (V + E)) for the
 * per-start components; the enumeration stops after {@code limit} cycles per component.
 */
final class CycleEnumerator {
    private CycleEnumerator() {
    }

    /**
     * The cycles of one strongly connected component.
     *
     * @param cycles the first cycles in canonical order, each as nodes in path order starting at its
     *     least-ranked node (the closing edge goes from the last node back to the first)
     * @param total how many cycles were found (at most the limit)
     * @param truncated whether the enumeration stopped at the limit (then {@code total} is a lower bound)
     * @param leastRank the least rank of the component's nodes, for ordering components
     */
    record Group(List<int[]> cycles, int total, boolean truncated, long leastRank) {
    }

    /**
     * @param g the graph
     * @param inScope nodes to consider; edges to other nodes are ignored
     * @param rank canonical rank per node; distinct among nodes in scope
     * @param keep how many cycles to keep per component
     * @param limit at most this many cycles are enumerated per component
     * @return one group per component that has a cycle, by least rank
     */
    static List<Group> cycles(IntDigraph g, boolean[] inScope, long[] rank, int keep, int limit) {
        int[] comp = components(g, inScope);
        int compCount = 0;
        for (int c : comp) {
            compCount = Math.max(compCount, c + 1);
        }
        IntList[] nodes = new IntList[compCount];
        for (int v = 0; v < g.size(); v++) {
            if (comp[v] >= 0) {
                if (nodes[comp[v]] == null) {
                    nodes[comp[v]] = new IntList(4);
                }
                nodes[comp[v]].add(v);
            }
        }
        List<Group> out = new ArrayList<>();
        for (int c = 0; c < compCount; c++) {
            Group group = enumerate(g, comp, c, nodes[c].toArray(), rank, keep, limit);
            if (group != null) {
                out.add(group);
            }
        }
        out.sort(Comparator.comparingLong(Group::leastRank));
        return out;
    }

    private static Group enumerate(IntDigraph g, int[] comp, int c, int[] members, long[] rank, int keep, int limit) {
        Integer[] boxed = new Integer[members.length];
        for (int i = 0; i < members.length; i++) {
            boxed[i] = members[i];
        }
        Arrays.sort(boxed, Comparator.comparingLong(v -> rank[v]));
        int k = boxed.length;
        int[] global = new int[k];
        int[] local = new int[g.size()];
        for (int i = 0; i < k; i++) {
            global[i] = boxed[i];
            local[boxed[i]] = i;
        }
        int[][] adj = new int[k][];
        boolean anyCycle = false;
        for (int i = 0; i < k; i++) {
            int v = global[i];
            IntList succ = new IntList(4);
            for (int e = g.succBegin(v); e < g.succEnd(v); e++) {
                int w = g.succAt(e);
                if (comp[w] == c) {
                    succ.add(local[w]);
                    anyCycle |= (k > 1 || w == v);
                }
            }
            int[] sorted = succ.toArray();
            Arrays.sort(sorted);
            adj[i] = dedupe(sorted);
        }
        if (!anyCycle) {
            return null;
        }
        Johnson j = new Johnson(adj, keep, limit);
        j.run();
        List<int[]> cycles = new ArrayList<>();
        for (int[] cycle : j.found) {
            int[] path = new int[cycle.length];
            for (int i = 0; i < cycle.length; i++) {
                path[i] = global[cycle[i]];
            }
            cycles.add(path);
        }
        return new Group(cycles, j.count, j.count >= limit, rank[global[0]]);
    }

    private static int[] dedupe(int[] sorted) {
        int m = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (i == 0 || sorted[i] != sorted[i - 1]) {
                sorted[m++] = sorted[i];
            }
        }
        return Arrays.copyOf(sorted, m);
    }

    /** Johnson's circuit search over local nodes {@code 0..k-1} (adjacency sorted ascending). */
    private static final class Johnson {
        private final int[][] adj;
        private final int[][] radj;
        private final int keep;
        private final int limit;
        private final boolean[] blocked;
        private final IntList[] blockMap;
        private final IntList stack = new IntList();
        private final List<int[]> found = new ArrayList<>();
        private int count;
        private boolean[] inSub;
        private int start;

        Johnson(int[][] adj, int keep, int limit) {
            this.adj = adj;
            this.radj = reverse(adj);
            this.keep = keep;
            this.limit = limit;
            this.blocked = new boolean[adj.length];
            this.blockMap = new IntList[adj.length];
        }

        private static int[][] reverse(int[][] adj) {
            IntList[] lists = new IntList[adj.length];
            for (int v = 0; v < adj.length; v++) {
                lists[v] = new IntList(2);
            }
            for (int v = 0; v < adj.length; v++) {
                for (int w : adj[v]) {
                    lists[w].add(v);
                }
            }
            int[][] out = new int[adj.length][];
            for (int v = 0; v < adj.length; v++) {
                out[v] = lists[v].toArray();
            }
            return out;
        }

        void run() {
            int k = adj.length;
            for (int s = 0; s < k && count < limit; s++) {
                inSub = componentOf(s);
                if (inSub == null) {
                    continue;
                }
                start = s;
                for (int v = s; v < k; v++) {
                    blocked[v] = false;
                    blockMap[v] = null;
                }
                circuit(s);
            }
        }

        /** Nodes of the strongly connected component of {@code s} in the subgraph of nodes {@code >= s}; null if s has no cycle there. */
        private boolean[] componentOf(int s) {
            int k = adj.length;
            boolean[] fwd = reach(s, k, true);
            boolean[] bwd = reach(s, k, false);
            boolean[] both = new boolean[k];
            boolean cyclic = false;
            for (int v = s; v < k; v++) {
                both[v] = fwd[v] && bwd[v];
            }
            for (int w : adj[s]) {
                if (w >= s && both[w]) {
                    cyclic = true;
                }
            }
            return cyclic ? both : null;
        }

        private boolean[] reach(int s, int k, boolean forward) {
            boolean[] seen = new boolean[k];
            IntList todo = new IntList();
            seen[s] = true;
            todo.add(s);
            while (!todo.isEmpty()) {
                int v = todo.removeLast();
                for (int w : forward ? adj[v] : radj[v]) {
                    if (w >= s && !seen[w]) {
                        seen[w] = true;
                        todo.add(w);
                    }
                }
            }
            return seen;
        }

        /** Johnson's CIRCUIT(v), iterative (a cycle through thousands of systems must not overflow the stack). */
        private void circuit(int first) {
            int k = adj.length;
            int[] node = new int[k];
            int[] next = new int[k];
            boolean[] closed = new boolean[k];
            int depth = 0;
            node[depth] = first;
            next[depth] = 0;
            closed[depth] = false;
            depth++;
            stack.add(first);
            blocked[first] = true;
            while (depth > 0 && count < limit) {
                int v = node[depth - 1];
                if (next[depth - 1] < adj[v].length) {
                    int w = adj[v][next[depth - 1]++];
                    if (w < start || !inSub[w]) {
                        continue;
                    }
                    if (w == start) {
                        count++;
                        if (found.size() < keep) {
                            found.add(stack.toArray());
                        }
                        closed[depth - 1] = true;
                    } else if (!blocked[w]) {
                        node[depth] = w;
                        next[depth] = 0;
                        closed[depth] = false;
                        depth++;
                        stack.add(w);
                        blocked[w] = true;
                    }
                    continue;
                }
                boolean vClosed = closed[depth - 1];
                if (vClosed) {
                    unblock(v);
                } else {
                    for (int w : adj[v]) {
                        if (w >= start && inSub[w]) {
                            if (blockMap[w] == null) {
                                blockMap[w] = new IntList(2);
                            }
                            if (!contains(blockMap[w], v)) {
                                blockMap[w].add(v);
                            }
                        }
                    }
                }
                stack.removeLast();
                depth--;
                if (depth > 0 && vClosed) {
                    closed[depth - 1] = true;
                }
            }
            while (!stack.isEmpty()) {
                stack.removeLast();
            }
        }

        private static boolean contains(IntList list, int value) {
            for (int i = 0; i < list.size(); i++) {
                if (list.get(i) == value) {
                    return true;
                }
            }
            return false;
        }

        private void unblock(int u) {
            IntList todo = new IntList();
            todo.add(u);
            while (!todo.isEmpty()) {
                int x = todo.removeLast();
                if (!blocked[x]) {
                    continue;
                }
                blocked[x] = false;
                IntList b = blockMap[x];
                blockMap[x] = null;
                if (b != null) {
                    for (int i = 0; i < b.size(); i++) {
                        todo.add(b.get(i));
                    }
                }
            }
        }
    }

    /** Tarjan's algorithm, iterative; -1 for nodes out of scope. */
    static int[] components(IntDigraph g, boolean[] inScope) {
        int n = g.size();
        int[] index = new int[n];
        int[] low = new int[n];
        int[] comp = new int[n];
        Arrays.fill(index, -1);
        Arrays.fill(comp, -1);
        boolean[] onStack = new boolean[n];
        int[] stack = new int[n];
        int sp = 0;
        int[] callNode = new int[n];
        int[] callEdge = new int[n];
        int counter = 0;
        int compCount = 0;
        for (int root = 0; root < n; root++) {
            if (!inScope[root] || index[root] >= 0) {
                continue;
            }
            int depth = 0;
            index[root] = low[root] = counter++;
            stack[sp++] = root;
            onStack[root] = true;
            callNode[depth] = root;
            callEdge[depth] = g.succBegin(root);
            depth++;
            while (depth > 0) {
                int v = callNode[depth - 1];
                int e = callEdge[depth - 1];
                if (e < g.succEnd(v)) {
                    callEdge[depth - 1]++;
                    int w = g.succAt(e);
                    if (!inScope[w]) {
                        continue;
                    }
                    if (index[w] < 0) {
                        index[w] = low[w] = counter++;
                        stack[sp++] = w;
                        onStack[w] = true;
                        callNode[depth] = w;
                        callEdge[depth] = g.succBegin(w);
                        depth++;
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                } else {
                    depth--;
                    if (depth > 0) {
                        int u = callNode[depth - 1];
                        low[u] = Math.min(low[u], low[v]);
                    }
                    if (low[v] == index[v]) {
                        int w;
                        do {
                            w = stack[--sp];
                            onStack[w] = false;
                            comp[w] = compCount;
                        } while (w != v);
                        compCount++;
                    }
                }
            }
        }
        return comp;
    }
}
