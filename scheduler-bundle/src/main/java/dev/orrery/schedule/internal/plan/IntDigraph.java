package dev.orrery.schedule.internal.plan;

/**
 * An immutable directed graph over nodes {@code 0..size-1} in compressed form: the successors of
 * {@code v} are {@code succAt(k)} for {@code k} in {@code [succBegin(v), succEnd(v))}, likewise for
 * predecessors. Parallel edges are kept (each counts for in-degrees).
 */
final class IntDigraph {
    private final int size;
    private final int[] succStart;
    private final int[] succ;
    private final int[] predStart;
    private final int[] pred;

    private IntDigraph(int size, int[] succStart, int[] succ, int[] predStart, int[] pred) {
        this.size = size;
        this.succStart = succStart;
        this.succ = succ;
        this.predStart = predStart;
        this.pred = pred;
    }

    /**
     * @param size number of nodes
     * @param from edge sources
     * @param to edge targets, parallel to {@code from}
     * @return the graph; edges of a node keep the order they were given in
     */
    static IntDigraph of(int size, IntList from, IntList to) {
        int edges = from.size();
        int[] succStart = new int[size + 1];
        int[] predStart = new int[size + 1];
        for (int e = 0; e < edges; e++) {
            succStart[from.get(e) + 1]++;
            predStart[to.get(e) + 1]++;
        }
        for (int v = 0; v < size; v++) {
            succStart[v + 1] += succStart[v];
            predStart[v + 1] += predStart[v];
        }
        int[] succ = new int[edges];
        int[] pred = new int[edges];
        int[] succFill = java.util.Arrays.copyOf(succStart, size);
        int[] predFill = java.util.Arrays.copyOf(predStart, size);
        for (int e = 0; e < edges; e++) {
            int u = from.get(e);
            int v = to.get(e);
            succ[succFill[u]++] = v;
            pred[predFill[v]++] = u;
        }
        return new IntDigraph(size, succStart, succ, predStart, pred);
    }

    int size() {
        return size;
    }

    int succBegin(int v) {
        return succStart[v];
    }

    int succEnd(int v) {
        return succStart[v + 1];
    }

    int succAt(int k) {
        return succ[k];
    }

    int predBegin(int v) {
        return predStart[v];
    }

    int predEnd(int v) {
        return predStart[v + 1];
    }

    int predAt(int k) {
        return pred[k];
    }

    int inDegree(int v) {
        return predStart[v + 1] - predStart[v];
    }
}
