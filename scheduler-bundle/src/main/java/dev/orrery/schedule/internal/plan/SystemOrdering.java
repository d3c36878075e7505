package dev.orrery.schedule.internal.plan;

/**
 * Orders systems phase by phase, each phase by a stable topological sort: among the ready systems,
 * the earliest declared runs first (SCH-012, SCH-013, SCH-014).
 *
 * <p>One Kahn pass over the whole {@link SystemGraph}. Ready systems wait in a {@link RankQueue}
 * keyed by rank, their position in (phase position, declaration index) order, computed once by a
 * counting sort over phases. Edges only join nodes of one phase, so this is the per-phase stable
 * sort, phase after phase. Virtual set nodes are emitted as soon as they are ready, before the next
 * system is taken, so a system becomes ready exactly when it would in the fully expanded graph.
 * Cost: O(V + E) plus O(log64 V) per system.
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
        int[] rank = new int[n];
        int[] systemAtRank = new int[n];
        ranks(graph, n, rank, systemAtRank);
        RankQueue readySystems = new RankQueue(n);
        IntList readyVirtual = new IntList();
        for (int v = 0; v < total; v++) {
            remaining[v] = g.inDegree(v);
            if (remaining[v] == 0) {
                if (graph.isSystem(v)) {
                    readySystems.add(rank[v]);
                } else {
                    readyVirtual.add(v);
                }
            }
        }
        boolean[] emitted = new boolean[total];
        int[] order = new int[n];
        int count = 0;
        int emittedNodes = 0;
        while (true) {
            int v;
            if (!readyVirtual.isEmpty()) {
                v = readyVirtual.removeLast();
            } else if (!readySystems.isEmpty()) {
                v = systemAtRank[readySystems.pollMin()];
                order[count++] = v;
            } else {
                break;
            }
            emitted[v] = true;
            emittedNodes++;
            for (int k = g.succBegin(v); k < g.succEnd(v); k++) {
                int w = g.succAt(k);
                if (--remaining[w] == 0) {
                    if (graph.isSystem(w)) {
                        readySystems.add(rank[w]);
                    } else {
                        readyVirtual.add(w);
                    }
                }
            }
        }
        // Every node, virtual ones included: with Orrery's order-through-empty-sets option a cycle can
        // run through empty sets only; without it every cycle contains a system.
        if (count == n && emittedNodes == total) {
            return new Result(order, new boolean[total]);
        }
        boolean[] unemitted = new boolean[total];
        for (int v = 0; v < total; v++) {
            unemitted[v] = !emitted[v];
        }
        return new Result(null, unemitted);
    }

    /** Ranks systems by (phase position, declaration index): a stable counting sort over phases. */
    private static void ranks(SystemGraph graph, int n, int[] rank, int[] systemAtRank) {
        int phases = 0;
        for (int s = 0; s < n; s++) {
            phases = Math.max(phases, graph.phaseOf(s) + 1);
        }
        int[] next = new int[phases + 1];
        for (int s = 0; s < n; s++) {
            next[graph.phaseOf(s) + 1]++;
        }
        for (int p = 0; p < phases; p++) {
            next[p + 1] += next[p];
        }
        for (int s = 0; s < n; s++) {
            int r = next[graph.phaseOf(s)]++;
            rank[s] = r;
            systemAtRank[r] = s;
        }
    }
}
