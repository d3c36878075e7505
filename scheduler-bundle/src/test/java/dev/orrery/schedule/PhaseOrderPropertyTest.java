package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.graph.BuildCycle;
import dev.orrery.schedule.graph.BuildItem;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.statistics.StatisticsReport;

/**
 * Property tests over random phase graphs: SCH-101 (every edge satisfied), SCH-102 (the order equals
 * the procedure re-implemented plainly in {@link ReferencePhaseOrder}), determinism, SCH-103 (cycles
 * are always reported, as real cycles naming their custom phases) and SCH-104 (manual phases).
 */
@Tag("engine-independent")
class PhaseOrderPropertyTest {

    /**
     * A random phase graph. Phase {@code i} is created {@code i}-th, so it can only reference builtin
     * phases and phases created before it: a raw reference {@code r} means node {@code r % (9 + i)}
     * (below 9 a builtin, else the custom phase created at {@code r - 9}). Cycles still arise from
     * before edges. {@code declKeys} give a declaration order independent of creation order.
     */
    record PhaseRecipe(List<List<Integer>> deps, List<List<Integer>> befores, List<Boolean> manual,
                       List<Integer> declKeys) {
        int size() {
            return deps.size();
        }

        /** Creation indexes in declaration order. */
        List<Integer> declarationOrder() {
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < size(); i++) {
                order.add(i);
            }
            order.sort(Comparator.comparingInt((Integer i) -> declKeys.get(i)).thenComparingInt(i -> i));
            return order;
        }

        /** Fresh phase objects, by creation index. */
        Phase[] create() {
            Phase[] created = new Phase[size()];
            for (int i = 0; i < size(); i++) {
                Phase.Builder b = Phase.builder("P" + i).manual(manual.get(i));
                for (int r : deps.get(i)) {
                    b.dependsOn(resolve(created, i, r));
                }
                for (int r : befores.get(i)) {
                    b.before(resolve(created, i, r));
                }
                created[i] = b.build();
            }
            return created;
        }

        private static Phase resolve(Phase[] created, int i, int raw) {
            int node = raw % (9 + i);
            return node < 9 ? Phase.BUILTIN.get(node) : created[node - 9];
        }

