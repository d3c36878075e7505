package dev.orrery.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.Schedule;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The scheduler bundle's package structure, read from the constant pools of its compiled classes
 * (JVMS 4.4: class names, descriptors and signatures; string constants are left out, so the code
 * generator's class names in strings do not count): no API package refers to an implementation
 * ({@code internal}) package, the packages form no cycle, and exactly the API packages are exported.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag("engine-independent")
class PackageStructureTest {
    /** The exported packages: what plugins and hosts compile against. */
    private static final Set<String> API = Set.of("dev.orrery.world", "dev.orrery.world.unload", "dev.orrery.world.snapshot",
            "dev.orrery.schedule", "dev.orrery.schedule.condition", "dev.orrery.schedule.graph");
    private static final Pattern CLASS_NAME = Pattern.compile("dev/orrery/[A-Za-z0-9_/$]+");
    private static final String EXPORT = "Lorg/osgi/annotation/bundle/Export;";

    /** Package to the packages it refers to, each with one class-level example: {@code A -> B}. */
    private final Map<String, Map<String, String>> dependencies = new TreeMap<>();
    private final Set<String> exported = new TreeSet<>();
    private final Set<String> packages = new TreeSet<>();

    @BeforeAll
    void scan() throws IOException, URISyntaxException {
        Path classes = Path.of(Schedule.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertTrue(Files.isDirectory(classes), "the scheduler's classes are a directory: " + classes);
        List<Path> files;
        try (Stream<Path> s = Files.walk(classes.resolve("dev/orrery"))) {
            files = s.filter(p -> p.toString().endsWith(".class")).sorted().toList();
        }
        for (Path f : files) {
            String className = classes.relativize(f).toString().replace('\\', '/').replaceAll("\\.class$", "");
            String pkg = packageOf(className);
            packages.add(pkg);
            List<String> names = referencedNames(f);
            if (className.endsWith("/package-info") && names.contains(EXPORT)) {
                exported.add(pkg);
            }
            for (String name : names) {
                Matcher m = CLASS_NAME.matcher(name);
                while (m.find()) {
                    String other = packageOf(m.group());
                    if (!other.equals(pkg)) {
                        dependencies.computeIfAbsent(pkg, k -> new TreeMap<>())
                                .putIfAbsent(other, className + " -> " + m.group());
                    }
                }
            }
        }
    }

    private static String packageOf(String internalName) {
        return internalName.substring(0, internalName.lastIndexOf('/')).replace('/', '.');
    }

    @Test
    void noApiPackageRefersToAnImplementationPackage() {
        List<String> found = new ArrayList<>();
        dependencies.forEach((pkg, deps) -> {
            if (API.contains(pkg)) {
                deps.forEach((other, example) -> {
                    if (other.contains(".internal")) {
                        found.add(pkg + " -> " + other + " (" + example + ")");
                    }
                });
            }
        });
        assertEquals(List.of(), found, "API packages referring to implementation packages");
    }

    @Test
    void thePackagesFormNoCycle() {
        assertEquals(List.of(), cycles(), "package cycles, with one reference per step");
    }

    @Test
    void exactlyTheApiPackagesAreExported() {
        assertEquals(new TreeSet<>(API), exported);
        Set<String> other = new TreeSet<>(packages);
        other.removeAll(API);
        other.forEach(p -> assertTrue(p.startsWith("dev.orrery.schedule.internal"), p + " is neither API nor internal"));
    }

    @Test
    void theScanSeesReferencesBetweenPackages() {
        // Else it would prove nothing: the run engine reads the build's plan, the API uses the graph values.
        assertTrue(dependencies.get("dev.orrery.schedule.internal.run").containsKey("dev.orrery.schedule.internal.plan"));
        assertTrue(dependencies.get("dev.orrery.schedule").containsKey("dev.orrery.schedule.graph"));
        assertTrue(packages.containsAll(API));
        assertTrue(dependencies.get("dev.orrery.schedule.internal.run").containsKey("dev.orrery.schedule"),
                "the run engine's classes refer to the API");
    }

    /** @return every strongly connected group of two or more packages, as its steps */
    private List<String> cycles() {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new HashSet<>();
        List<String> out = new ArrayList<>();
        int[] next = {0};
        for (String p : packages) {
            if (!index.containsKey(p)) {
                connect(p, index, low, stack, onStack, next, out);
            }
        }
        return out;
    }

    private void connect(String p, Map<String, Integer> index, Map<String, Integer> low, Deque<String> stack,
                                Set<String> onStack, int[] next, List<String> out) {
        index.put(p, next[0]);
        low.put(p, next[0]++);
        stack.push(p);
        onStack.add(p);
        for (String q : dependencies.getOrDefault(p, Map.of()).keySet()) {
            if (!packages.contains(q)) {
                continue;
            }
            if (!index.containsKey(q)) {
                connect(q, index, low, stack, onStack, next, out);
                low.put(p, Math.min(low.get(p), low.get(q)));
            } else if (onStack.contains(q)) {
                low.put(p, Math.min(low.get(p), index.get(q)));
            }
        }
        if (low.get(p).equals(index.get(p))) {
            Set<String> group = new TreeSet<>();
            String q;
            do {
                q = stack.pop();
                onStack.remove(q);
                group.add(q);
            } while (!q.equals(p));
            if (group.size() > 1) {
                StringBuilder sb = new StringBuilder(group.toString()).append(':');
                for (String a : group) {
                    dependencies.getOrDefault(a, Map.of()).forEach((b, example) -> {
                        if (group.contains(b)) {
                            sb.append(' ').append(example).append(';');
                        }
                    });
                }
                out.add(sb.toString());
            }
        }
    }

    /**
     * @return the CONSTANT_Utf8 entries of a class file that name classes or types: all of them but
     *     those that only string constants refer to
     */
    private static List<String> referencedNames(Path classFile) throws IOException {
        try (InputStream raw = Files.newInputStream(classFile); DataInputStream in = new DataInputStream(raw)) {
            if (in.readInt() != 0xCAFEBABE) {
                throw new IOException("not a class file: " + classFile);
            }
            in.readUnsignedShort(); // minor
            in.readUnsignedShort(); // major
            int count = in.readUnsignedShort();
            String[] utf8 = new String[count];
            Set<Integer> strings = new HashSet<>();
            Set<Integer> names = new HashSet<>();
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> utf8[i] = in.readUTF();
                    case 8 -> strings.add(in.readUnsignedShort());
                    case 7, 16, 19, 20 -> names.add(in.readUnsignedShort());
                    case 12 -> {
                        in.readUnsignedShort();
                        names.add(in.readUnsignedShort());
                    }
                    case 15 -> in.skipBytes(3);
                    case 3, 4, 9, 10, 11, 17, 18 -> in.skipBytes(4);
                    case 5, 6 -> {
                        in.skipBytes(8);
                        i++; // 8-byte constants take two entries
                    }
                    default -> throw new IOException("unknown constant tag " + tag + " in " + classFile);
                }
            }
            List<String> out = new ArrayList<>();
            for (int i = 1; i < count; i++) {
                if (utf8[i] != null && (names.contains(i) || !strings.contains(i))) {
                    out.add(utf8[i]);
                }
            }
            return out;
        }
    }
}
