package dev.orrery.host.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The host's package structure, read from the compiled classes ({@link ClassFiles}: every class,
 * field and method descriptor a class file names): the exported packages (the API
 * {@code dev.orrery.host} and the front-end SPI {@code dev.orrery.host.core}, those whose
 * {@code package-info} carries {@code @Export}) reference no package that is not exported, and the
 * host's packages form no cycle. Beyond the spec (Orrery's own).
 */
class PackageStructureTest {
    /** A host class named in internal form; group 1 is its package. */
    private static final Pattern HOST_CLASS = Pattern.compile("(dev/orrery/host(?:/[a-z][a-z0-9_]*)*)/[A-Z]");
    private static final String EXPORT = "Lorg/osgi/annotation/bundle/Export;";

    @Test
    void exportedPackagesReferenceNoInternalPackage() throws IOException, URISyntaxException {
        Map<String, Set<String>> graph = references();
        Set<String> exported = exported();
        assertEquals(Set.of("dev.orrery.host", "dev.orrery.host.core"), exported, "the host's exported packages");
        List<String> found = new ArrayList<>();
        for (String api : exported) {
            for (String target : graph.getOrDefault(api, Set.of())) {
                if (!exported.contains(target)) {
                    found.add(api + " -> " + target);
                }
            }
        }
        assertEquals(List.of(), found, "an API or SPI package references an implementation package");
    }

    @Test
    void theHostsPackagesFormNoCycle() throws IOException, URISyntaxException {
        Map<String, Set<String>> graph = references();
        assertEquals(List.of(), cycles(graph), "package cycles (each line a set of packages that reach each other): " + graph);
    }

    @Test
    void theScanSeesTheReferencesBetweenPackages() throws IOException, URISyntaxException {
        Map<String, Set<String>> graph = references();
        // Known edges, so that the checks above prove something: the engine implements the SPI, the
        // frame side takes the rebuild's swaps, and the SPI extends the API.
        assertTrue(graph.get("dev.orrery.host.internal").contains("dev.orrery.host.core"), graph::toString);
        assertTrue(graph.get("dev.orrery.host.internal.frame").contains("dev.orrery.host.internal.rebuild"), graph::toString);
        assertTrue(graph.get("dev.orrery.host.core").contains("dev.orrery.host"), graph::toString);
        assertEquals(List.of(Set.of("a", "b", "c")), cycles(Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a", "d"))),
                "the cycle finder finds a cycle of three");
        assertEquals(List.of(), cycles(Map.of("a", Set.of("b"), "b", Set.of("c"))), "and none in a chain");
    }

    /** @return each host package → the other host packages its classes name */
    private static Map<String, Set<String>> references() throws IOException, URISyntaxException {
        Map<String, Set<String>> graph = new TreeMap<>();
        Path root = ClassFiles.root();
        for (Path f : ClassFiles.all()) {
            String pkg = packageOf(root.relativize(f));
            Set<String> targets = graph.computeIfAbsent(pkg, k -> new TreeSet<>());
            for (String constant : ClassFiles.utf8Constants(f)) {
                Matcher m = HOST_CLASS.matcher(constant);
                while (m.find()) {
                    String target = m.group(1).replace('/', '.');
                    if (!target.equals(pkg)) {
                        targets.add(target);
                    }
                }
            }
        }
        return graph;
    }

    /** @return the packages whose {@code package-info} is annotated {@code @Export} */
    private static Set<String> exported() throws IOException, URISyntaxException {
        Set<String> out = new TreeSet<>();
        Path root = ClassFiles.root();
        for (Path f : ClassFiles.all()) {
            if (f.getFileName().toString().equals("package-info.class") && ClassFiles.utf8Constants(f).contains(EXPORT)) {
                out.add(packageOf(root.relativize(f)));
            }
        }
        return out;
    }

    private static String packageOf(Path relativeClassFile) {
        return relativeClassFile.getParent().toString().replace('/', '.').replace('\\', '.');
    }

    /**
     * Tarjan's strongly connected components.
     *
     * @return the components of more than one package (each a cycle), sorted
     */
    static List<Set<String>> cycles(Map<String, Set<String>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<Set<String>> out = new ArrayList<>();
        int[] counter = {0};
        for (String v : new TreeSet<>(graph.keySet())) {
            if (!index.containsKey(v)) {
                connect(v, graph, index, low, stack, onStack, out, counter);
            }
        }
        out.sort((a, b) -> a.toString().compareTo(b.toString()));
        return out;
    }

    private static void connect(String v, Map<String, Set<String>> graph, Map<String, Integer> index,
                                Map<String, Integer> low, Deque<String> stack, Set<String> onStack,
                                List<Set<String>> out, int[] counter) {
        index.put(v, counter[0]);
        low.put(v, counter[0]);
        counter[0]++;
        stack.push(v);
        onStack.add(v);
        for (String w : graph.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                connect(w, graph, index, low, stack, onStack, out, counter);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> component = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                out.add(component);
            }
        }
    }
}
