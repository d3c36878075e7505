package dev.orrery.schedule.internal.plan;

import dev.orrery.schedule.Phase;

/**
 * Manual phases and components (SCH-104, SCH-105).
 *
 * <p>Components are formed by dependsOn and before edges only: a builtin phase referenced by an edge
 * is a member, the builtin chain joins nothing. A custom phase is detached if no builtin phase is in
 * its component. Detached phases and phases with {@code manual = true} are manual; all others
 * (builtin phases included) are automatic. The flag propagates to nothing else (SCH-105).
 *
 * <p>Component ids, as {@link ExecutionPlan#phaseComponent()} defines them: every automatic phase has
 * id 0; manual phases get the id of their connected component, numbered from 1 in the order in which
 * components first appear in the phase order. Two manual phases share an id exactly when they are in
 * the same component (SCH-109, SCH-110).
 */
final class PhaseComponents {
    private final boolean[] manual;
    private final int[] component;

    private PhaseComponents(boolean[] manual, int[] component) {
        this.manual = manual;
        this.component = component;
    }

    /**
     * @param graph the phase graph
     * @param order node ids in phase order (SCH-102)
     * @return manual flags and component ids, indexed by position in {@code order}
     */
    static PhaseComponents of(PhaseGraph graph, int[] order) {
        int n = graph.size();
        int[] parent = new int[n];
        for (int v = 0; v < n; v++) {
            parent[v] = v;
        }
        for (int v = PhaseGraph.BUILTINS; v < n; v++) {
            Phase phase = graph.phase(v);
            for (Phase dep : phase.dependsOn()) {
                union(parent, v, graph.id(dep));
            }
            for (Phase target : phase.before()) {
                union(parent, v, graph.id(target));
            }
        }
        boolean[] rootHasBuiltin = new boolean[n];
        for (int b = 0; b < PhaseGraph.BUILTINS; b++) {
            rootHasBuiltin[find(parent, b)] = true;
        }
        boolean[] manual = new boolean[n];
        int[] component = new int[n];
        int[] idOfRoot = new int[n];
        int nextId = 1;
        for (int pos = 0; pos < n; pos++) {
            int v = order[pos];
            int root = find(parent, v);
            manual[pos] = !graph.isBuiltin(v) && (graph.phase(v).manual() || !rootHasBuiltin[root]);
            if (manual[pos]) {
                if (idOfRoot[root] == 0) {
                    idOfRoot[root] = nextId++;
                }
                component[pos] = idOfRoot[root];
            }
        }
        return new PhaseComponents(manual, component);
    }

    private static int find(int[] parent, int v) {
        while (parent[v] != v) {
            parent[v] = parent[parent[v]];
            v = parent[v];
        }
        return v;
    }

    private static void union(int[] parent, int a, int b) {
        int ra = find(parent, a);
        int rb = find(parent, b);
        if (ra != rb) {
            parent[Math.max(ra, rb)] = Math.min(ra, rb);
        }
    }

    /** @return per position in phase order: manual (SCH-104) */
    boolean[] manual() {
        return manual;
    }

    /** @return per position in phase order: component id (0 for automatic phases) */
    int[] component() {
        return component;
    }
}
