package dev.orrery.schedule;

import java.util.ArrayList;
import java.util.List;

/**
 * SCH-102 re-implemented as plainly as the spec states it, for the property tests: no incremental
 * bookkeeping, just the four steps with full scans. Nodes {@code 0..8} are the builtin phases in
 * chain order; nodes {@code 9..} the custom phases in declaration order. Edges include the chain.
 */
final class ReferencePhaseOrder {
    private final int n;
    private final List<List<Integer>> preds = new ArrayList<>();
    private final List<List<Integer>> succs = new ArrayList<>();

    ReferencePhaseOrder(int n, List<int[]> edges) {
        this.n = n;
        for (int v = 0; v < n; v++) {
            preds.add(new ArrayList<>());
            succs.add(new ArrayList<>());
        }
        for (int[] e : edges) {
            succs.get(e[0]).add(e[1]);
            preds.get(e[1]).add(e[0]);
        }
    }

    private static boolean builtin(int v) {
        return v < 9;
    }

    /** @return the node order, or null if the procedure finds no ready phase (a cycle, SCH-103) */
    List<Integer> order() {
        boolean[] rooted = new boolean[n];
        List<Integer> stack = new ArrayList<>();
        for (int b = 0; b < 9; b++) {
            stack.add(b);
        }
        while (!stack.isEmpty()) {
            int v = stack.remove(stack.size() - 1);
            for (int w : succs.get(v)) {
                if (!builtin(w) && !rooted[w]) {
                    rooted[w] = true;
                    stack.add(w);
                }
            }
        }
        boolean[] promoted = new boolean[n];
        boolean[] emitted = new boolean[n];
        List<Integer> out = new ArrayList<>();
        int nextBuiltin = 0;
        while (out.size() < n) {
            // 1. promotion, to a fixpoint
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int f = 9; f < n; f++) {
                    if (rooted[f] || promoted[f] || emitted[f]) {
                        continue;
                    }
                    for (int s : succs.get(f)) {
                        boolean anchor = builtin(s) || rooted[s] || promoted[s];
                        if (emitted[s] || !anchor) {
                            continue;
                        }
                        boolean allEmittedOrFloating = true;
                        for (int p : preds.get(s)) {
                            boolean floating = !builtin(p) && !rooted[p];
                            if (!emitted[p] && !floating) {
                                allEmittedOrFloating = false;
                            }
                        }
                        if (allEmittedOrFloating) {
                            promoted[f] = true;
                            changed = true;
                            break;
                        }
                    }
                }
            }
            // 2. earliest-declared ready rooted or promoted custom phase, else the next builtin
            int pick = -1;
            for (int v = 9; v < n && pick < 0; v++) {
                if (!emitted[v] && (rooted[v] || promoted[v]) && ready(v, emitted)) {
                    pick = v;
                }
            }
            if (pick < 0 && nextBuiltin < 9 && ready(nextBuiltin, emitted)) {
                pick = nextBuiltin;
            }
            // 3. earliest-declared ready floating phase
            for (int v = 9; v < n && pick < 0; v++) {
                if (!emitted[v] && ready(v, emitted)) {
                    pick = v;
                }
            }
            // 4. nothing ready: cycle
            if (pick < 0) {
                return null;
            }
            emitted[pick] = true;
            if (builtin(pick)) {
                nextBuiltin++;
            }
            out.add(pick);
        }
        return out;
    }

    private boolean ready(int v, boolean[] emitted) {
        for (int p : preds.get(v)) {
            if (!emitted[p]) {
                return false;
            }
        }
        return true;
    }
}
