package dev.orrery.checks;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which Orrery package depends on which, and through which classes: built from the class-level
 * dependencies ArchUnit reads, keeping those between two different {@code dev.orrery} packages, each
 * class reduced to its top-level class.
 *
 * @param edges origin package to target package to the class dependencies behind that edge, all sorted
 */
record PackageGraph(SortedMap<String, SortedMap<String, SortedSet<ClassEdge>>> edges) {
    /** Enough to see the shape; a graph with more is hopeless anyway. */
    static final int MAX_CYCLES = 50;

    /** Copies the edges into unmodifiable sorted collections. */
    PackageGraph {
        SortedMap<String, SortedMap<String, SortedSet<ClassEdge>>> copy = new TreeMap<>();
        edges.forEach((from, targets) -> {
            SortedMap<String, SortedSet<ClassEdge>> t = new TreeMap<>();
            targets.forEach((to, classes) -> t.put(to, Collections.unmodifiableSortedSet(new TreeSet<>(classes))));
            copy.put(from, Collections.unmodifiableSortedMap(t));
        });
        edges = Collections.unmodifiableSortedMap(copy);
    }

    /** @return the graph of the code's packages */
    static PackageGraph of(OrreryCode code) {
        SortedMap<String, SortedMap<String, SortedSet<ClassEdge>>> edges = new TreeMap<>();
        for (JavaClass c : code.classes()) {
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                JavaClass origin = OrreryCode.topLevel(d.getOriginClass());
                JavaClass target = OrreryCode.topLevel(d.getTargetClass());
                String from = origin.getPackageName();
                String to = target.getPackageName();
                if (!from.equals(to) && OrreryCode.isOrrery(from) && OrreryCode.isOrrery(to)) {
                    edges.computeIfAbsent(from, k -> new TreeMap<>()).computeIfAbsent(to, k -> new TreeSet<>())
                            .add(new ClassEdge(origin.getName(), target.getName()));
                }
            }
        }
        return new PackageGraph(edges);
    }

    /** @return the packages a package depends on, sorted (empty when none) */
    Set<String> targets(String from) {
        return edges.containsKey(from) ? edges.get(from).keySet() : Set.of();
    }

    /** @return the class dependencies from one package to another (empty when there are none) */
    SortedSet<ClassEdge> between(String from, String to) {
        SortedSet<ClassEdge> found = edges.containsKey(from) ? edges.get(from).get(to) : null;
        return found == null ? Collections.emptySortedSet() : found;
    }

    /**
     * The elementary cycles between packages: each once, as the packages in dependency order starting at
     * its smallest name, the last one depending on the first; at most {@value #MAX_CYCLES}.
     *
     * @return the cycles, sorted by their package lists
     */
    List<List<String>> cycles() {
        List<List<String>> out = new ArrayList<>();
        for (List<String> component : stronglyConnectedComponents()) {
            for (int s = 0; s < component.size() && out.size() < MAX_CYCLES; s++) {
                String start = component.get(s);
                Deque<String> path = new ArrayDeque<>();
                path.addLast(start);
                walk(start, start, component.subList(s, component.size()), path, out);
            }
        }
        out.sort((a, b) -> String.join(" ", a).compareTo(String.join(" ", b)));
        return out;
    }

    /** @return the components of more than one package, each sorted by name (Tarjan's algorithm) */
    List<List<String>> stronglyConnectedComponents() {
        Map<String, Integer> index = new TreeMap<>();
        Map<String, Integer> low = new TreeMap<>();
        Deque<String> stack = new ArrayDeque<>();
        List<List<String>> out = new ArrayList<>();
        for (String node : allPackages()) {
            if (!index.containsKey(node)) {
                connect(node, index, low, stack, out);
            }
        }
        return out;
    }

    private void connect(String node, Map<String, Integer> index, Map<String, Integer> low, Deque<String> stack,
                         List<List<String>> out) {
        index.put(node, index.size());
        low.put(node, index.get(node));
        stack.push(node);
        for (String next : targets(node)) {
            if (!index.containsKey(next)) {
                connect(next, index, low, stack, out);
                low.put(node, Math.min(low.get(node), low.get(next)));
            } else if (stack.contains(next)) {
                low.put(node, Math.min(low.get(node), index.get(next)));
            }
        }
        if (low.get(node).equals(index.get(node))) {
            List<String> component = new ArrayList<>();
            String member;
            do {
                member = stack.pop();
                component.add(member);
            } while (!member.equals(node));
            if (component.size() > 1) {
                component.sort(null);
                out.add(List.copyOf(component));
            }
        }
    }

    private void walk(String start, String at, List<String> allowed, Deque<String> path, List<List<String>> out) {
        for (String next : targets(at)) {
            if (out.size() >= MAX_CYCLES) {
                return;
            }
            if (next.equals(start)) {
                out.add(List.copyOf(path));
            } else if (allowed.contains(next) && !path.contains(next)) {
                path.addLast(next);
                walk(start, next, allowed, path, out);
                path.removeLast();
            }
        }
    }

    private Set<String> allPackages() {
        Set<String> all = new TreeSet<>(edges.keySet());
        for (Map<String, SortedSet<ClassEdge>> targets : edges.values()) {
            all.addAll(targets.keySet());
        }
        return all;
    }
}
