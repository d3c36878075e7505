package dev.orrery.schedule.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Finds one canonical cycle per cyclic strongly connected component of a graph, for error messages
 * (SCH-017, SCH-103, SCH-131).
 *
 * <p>Canonical means: it depends only on the graph's edge set and the node ranks, never on the order
 * in which edges were added or on hashing. For each strongly connected component that contains a
 * cycle (more than one node, or a self-loop), the cycle starts at the startable node of least rank
 * and is a shortest cycle through it, found by breadth-first search that visits successors in rank
 * order. Cycles are returned sorted by the rank of their start.
 *
 * <p>Cost: O(V + E) for the components, plus O(E log E) per reported component (error path only).
 */
final class CycleFinder {
    private CycleFinder() {
    }

    /**
     * @param g the graph
     * @param inScope nodes to consider (e.g. those a topological sort could not emit); edges to
     *     other nodes are ignored
     * @param rank canonical rank per node; distinct
     * @param startable nodes a cycle may start at; every cycle must contain at least one
     * @return the cycles, each as the nodes of the path in edge order (the closing edge goes from
     *     the last node back to the first)
     */
    static List<int[]> cycles(IntDigraph g, boolean[] inScope, long[] rank, boolean[] startable) {
        int[] comp = components(g, inScope);
        int n = g.size();
        int compCount = 0;
        for (int v = 0; v < n; v++) {
            compCount = Math.max(compCount, comp[v] + 1);
        }
        int[] size = new int[compCount];
        boolean[] selfLoop = new boolean[compCount];
        int[] start = new int[compCount];
        Arrays.fill(start, -1);
        for (int v = 0; v < n; v++) {
            if (comp[v] < 0) {
                continue;
            }
            int c = comp[v];
            size[c]++;
            for (int k = g.succBegin(v); k < g.succEnd(v); k++) {
                if (g.succAt(k) == v) {
                    selfLoop[c] = true;
                }
            }
            if (startable[v] && (start[c] < 0 || rank[v] < rank[start[c]])) {
                start[c] = v;
            }
        }
        List<int[]> out = new ArrayList<>();
        for (int c = 0; c < compCount; c++) {
            if ((size[c] > 1 || selfLoop[c]) && start[c] >= 0) {
                out.add(shortestCycle(g, comp, rank, start[c]));
            }
        }
        out.sort(Comparator.comparingLong(cycle -> rank[cycle[0]]));
        return out;
    }

    /** Breadth-first search from {@code s} back to {@code s} inside its component. */
    private static int[] shortestCycle(IntDigraph g, int[] comp, long[] rank, int s) {
        int n = g.size();
        int[] parent = new int[n];
        Arrays.fill(parent, -2);
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        queue[tail++] = s;
        parent[s] = -1;
        while (head < tail) {
            int u = queue[head++];
            for (int w : successorsByRank(g, comp, rank, u)) {
                if (w == s) {
                    return pathTo(parent, u);
                }
                if (parent[w] == -2) {
                    parent[w] = u;
                    queue[tail++] = w;
                }
            }
        }
        throw new IllegalStateException("no cycle through node " + s + " in its strongly connected component");
    }

    private static int[] successorsByRank(IntDigraph g, int[] comp, long[] rank, int u) {
        IntList list = new IntList();
        for (int k = g.succBegin(u); k < g.succEnd(u); k++) {
            int w = g.succAt(k);
            if (comp[w] == comp[u]) {
                list.add(w);
            }
        }
        Integer[] boxed = new Integer[list.size()];
        for (int i = 0; i < boxed.length; i++) {
            boxed[i] = list.get(i);
        }
        Arrays.sort(boxed, Comparator.comparingLong(w -> rank[w]));
        int[] out = new int[boxed.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = boxed[i];
        }
        return out;
    }

    private static int[] pathTo(int[] parent, int last) {
        IntList reversed = new IntList();
        for (int v = last; v >= 0; v = parent[v]) {
            reversed.add(v);
        }
        int[] path = new int[reversed.size()];
        for (int i = 0; i < path.length; i++) {
            path[i] = reversed.get(path.length - 1 - i);
        }
        return path;
    }

    /** Tarjan's algorithm, iterative; -1 for nodes out of scope. */
    private static int[] components(IntDigraph g, boolean[] inScope) {
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
