package dev.orrery.checks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The package structure of Orrery's main code, read from the class files of every Orrery module (see
 * {@link OrreryCode} for which packages are API): an API package never depends on an implementation
 * package, and no packages depend on each other in a circle. Each failure prints one line per class
 * dependency or per cycle, naming the classes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ArchitectureTest {
    /** Class dependencies listed per edge of a cycle that is not the one to cut. */
    private static final int SHOWN = 3;

    private final OrreryCode code = OrreryCode.load();
    private final PackageGraph graph = PackageGraph.of(code);

    @Test
    @DisplayName("no API package (exported with @Export) depends on an implementation package")
    void apiUsesNoImplementation() {
        List<String> problems = new ArrayList<>();
        for (String api : code.apiPackages()) {
            for (String target : graph.targets(api)) {
                if (code.isImplementation(target)) {
                    for (ClassEdge e : graph.between(api, target)) {
                        problems.add(e.origin() + " uses " + e.target());
                    }
                }
            }
        }
        Problems.assertNone("API packages " + code.apiPackages() + " must not depend on implementation packages",
                problems);
    }

    @Test
    @DisplayName("no cycle between Orrery packages")
    void noPackageCycles() {
        List<String> problems = new ArrayList<>();
        for (List<String> cycle : graph.cycles()) {
            problems.add(describe(cycle));
        }
        if (problems.size() == PackageGraph.MAX_CYCLES) {
            problems.add("(stopped at " + PackageGraph.MAX_CYCLES + " cycles)");
        }
        Problems.assertNone("packages that depend on each other in a circle (cut the edge named first)", problems);
    }

    @Test
    @DisplayName("every module with main code is on this module's class path, so the rules above see it")
    void everyModuleIsChecked() {
        Path root = Repository.root();
        List<String> problems = new ArrayList<>();
        for (String module : ReactorModules.of(root)) {
            Set<String> packages = sourcePackages(root.resolve(module).resolve("src/main/java"));
            if (!packages.isEmpty() && packages.stream().noneMatch(code.packages()::contains)) {
                problems.add("module " + module + " (packages " + packages + ") is not a dependency of"
                        + " reactor-checks: add it to reactor-checks/pom.xml");
            }
        }
        Problems.assertNone("modules whose main code the architecture rules do not see", problems);
    }

    /**
     * @return one line: the cycle, then the edge with the fewest class dependencies (the one to cut) with
     *     all of them, then the others with a few each
     */
    private String describe(List<String> cycle) {
        int cut = 0;
        for (int i = 1; i < cycle.size(); i++) {
            if (edgeAt(cycle, i).size() < edgeAt(cycle, cut).size()) {
                cut = i;
            }
        }
        StringBuilder line = new StringBuilder(String.join(" -> ", cycle)).append(" -> ").append(cycle.get(0));
        line.append(": cut ").append(edgeName(cycle, cut)).append(" ").append(classes(edgeAt(cycle, cut), Integer.MAX_VALUE));
        for (int i = 0; i < cycle.size(); i++) {
            if (i != cut) {
                line.append("; then ").append(edgeName(cycle, i)).append(" ").append(classes(edgeAt(cycle, i), SHOWN));
            }
        }
        return line.toString();
    }

    private SortedSet<ClassEdge> edgeAt(List<String> cycle, int i) {
        return graph.between(cycle.get(i), cycle.get((i + 1) % cycle.size()));
    }

    private static String edgeName(List<String> cycle, int i) {
        return cycle.get(i) + " -> " + cycle.get((i + 1) % cycle.size());
    }

    private static String classes(SortedSet<ClassEdge> edges, int shown) {
        List<String> names = new ArrayList<>();
        for (ClassEdge e : edges) {
            if (names.size() == shown) {
                names.add("and " + (edges.size() - shown) + " more");
                break;
            }
            names.add(e.simple());
        }
        return "(" + String.join(", ", names) + ")";
    }

    /** @return the packages of the directories under a source root that hold a .java file */
    private static Set<String> sourcePackages(Path sourceRoot) {
        Set<String> out = new TreeSet<>();
        if (!Files.isDirectory(sourceRoot)) {
            return out;
        }
        try (Stream<Path> walk = Files.walk(sourceRoot)) {
            walk.filter(p -> p.toString().endsWith(".java") && !p.getFileName().toString().equals("module-info.java"))
                    .forEach(p -> out.add(sourceRoot.relativize(p.getParent()).toString().replace('/', '.')));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + sourceRoot, e);
        }
        return out;
    }
}
