package dev.orrery.schedule.internal.plan;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.graph.AccessReport;
import dev.orrery.schedule.graph.BuildItem;
import dev.orrery.schedule.graph.AccessReport.Conflict;
import dev.orrery.schedule.graph.AccessReport.ConflictKind;
import dev.orrery.schedule.graph.AccessReport.UnorderedRead;
import dev.orrery.world.Trait;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Computes the {@link AccessReport} of a schedule at build (Orrery's own). Only systems that declare
 * access take part; when none does, the cost is one pass over the systems. For each phase, a
 * breadth-first search in the {@link SystemGraph} from each access-declaring system finds which of
 * the others it reaches (edges join only nodes of one phase), then each pair is compared:
 * O(k (V + E) + k^2 t) for k declaring systems and t traits per system.
 */
final class AccessAnalysis {
    private AccessAnalysis() {
    }

    /**
     * @param graph the system graph
     * @param order system declaration indexes in execution order
     * @param phaseOf per system declaration index: its phase
     * @return the report
     */
    static AccessReport analyse(SystemGraph graph, int[] order, Phase[] phaseOf) {
        IntList declaring = new IntList();
        for (int s : order) {
            EcsSystem sys = graph.system(s).item();
            if (!sys.reads().isEmpty() || !sys.writes().isEmpty()) {
                declaring.add(s);
            }
        }
        if (declaring.size() < 2) {
            return AccessReport.empty();
        }
        int total = graph.edges().size();
        int[] local = new int[total];
        java.util.Arrays.fill(local, -1);
        for (int i = 0; i < declaring.size(); i++) {
            local[declaring.get(i)] = i;
        }
        List<UnorderedRead> reads = new ArrayList<>();
        List<Conflict> conflicts = new ArrayList<>();
        for (int i = 0; i < declaring.size(); i++) {
            int a = declaring.get(i);
            BitSet reached = null;
            for (int j = i + 1; j < declaring.size(); j++) {
                int b = declaring.get(j);
                if (graph.phaseOf(a) != graph.phaseOf(b)) {
                    break; // execution order is grouped by phase
                }
                EcsSystem first = graph.system(a).item();
                EcsSystem second = graph.system(b).item();
                List<Trait<?>> ww = shared(first.writes(), second.writes());
                List<Trait<?>> wr = shared(first.writes(), second.reads());
                List<Trait<?>> rw = shared(first.reads(), second.writes());
                if (ww.isEmpty() && wr.isEmpty() && rw.isEmpty()) {
                    continue;
                }
                if (reached == null) {
                    reached = reach(graph, a, local);
                }
                if (reached.get(j)) {
                    continue;
                }
                String phase = phaseOf[a].name();
                BuildItem firstItem = BuildProblems.systemItem(graph.system(a));
                BuildItem secondItem = BuildProblems.systemItem(graph.system(b));
                if (!wr.isEmpty()) {
                    reads.add(new UnorderedRead(phase, firstItem, secondItem, shared(second.reads(), first.writes())));
                }
                List<Trait<?>> traits = new ArrayList<>(ww);
                for (Trait<?> t : wr) {
                    if (!traits.contains(t)) {
                        traits.add(t);
                    }
                }
                for (Trait<?> t : rw) {
                    if (!traits.contains(t)) {
                        traits.add(t);
                    }
                }
                conflicts.add(new Conflict(phase, firstItem, secondItem,
                        ww.isEmpty() ? ConflictKind.READ_WRITE : ConflictKind.WRITE_WRITE, traits));
            }
        }
        return new AccessReport(reads, conflicts);
    }

    /** @return the traits of {@code a} (in its order, once each) that {@code b} also lists (by identity) */
    private static List<Trait<?>> shared(List<Trait<?>> a, List<Trait<?>> b) {
        List<Trait<?>> out = new ArrayList<>();
        for (Trait<?> t : a) {
            if (b.contains(t) && !out.contains(t)) {
                out.add(t);
            }
        }
        return out;
    }

    /** @return the local indexes of the declaring systems reachable from system {@code a} */
    private static BitSet reach(SystemGraph graph, int a, int[] local) {
        IntDigraph g = graph.edges();
        BitSet out = new BitSet();
        boolean[] seen = new boolean[g.size()];
        IntList todo = new IntList();
        todo.add(a);
        seen[a] = true;
        while (!todo.isEmpty()) {
            int v = todo.removeLast();
            for (int k = g.succBegin(v); k < g.succEnd(v); k++) {
                int w = g.succAt(k);
                if (!seen[w]) {
                    seen[w] = true;
                    todo.add(w);
                    if (local[w] >= 0) {
                        out.set(local[w]);
                    }
                }
            }
        }
        return out;
    }
}
