package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.SystemOrderPropertyTest.SystemRecipe;
import dev.orrery.schedule.graph.BuildCycle;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
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
 * Property tests for Orrery's own ordering additions, each against an independent reference written
 * here from the definition (not from the implementation's virtual-node graph):
 * <ul>
 *   <li>{@link ScheduleBuilder#orderThroughEmptySets}: the order equals a stable topological sort per
 *   phase (SCH-012..014) over the expanded edges plus every pair joined by a chain of declarations
 *   whose inner nodes are empty sets (same phase only);</li>
 *   <li>every cycle: on random graphs of systems, the reported cycles are exactly the elementary cycles
 *   found by brute force (every simple path closed on itself, rotated to its least name), in sorted
 *   order, with the right count;</li>
 *   <li>by-name ordering: the same edges declared by name ({@code beforeIfPresent}/{@code afterIfPresent})
 *   give the same order or the same problems as by-object entries, and absent names add nothing.</li>
 * </ul>
 */
@Tag("engine-independent")
class OrderOptionsPropertyTest {
    @Provide
    Arbitrary<SystemRecipe> withEmptySets() {
        Arbitrary<List<Integer>> raw = Arbitraries.integers().between(0, 1_000_000).list().ofMaxSize(14);
        Arbitrary<List<Integer>> many = Arbitraries.integers().between(0, 1_000_000).list().ofMinSize(6).ofMaxSize(24);
        return Combinators.combine(Arbitraries.integers().between(2, 8), Arbitraries.integers().between(3, 5),
                raw, many, raw, many, many, Arbitraries.longs()).as((n, k, phases, members, edges, setEdges, setSets, seed) -> {
                    // one set (chosen by the seed) gets no members; set order only from lower to higher
                    // index, so set order alone has no cycle
                    int empty = (int) Math.floorMod(seed, (long) k);
                    List<Integer> m = new ArrayList<>();
                    for (int i = 0; i + 1 < members.size(); i += 2) {
                        if (members.get(i + 1) % k != empty && members.get(i + 1) % k != (empty + 1) % k) {
                            m.add(members.get(i));
                            m.add(members.get(i + 1));
                        }
                    }
                    List<Integer> ss = new ArrayList<>();
                    for (int i = 0; i + 1 < setSets.size(); i += 2) {
                        int a = setSets.get(i) % k;
                        int b = setSets.get(i + 1) % k;
                        ss.add(Math.min(a, b));
                        ss.add(Math.max(a, b));
                    }
                    return new SystemRecipe(n, k, phases, m, edges, setEdges, ss, seed);
                });
    }

    /** Pairs joined through at least one empty set, same phase only (the option's definition). */
    private static Set<List<Integer>> throughEmptySets(SystemRecipe r) {
        List<Set<Integer>> membersOf = new ArrayList<>();
        for (int s = 0; s < r.k(); s++) {
            membersOf.add(new TreeSet<>());
        }
        r.members().forEach(m -> membersOf.get(m[1]).add(m[0]));
        // declared edges out of each set: to systems (x after S) and to sets (S before T)
        List<List<Integer>> setToSystem = new ArrayList<>();
        List<List<Integer>> setToSet = new ArrayList<>();
        for (int s = 0; s < r.k(); s++) {
            setToSystem.add(new ArrayList<>());
            setToSet.add(new ArrayList<>());
        }
        for (int[] e : r.systemSetEdges()) {
            if (e[2] == 0) {
                setToSystem.get(e[1]).add(e[0]);
            }
        }
        r.setEdges().forEach(e -> setToSet.get(e[0]).add(e[1]));
        Set<List<Integer>> out = new HashSet<>();
        for (int from = 0; from < r.n(); from++) {
            final int u = from;
            // first hops from u: "u before E" or "A before E" for a set A of u, E empty
            Set<Integer> firstEmpty = new TreeSet<>();
            for (int[] e : r.systemSetEdges()) {
                if (e[0] == u && e[2] == 1 && membersOf.get(e[1]).isEmpty()) {
                    firstEmpty.add(e[1]);
                }
            }
            for (int a = 0; a < r.k(); a++) {
                if (membersOf.get(a).contains(u)) {
                    for (int b : setToSet.get(a)) {
                        if (membersOf.get(b).isEmpty()) {
                            firstEmpty.add(b);
                        }
                    }
                }
            }
            // walk through empty sets; collect what they order before
            Set<Integer> seen = new TreeSet<>(firstEmpty);
            List<Integer> todo = new ArrayList<>(firstEmpty);
            while (!todo.isEmpty()) {
                int e = todo.remove(todo.size() - 1);
                for (int v : setToSystem.get(e)) {
                    out.add(List.of(u, v));
                }
                for (int t : setToSet.get(e)) {
                    if (membersOf.get(t).isEmpty()) {
                        if (seen.add(t)) {
                            todo.add(t);
                        }
                    } else {
                        membersOf.get(t).forEach(v -> out.add(List.of(u, v)));
                    }
                }
            }
        }
        out.removeIf(p -> r.phaseOf(p.get(0)) != r.phaseOf(p.get(1)));
        return out;
    }

    /** Stable topological sort per phase over {@code edges} (same-phase ones); null on a cycle. */
    private static List<String> stableOrder(SystemRecipe r, Set<List<Integer>> edges) {
        int[] decl = r.permutations()[0];
        List<String> order = new ArrayList<>();
        for (Phase phase : Phase.BUILTIN) {
            List<Integer> remaining = new ArrayList<>();
            for (int x : decl) {
                if (r.phaseOf(x) == phase) {
                    remaining.add(x);
                }
            }
            while (!remaining.isEmpty()) {
                Integer pick = null;
                for (int x : remaining) {
                    boolean ready = true;
                    for (int y : remaining) {
                        if (edges.contains(List.of(y, x))) {
                            ready = false;
                        }
                    }
                    if (ready) {
                        pick = x;
                        break;
                    }
                }
                if (pick == null) {
                    return null;
                }
                remaining.remove(pick);
                order.add("s" + pick);
            }
        }
        return order;
    }

    @StatisticsReport(onFailureOnly = true) // the outcome counts, printed only when the property fails
    @Property(tries = 1500)
    void order_through_empty_sets_matches_the_reference(@ForAll("withEmptySets") SystemRecipe recipe) {
        Set<List<Integer>> direct = recipe.expandedEdges();
        boolean against = false;
        for (List<Integer> e : direct) {
            if (Phase.BUILTIN.indexOf(recipe.phaseOf(e.get(0))) > Phase.BUILTIN.indexOf(recipe.phaseOf(e.get(1)))) {
                against = true;
            }
        }
        Set<List<Integer>> derived = throughEmptySets(recipe);
        Set<List<Integer>> all = new HashSet<>(direct);
        all.addAll(derived);
        List<String> expected = stableOrder(recipe, all);
        List<String> withoutOption = stableOrder(recipe, direct);
        int[][] perms = recipe.permutations();
        ScheduleBuilder builder = recipe.builder(perms[2], perms[3]).orderThroughEmptySets(true);
        String outcome = against ? "against" : expected == null ? "cycle"
                : expected.equals(withoutOption) ? "same order" : "order differs from SCH-134";
        Statistics.label("outcome").collect(outcome);
        Statistics.label("outcome").coverage(c -> c.check("order differs from SCH-134").percentage(p -> p > 0.5));
        if (against || expected == null) {
            assertThrows(ScheduleBuildException.class, builder::build);
            return;
        }
        Schedule schedule = builder.build();
        assertEquals(expected, Fixtures.names(schedule.systems()));
        // without the option, SCH-134 to the letter
        if (withoutOption != null) {
            assertEquals(withoutOption, Fixtures.names(recipe.builder(perms[2], perms[3]).build().systems()));
        }
    }

    // ---- every cycle, against brute force ----

    @Provide
    Arbitrary<SystemRecipe> systemsOnly() {
        Arbitrary<List<Integer>> raw = Arbitraries.integers().between(0, 1_000_000).list().ofMaxSize(40);
        return Combinators.combine(Arbitraries.integers().between(1, 6), raw, Arbitraries.longs())
                .as((n, edges, seed) -> new SystemRecipe(n, 0, List.of(), List.of(), edges, List.of(), List.of(), seed));
    }

    /** Every elementary cycle, each rotated to start at its least name, sorted by name lists. */
    private static List<List<String>> bruteForceCycles(int n, Set<List<Integer>> edges) {
        Set<List<String>> cycles = new HashSet<>();
        for (int s = 0; s < n; s++) {
            List<Integer> path = new ArrayList<>(List.of(s));
            extend(path, edges, n, cycles);
        }
        List<List<String>> sorted = new ArrayList<>(cycles);
        sorted.sort((a, b) -> {
            for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
                int c = a.get(i).compareTo(b.get(i));
                if (c != 0) {
                    return c;
                }
            }
            return Integer.compare(a.size(), b.size());
        });
        return sorted;
    }

    private static void extend(List<Integer> path, Set<List<Integer>> edges, int n, Set<List<String>> out) {
        int last = path.get(path.size() - 1);
        if (edges.contains(List.of(last, path.get(0)))) {
            List<String> names = path.stream().map(x -> "s" + x).toList();
            int min = 0;
            for (int i = 1; i < names.size(); i++) {
                if (names.get(i).compareTo(names.get(min)) < 0) {
                    min = i;
                }
            }
            List<String> rotated = new ArrayList<>(names.subList(min, names.size()));
            rotated.addAll(names.subList(0, min));
            out.add(rotated);
        }
        for (int v = 0; v < n; v++) {
            if (!path.contains(v) && edges.contains(List.of(last, v))) {
                path.add(v);
                extend(path, edges, n, out);
                path.remove(path.size() - 1);
            }
        }
    }

    @StatisticsReport(onFailureOnly = true) // the outcome counts, printed only when the property fails
    @Property(tries = 1500)
    void every_elementary_cycle_is_reported_as_brute_force_finds_them(@ForAll("systemsOnly") SystemRecipe recipe) {
        Set<List<Integer>> edges = recipe.expandedEdges();
        List<List<String>> expected = bruteForceCycles(recipe.n(), edges);
        Statistics.label("cycles").collect(expected.isEmpty() ? "none" : expected.size() <= 10 ? "1..10" : "more than 10");
        Statistics.label("cycles").coverage(c -> {
            c.check("1..10").percentage(p -> p > 10);
            c.check("more than 10").percentage(p -> p > 0.5);
        });
        int[][] perms = recipe.permutations();
        ScheduleBuilder builder = recipe.builder(perms[2], perms[3]);
        if (expected.isEmpty()) {
            builder.build();
            return;
        }
        ScheduleBuildException e = assertThrows(ScheduleBuildException.class, builder::build);
        List<List<String>> shown = new ArrayList<>();
        int total = 0;
        for (BuildProblem p : e.problems()) {
            assertEquals(BuildProblem.Kind.SYSTEM_CYCLE, p.kind(), p.message());
            p.cycles().forEach(c -> shown.add(c.names()));
            total += p.cycles().size() + p.moreCycles();
            // within a group, canonical (sorted) order
            List<List<String>> group = p.cycles().stream().map(BuildCycle::names).toList();
            List<List<String>> sortedGroup = new ArrayList<>(group);
            sortedGroup.sort((a, b) -> expected.indexOf(a) - expected.indexOf(b));
            assertEquals(sortedGroup, group);
        }
        assertEquals(expected.size(), total, e.getMessage());
        assertTrue(expected.containsAll(shown), e.getMessage());
        if (expected.size() <= BuildProblem.SHOWN_CYCLES) {
            assertEquals(new HashSet<>(expected), new HashSet<>(shown));
        }
        // independent of the declaration side and order
        ScheduleBuildException other = assertThrows(ScheduleBuildException.class, recipe.builder(perms[4], perms[5])::build);
        assertEquals(e.problems().stream().flatMap(p -> p.cycles().stream()).map(BuildCycle::path).toList(),
                other.problems().stream().flatMap(p -> p.cycles().stream()).map(BuildCycle::path).toList());
    }

    // ---- by-name ordering: present names act like by-object entries, absent names like nothing ----

    @Property(tries = 1000)
    void by_name_entries_order_as_by_object_entries_and_absent_names_add_nothing(
            @ForAll("systemsOnly") SystemRecipe recipe) {
        int[][] perms = recipe.permutations();
        ScheduleBuilder byObject = recipe.builder(perms[2], perms[3]);
        // the same edges by name, each declared on its source (before) or target (after) by the parity of
        // the pair's position, plus a name that is absent on every system
        List<int[]> edges = recipe.systemEdges();
        List<EcsSystem> systems = new ArrayList<>();
        for (int x : perms[0]) {
            EcsSystem.Builder b = EcsSystem.builder("s" + x).phase(recipe.phaseOf(x)).run(Fixtures.NOOP)
                    .afterIfPresent("absent-" + x);
            for (int e = 0; e < edges.size(); e++) {
                int[] edge = edges.get(e);
                if (e % 2 == 0 && edge[0] == x) {
                    b.beforeIfPresent("s" + edge[1]);
                } else if (e % 2 == 1 && edge[1] == x) {
                    b.afterIfPresent("s" + edge[0]);
                }
            }
            systems.add(b.build());
        }
        ScheduleBuilder byName = Schedule.builder("props").systems(systems);
        Schedule expected;
        try {
            expected = byObject.build();
        } catch (ScheduleBuildException e) {
            ScheduleBuildException named = assertThrows(ScheduleBuildException.class, byName::build);
            assertEquals(e.problems().stream().map(BuildProblem::kind).distinct().sorted().toList(),
                    named.problems().stream().map(BuildProblem::kind).distinct().sorted().toList());
            assertEquals(e.problems().stream().flatMap(p -> p.cycles().stream()).map(BuildCycle::path).toList(),
                    named.problems().stream().flatMap(p -> p.cycles().stream()).map(BuildCycle::path).toList());
            return;
        }
        assertEquals(Fixtures.names(expected.systems()), Fixtures.names(byName.build().systems()));
    }
}