        ScheduleBuilder builder() {
            Phase[] created = create();
            List<Phase> declared = new ArrayList<>();
            declarationOrder().forEach(i -> declared.add(created[i]));
            return Schedule.builder("props").phases(declared);
        }
    }

    @Provide
    Arbitrary<PhaseRecipe> phaseGraphs() {
        Arbitrary<List<Integer>> deps = Arbitraries.integers().between(0, 10_000).list().ofMaxSize(2);
        Arbitrary<List<Integer>> befores = Arbitraries.integers().between(0, 10_000).list().ofMaxSize(1);
        return Arbitraries.integers().between(0, 9).flatMap(n -> Combinators.combine(
                deps.list().ofSize(n), befores.list().ofSize(n),
                Arbitraries.integers().between(0, 9).map(x -> x == 0).list().ofSize(n),
                Arbitraries.integers().between(0, 1000).list().ofSize(n)).as(PhaseRecipe::new));
    }

    /** Nodes: builtins 0..8, custom phases 9 + declaration position. Edges include the builtin chain. */
    private static List<int[]> edges(PhaseRecipe recipe, Phase[] created, Map<Phase, Integer> node) {
        List<int[]> edges = new ArrayList<>();
        for (int b = 1; b < 9; b++) {
            edges.add(new int[] {b - 1, b});
        }
        for (Phase p : created) {
            p.dependsOn().forEach(d -> edges.add(new int[] {node.get(d), node.get(p)}));
            p.before().forEach(t -> edges.add(new int[] {node.get(p), node.get(t)}));
        }
        return edges;
    }

    private static Map<Phase, Integer> nodes(PhaseRecipe recipe, Phase[] created) {
        Map<Phase, Integer> node = new HashMap<>();
        for (int b = 0; b < 9; b++) {
            node.put(Phase.BUILTIN.get(b), b);
        }
        List<Integer> decl = recipe.declarationOrder();
        for (int pos = 0; pos < decl.size(); pos++) {
            node.put(created[decl.get(pos)], 9 + pos);
        }
        return node;
    }

    @StatisticsReport(onFailureOnly = true) // the outcome counts, printed only when the property fails
    @Property(tries = 3000)
    void SCH_101_SCH_102_SCH_103_random_phase_graphs_order_as_the_plain_procedure_or_report_a_cycle(
            @ForAll("phaseGraphs") PhaseRecipe recipe) {
        Phase[] created = recipe.create();
        Map<Phase, Integer> node = nodes(recipe, created);
        List<int[]> edges = edges(recipe, created, node);
        Phase[] byNode = new Phase[9 + created.length];
        node.forEach((p, v) -> byNode[v] = p);
        List<Integer> expected = new ReferencePhaseOrder(byNode.length, edges).order();
        Statistics.label("outcome").collect(expected == null ? "cycle" : "ordered");
        Statistics.label("outcome").coverage(c -> {
            c.check("ordered").percentage(pct -> pct > 30);
            c.check("cycle").percentage(pct -> pct > 5);
        });

        List<Phase> declared = new ArrayList<>();
        recipe.declarationOrder().forEach(i -> declared.add(created[i]));
        ScheduleBuilder builder = Schedule.builder("props").phases(declared);
        if (expected == null) {
            ScheduleBuildException e = assertThrows(ScheduleBuildException.class, builder::build);
            assertCyclesAreReal(e, edges, byNode);
            // deterministic: fresh objects, same message
            assertEquals(e.getMessage(), assertThrows(ScheduleBuildException.class, recipe.builder()::build).getMessage());
            return;
        }
        Schedule schedule = builder.build();
        List<Phase> order = schedule.phases();
        List<Phase> expectedPhases = new ArrayList<>();
        expected.forEach(v -> expectedPhases.add(byNode[v]));
        assertEquals(expectedPhases, order, "SCH-102 procedure");
        // SCH-101: every edge satisfied
        for (int[] e : edges) {
            assertTrue(order.indexOf(byNode[e[0]]) < order.indexOf(byNode[e[1]]), byNode[e[0]] + " → " + byNode[e[1]]);
        }
        // deterministic: fresh objects (other identity hashes), same names in the same order
        assertEquals(Fixtures.names(order), Fixtures.names(recipe.builder().build().phases()));
        // SCH-104: manual = explicit flag, or no builtin in the undirected component (chain excluded)
        boolean[] detached = detached(byNode.length, edges);
        for (int v = 9; v < byNode.length; v++) {
            assertEquals(byNode[v].manual() || detached[v], schedule.isManual(byNode[v]), byNode[v].name());
        }
    }

    private static boolean[] detached(int n, List<int[]> edges) {
        List<List<Integer>> adj = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            adj.add(new ArrayList<>());
        }
        for (int[] e : edges) {
            boolean chain = e[0] < 9 && e[1] < 9;
            if (!chain) {
                adj.get(e[0]).add(e[1]);
                adj.get(e[1]).add(e[0]);
            }
        }
        boolean[] connected = new boolean[n];
        List<Integer> stack = new ArrayList<>();
        for (int b = 0; b < 9; b++) {
            connected[b] = true;
            stack.add(b);
        }
        while (!stack.isEmpty()) {
            int v = stack.remove(stack.size() - 1);
            for (int w : adj.get(v)) {
                if (!connected[w]) {
                    connected[w] = true;
                    stack.add(w);
                }
            }
        }
        boolean[] detached = new boolean[n];
        for (int v = 0; v < n; v++) {
            detached[v] = !connected[v];
        }
        return detached;
    }

    /** Each reported cycle is a path of real edges closing on itself, and names exactly its custom phases. */
    static void assertCyclesAreReal(ScheduleBuildException e, List<int[]> edges, Phase[] byNode) {
        Set<String> edgeNames = new HashSet<>();
        for (int[] edge : edges) {
            edgeNames.add(byNode[edge[0]].name() + "→" + byNode[edge[1]].name());
        }
        assertFalse(e.problems().isEmpty());
        for (BuildProblem p : e.problems()) {
            assertEquals(BuildProblem.Kind.PHASE_CYCLE, p.kind(), p.message());
            String msg = p.message();
            assertTrue(msg.startsWith("the phase graph has "), msg);
            assertFalse(p.cycles().isEmpty(), msg);
            List<String> custom = new ArrayList<>();
            for (BuildCycle cycle : p.cycles()) {
                assertTrue(msg.contains(cycle.toString()), msg);
                List<String> steps = new ArrayList<>(cycle.names());
                steps.add(steps.get(0));
                assertEquals(steps.size() - 1, new HashSet<>(steps).size(), "a simple cycle: " + msg);
                for (int i = 0; i + 1 < steps.size(); i++) {
                    assertTrue(edgeNames.contains(steps.get(i) + "→" + steps.get(i + 1)), steps.get(i) + " → " + steps.get(i + 1));
                    if (!Fixtures.names(Phase.BUILTIN).contains(steps.get(i)) && !custom.contains(steps.get(i))) {
                        custom.add(steps.get(i));
                    }
                }
                // canonical: starts at its least custom phase by name
                List<String> own = cycle.names().stream().filter(x -> !Fixtures.names(Phase.BUILTIN).contains(x)).sorted().toList();
                assertEquals(own.get(0), cycle.names().get(0), msg);
            }
            assertFalse(custom.isEmpty(), msg);
            assertEquals(custom, p.items().stream().map(BuildItem::name).toList());
            assertTrue(e.getMessage().startsWith("schedule 'props': "), e.getMessage());
        }
    }

    @Provide
    Arbitrary<Object[]> phaseGraphsWithCycle() {
        return Combinators.combine(phaseGraphs(), Arbitraries.integers().between(0, 10_000),
                Arbitraries.integers().between(0, 10_000), Arbitraries.integers().between(0, 1000))
                .as((recipe, a, b, key) -> new Object[] {recipe, a, b, key});
    }

    /**
     * Injects a phase Z with dependsOn [A] and before [B], where B reaches A (B may be A): the graph
     * then has a cycle, which must be reported.
     */
    @Property(tries = 1500)
    void SCH_103_an_injected_cycle_is_always_reported(@ForAll("phaseGraphsWithCycle") Object[] input) {
        PhaseRecipe recipe = (PhaseRecipe) input[0];
        int rawA = (Integer) input[1];
        int rawB = (Integer) input[2];
        int zKey = (Integer) input[3];
        Phase[] created = recipe.create();
        List<Phase> all = new ArrayList<>(Phase.BUILTIN);
        all.addAll(Arrays.asList(created));
        Phase a = all.get(rawA % all.size());
        // B: a phase that reaches A through edges (A itself included)
        List<Phase> reachesA = new ArrayList<>();
        for (Phase candidate : all) {
            if (reaches(candidate, a, all)) {
                reachesA.add(candidate);
            }
        }
        Phase b = reachesA.get(rawB % reachesA.size());
        Phase z = Phase.builder("Z").dependsOn(a).before(b).build();
        List<Phase> declared = new ArrayList<>();
        recipe.declarationOrder().forEach(i -> declared.add(created[i]));
        declared.add(zKey % (declared.size() + 1), z);
        ScheduleBuildException e = assertThrows(ScheduleBuildException.class,
                () -> Schedule.builder("props").phases(declared).build());
        Map<Phase, Integer> node = new HashMap<>();
        for (int i = 0; i < 9; i++) {
            node.put(Phase.BUILTIN.get(i), i);
        }
        for (int pos = 0; pos < declared.size(); pos++) {
            node.put(declared.get(pos), 9 + pos);
        }
        Phase[] byNode = new Phase[node.size()];
        node.forEach((p, v) -> byNode[v] = p);
        List<int[]> edges = new ArrayList<>();
        for (int i = 1; i < 9; i++) {
            edges.add(new int[] {i - 1, i});
        }
        for (Phase p : declared) {
            p.dependsOn().forEach(d -> edges.add(new int[] {node.get(d), node.get(p)}));
            p.before().forEach(t -> edges.add(new int[] {node.get(p), node.get(t)}));
        }
        assertNull(new ReferencePhaseOrder(byNode.length, edges).order(), "the reference sees the cycle too");
        assertCyclesAreReal(e, edges, byNode);
        assertNotNull(e.problems().get(0));
    }

    /** Whether {@code from} reaches {@code to} through chain, dependsOn and before edges (or is it). */
    private static boolean reaches(Phase from, Phase to, List<Phase> all) {
        Map<Phase, List<Phase>> succ = new HashMap<>();
        all.forEach(p -> succ.put(p, new ArrayList<>()));
        for (int i = 1; i < 9; i++) {
            succ.get(Phase.BUILTIN.get(i - 1)).add(Phase.BUILTIN.get(i));
        }
        for (Phase p : all) {
            p.dependsOn().forEach(d -> succ.get(d).add(p));
            p.before().forEach(t -> succ.get(p).add(t));
        }
        Set<Phase> seen = new HashSet<>();
        List<Phase> stack = new ArrayList<>(List.of(from));
        while (!stack.isEmpty()) {
            Phase v = stack.remove(stack.size() - 1);
            if (v == to) {
                return true;
            }
            if (seen.add(v)) {
                stack.addAll(succ.get(v));
            }
        }
        return false;
    }
}
