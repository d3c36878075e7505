package dev.orrery.schedule.internal.plan;

import java.util.PriorityQueue;

/**
 * Orders the phase graph by the deterministic procedure of SCH-102.
 *
 * <p>A custom phase is <i>rooted</i> if a builtin phase reaches it through edges; every other custom
 * phase is <i>floating</i>. A phase is <i>ready</i> when all its predecessors are emitted. Until every
 * phase is emitted:
 * <ol>
 *   <li>a floating phase is promoted when it directly precedes an unemitted builtin, rooted or
 *       promoted phase S whose predecessors are all emitted or floating; repeated to a fixpoint;</li>
 *   <li>the earliest-declared ready rooted or promoted custom phase is emitted; otherwise the next
 *       builtin phase, if ready;</li>
 *   <li>otherwise the earliest-declared ready floating phase;</li>
 *   <li>if no phase is ready, the graph has a cycle (SCH-103).</li>
 * </ol>
 * "Floating" in step 1 is the static class (not rooted), so a promoted phase still counts as floating
 * there.
 *
 * <p>Cost: O((V + E) log V). The step-1 fixpoint is kept incrementally: {@code blocking[s]} counts the
 * edges into {@code s} from unemitted non-floating phases; when it is 0 and {@code s} is builtin,
 * rooted or promoted, its floating predecessors are promoted, once per {@code s} (the condition never
 * becomes false again until {@code s} is emitted, and the predecessors do not change).
 */
final class PhaseOrdering {
    private final IntDigraph g;
    private final int n;
    private final boolean[] rooted;
    private final boolean[] promoted;
    private final boolean[] emitted;
    private final boolean[] scanned;
    private final int[] remainingPreds;
    private final int[] blocking;
    private final IntList worklist = new IntList();
    /** Ready rooted or promoted custom phases, by declaration (= node id). */
    private final PriorityQueue<Integer> readyAnchored = new PriorityQueue<>();
    /** Ready floating phases, by declaration; may hold promoted or emitted ones (skipped). */
    private final PriorityQueue<Integer> readyFloating = new PriorityQueue<>();
    private int nextBuiltin;

    private PhaseOrdering(PhaseGraph graph) {
        this.g = graph.edges();
        this.n = g.size();
        this.rooted = reachableFromBuiltins(g);
        this.promoted = new boolean[n];
        this.emitted = new boolean[n];
        this.scanned = new boolean[n];
        this.remainingPreds = new int[n];
        this.blocking = new int[n];
        for (int v = 0; v < n; v++) {
            remainingPreds[v] = g.inDegree(v);
            for (int k = g.predBegin(v); k < g.predEnd(v); k++) {
                if (!isFloating(g.predAt(k))) {
                    blocking[v]++;
                }
            }
        }
    }

    /**
     * @param graph the phase graph
     * @return the node ids in SCH-102 order, or, if the graph has a cycle, {@code null} in
     *     {@link Result#order()} and the unemitted nodes in {@link Result#unemitted()}
     */
    static Result order(PhaseGraph graph) {
        return new PhaseOrdering(graph).run();
    }

    /**
     * @param order node ids in phase order, or null when there is a cycle
     * @param unemitted per node id: not emitted (all false on success)
     */
    record Result(int[] order, boolean[] unemitted) {
    }

    private static boolean[] reachableFromBuiltins(IntDigraph g) {
        boolean[] seen = new boolean[g.size()];
        IntList stack = new IntList();
        for (int b = 0; b < PhaseGraph.BUILTINS; b++) {
            seen[b] = true;
            stack.add(b);
        }
        while (!stack.isEmpty()) {
            int v = stack.removeLast();
            for (int k = g.succBegin(v); k < g.succEnd(v); k++) {
                int w = g.succAt(k);
                if (!seen[w]) {
                    seen[w] = true;
                    stack.add(w);
                }
            }
        }
        return seen;
    }

    private boolean isBuiltin(int v) {
        return v < PhaseGraph.BUILTINS;
    }

    /** Static class: a custom phase not reached from a builtin one (promoted ones included). */
    private boolean isFloating(int v) {
        return !rooted[v];
    }

    private Result run() {
        int[] order = new int[n];
        int count = 0;
        for (int v = 0; v < n; v++) {
            if (remainingPreds[v] == 0) {
                becameReady(v);
            }
            worklist.add(v);
        }
        while (count < n) {
            promoteToFixpoint();
            int next = pickNext();
            if (next < 0) {
                boolean[] unemitted = new boolean[n];
                for (int v = 0; v < n; v++) {
                    unemitted[v] = !emitted[v];
                }
                return new Result(null, unemitted);
            }
            order[count++] = next;
            emit(next);
        }
        return new Result(order, new boolean[n]);
    }

    /** Step 1, incrementally: process every phase whose promotion condition may have become true. */
    private void promoteToFixpoint() {
        while (!worklist.isEmpty()) {
            int s = worklist.removeLast();
            boolean anchor = isBuiltin(s) || !isFloating(s) || promoted[s];
            if (emitted[s] || scanned[s] || !anchor || blocking[s] != 0) {
                continue;
            }
            scanned[s] = true;
            for (int k = g.predBegin(s); k < g.predEnd(s); k++) {
                int f = g.predAt(k);
                if (isFloating(f) && !promoted[f] && !emitted[f]) {
                    promoted[f] = true;
                    if (remainingPreds[f] == 0) {
                        readyAnchored.add(f);
                    }
                    worklist.add(f);
                }
            }
        }
    }

    /** Steps 2 and 3; -1 for step 4 (cycle). */
    private int pickNext() {
        while (!readyAnchored.isEmpty()) {
            int v = readyAnchored.poll();
            if (!emitted[v]) {
                return v;
            }
        }
        if (nextBuiltin < PhaseGraph.BUILTINS && remainingPreds[nextBuiltin] == 0) {
            return nextBuiltin;
        }
        while (!readyFloating.isEmpty()) {
            int v = readyFloating.poll();
            if (!emitted[v] && !promoted[v]) {
                return v;
            }
        }
        return -1;
    }

    private void becameReady(int v) {
        if (isBuiltin(v)) {
            return; // taken through nextBuiltin
        }
        if (!isFloating(v) || promoted[v]) {
            readyAnchored.add(v);
        } else {
            readyFloating.add(v);
        }
    }

    private void emit(int v) {
        emitted[v] = true;
        if (isBuiltin(v)) {
            nextBuiltin = v + 1;
        }
        boolean unblocks = !isFloating(v);
        for (int k = g.succBegin(v); k < g.succEnd(v); k++) {
            int w = g.succAt(k);
            if (--remainingPreds[w] == 0) {
                becameReady(w);
            }
            if (unblocks && --blocking[w] == 0) {
                worklist.add(w);
            }
        }
    }
}
