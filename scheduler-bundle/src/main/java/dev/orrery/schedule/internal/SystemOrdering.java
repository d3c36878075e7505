package dev.orrery.schedule.internal;

import java.util.PriorityQueue;

/**
 * Orders systems phase by phase, each phase by a stable topological sort: among the ready systems,
 * the earliest declared runs first (SCH-012, SCH-013, SCH-014).
 *
 * <p>One Kahn pass over the whole {@link SystemGraph} with a priority queue keyed by
 * (phase position, declaration index). Edges only join nodes of one phase, so this is the per-phase
 * stable sort, phase after phase. Virtual set nodes are emitted as soon as they are ready, before
 * the next system is taken, so a system becomes ready exactly when it would in the fully expanded
 * graph. Cost: O((V + E) log V).
 */
final class SystemOrdering {
    private SystemOrdering() {
    }

    /**
     * @param order system declaration indexes in execution order, phase by phase; null on a cycle
     * @param unemitted per node: not emitted (the nodes on or behind a cycle); all false on success
     */
    record Result(int[] order, boolean[] unemitted) {
    }

    /**
     * @param graph the system graph
     * @return the order, or the unemitted nodes when there is a cycle
     */
    static Result order(SystemGraph graph) {
        IntDigraph g = graph.edges();
        int total = g.size();
        int n = graph.systemCount();
        int[] remaining = new int[total];
        PriorityQueue<Long> readySystems = new PriorityQueue<>();
        IntList readyVirtual = new IntList();
        for (int v = 0; v < total; v++) {
            remaining[v] = g.inDegree(v);
            if (remaining[v] == 0) {
                if (graph.isSystem(v)) {
                    readySystems.add(key(graph, n, v));
                } else {
                    readyVirtual.add(v);
                }
            }
        }
        boolean[] emitted = new boolean[total];
        int[] order = new int[n];
        int count = 0;
        while (true) {
            int v;
            if (!readyVirtual.isEmpty()) {
                v = readyVirtual.removeLast();
            } else if (!readySystems.isEmpty()) {
                v = (int) (readySystems.poll() % n);
                order[count++] = v;
            } else {
                break;
            }
            emitted[v] = true;
            for (int k = g.succBegin(v); k < g.succEnd(v); k++) {
                int w = g.succAt(k);
                if (--remaining[w] == 0) {
                    if (graph.isSystem(w)) {
                        readySystems.add(key(graph, n, w));
                    } else {
                        readyVirtual.add(w);
                    }
                }
            }
        }
        if (count == n) {
            return new Result(order, new boolean[total]);
        }
        boolean[] unemitted = new boolean[total];
        for (int v = 0; v < total; v++) {
            unemitted[v] = !emitted[v];
        }
        return new Result(null, unemitted);
    }

    private static long key(SystemGraph graph, int n, int system) {
        return (long) graph.phaseOf(system) * n + system;
    }
}
