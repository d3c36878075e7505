import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes (or checks) docs/requirements.md: every requirement id of the ECS schedule spec with our
 * one-line summary (docs/tools/requirement-summaries.tsv) and the test methods that cite it.
 *
 * <p>A test method cites an id in its name ({@code SCH_030_...}, {@code SCH_012_to_017_...}) or in its
 * {@code @DisplayName}/{@code @Label} text ({@code SCH-030}, {@code SCH-012..018},
 * {@code SCH 012 to 017}). Test methods are those annotated {@code @Test}, {@code @Property},
 * {@code @ParameterizedTest}, {@code @RepeatedTest}, {@code @TestFactory} or {@code @Example}, in
 * {@code <module>/src/test/java}. Class Javadoc and comments do not count: they are too loose.
 *
 * <p>{@code mvn verify} runs the check ({@code reactor-checks}' {@code RequirementsIndexTest}, with
 * {@code --spec} when the spec is found above the repository). Run from the repository root with
 * Java 17 (no build needed):
 * <pre>
 *   java docs/tools/RequirementsIndex.java            # rewrite docs/requirements.md
 *   java docs/tools/RequirementsIndex.java --check    # exit 1 if it is stale or a [test] id has no test
 *   java docs/tools/RequirementsIndex.java --check --spec ../shared/spec/ecs-schedule.md
 *                                                     # also: the summaries list exactly the spec's ids
 * </pre>
 */
public final class RequirementsIndex {
    private static final Pattern ID = Pattern.compile(
            "SCH[-_ ](\\d{3})(?:(?:_to_|\\.\\.| to )(?:SCH[-_ ])?(\\d{3}))?");
    private static final Pattern TEST_ANNOTATION = Pattern.compile(
            "^\\s*@(Test|Property|ParameterizedTest|RepeatedTest|TestFactory|Example)\\b");
    private static final Pattern LABEL = Pattern.compile(
            "@(?:DisplayName|Label)\\(\\s*((?:\"(?:[^\"\\\\]|\\\\.)*\"\\s*\\+?\\s*)+)\\)", Pattern.DOTALL);
    private static final Pattern METHOD = Pattern.compile(
            "^\\s*(?:(?:public|protected|private|static|final|synchronized)\\s+)*[\\w<>\\[\\], ?]+\\s+(\\w+)\\s*\\(");
    private static final Pattern SPEC_ID = Pattern.compile("^(SCH-\\d{3}) \\[(test|manual)\\]");

    private RequirementsIndex() {
    }

    /** A test method: module, class (file) name and method name. */
    record TestRef(String module, String className, String method) {
        @Override
        public String toString() {
            return "`" + className + "#" + method + "` (" + module + ")";
        }
    }

    public static void main(String[] args) throws IOException {
        boolean check = List.of(args).contains("--check");
        int specAt = List.of(args).indexOf("--spec");
        Path root = Path.of("").toAbsolutePath();
        Map<String, String> summaries = summaries(root.resolve("docs/tools/requirement-summaries.tsv"));
        List<String> problems = new ArrayList<>();
        if (specAt >= 0) {
            if (specAt + 1 >= args.length || !Files.isRegularFile(Path.of(args[specAt + 1]))) {
                System.err.println("requirements index: --spec needs the path of the spec file, got "
                        + (specAt + 1 < args.length ? "'" + args[specAt + 1] + "', which is not a file" : "nothing"));
                System.exit(2);
            }
            Set<String> spec = specIds(Path.of(args[specAt + 1]));
            if (!spec.equals(summaries.keySet())) {
                Set<String> missing = new LinkedHashSet<>(spec);
                missing.removeAll(summaries.keySet());
                Set<String> extra = new LinkedHashSet<>(summaries.keySet());
                extra.removeAll(spec);
                problems.add("requirement-summaries.tsv: missing ids " + missing + ", ids not in the spec " + extra);
            }
        }
        Map<String, List<TestRef>> tests = citations(root);
        for (String cited : tests.keySet()) {
            if (!summaries.containsKey(cited)) {
                problems.add("tests cite " + cited + ", which is not a requirement id: " + tests.get(cited));
            }
        }
        String text = render(summaries, tests, problems);
        Path out = root.resolve("docs/requirements.md");
        if (check) {
            String current = Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : "";
            if (!current.equals(text)) {
                problems.add("docs/requirements.md is stale (" + firstDifference(current, text)
                        + "): run java docs/tools/RequirementsIndex.java");
            }
        } else {
            Files.writeString(out, text, StandardCharsets.UTF_8);
        }
        for (String p : problems) {
            System.err.println("requirements index: " + p);
        }
        if (check && !problems.isEmpty()) {
            System.exit(1);
        }
    }

    /**
     * @return where the page on disk and the generated one first differ: the line, and each side's text
     *     around the first character that differs
     */
    static String firstDifference(String current, String generated) {
        List<String> a = current.lines().toList();
        List<String> b = generated.lines().toList();
        int line = 0;
        while (line < a.size() && line < b.size() && a.get(line).equals(b.get(line))) {
            line++;
        }
        String was = line < a.size() ? a.get(line) : "";
        String now = line < b.size() ? b.get(line) : "";
        int column = 0;
        while (column < was.length() && column < now.length() && was.charAt(column) == now.charAt(column)) {
            column++;
        }
        return "line " + (line + 1) + ": the page has " + around(was, column, line < a.size())
                + ", the tests give " + around(now, column, line < b.size());
    }

    /** @return the text of a line from a little before the column to a little after, quoted */
    private static String around(String line, int column, boolean present) {
        if (!present) {
            return "no such line";
        }
        int from = Math.max(0, column - 40);
        int to = Math.min(line.length(), column + 80);
        return "'" + (from > 0 ? "..." : "") + line.substring(from, to) + (to < line.length() ? "..." : "") + "'";
    }

    private static Map<String, String> summaries(Path tsv) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(tsv, StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int tab = line.indexOf('\t');
            if (tab < 0) {
                throw new IllegalArgumentException(tsv + ": no tab in line: " + line);
            }
            out.put(line.substring(0, tab), line.substring(tab + 1));
        }
        return out;
    }

    private static Set<String> specIds(Path spec) throws IOException {
        Set<String> ids = new LinkedHashSet<>();
        for (String line : Files.readAllLines(spec, StandardCharsets.UTF_8)) {
            Matcher m = SPEC_ID.matcher(line);
            if (m.find()) {
                ids.add(m.group(1));
            }
        }
        return ids;
    }

    /**
     * @return id to the test methods that cite it, ids sorted, tests by module, then class (file) name,
     *     then line, so that moving a test class to another package does not change the page
     */
    static Map<String, List<TestRef>> citations(Path root) throws IOException {
        Map<String, List<TestRef>> out = new TreeMap<>();
        for (Path file : testSources(root)) {
            String module = root.relativize(file).getName(0).toString();
            String className = file.getFileName().toString().replace(".java", "");
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            StringBuilder pending = new StringBuilder();
            boolean isTest = false;
            for (String line : lines) {
                if (TEST_ANNOTATION.matcher(line).find()) {
                    isTest = true;
                }
                Matcher method = METHOD.matcher(line);
                if (isTest && !line.trim().startsWith("@") && method.find()) {
                    Set<String> ids = new LinkedHashSet<>(ids(method.group(1)));
                    Matcher label = LABEL.matcher(pending);
                    while (label.find()) {
                        ids.addAll(ids(label.group(1)));
                    }
                    TestRef ref = new TestRef(module, className, method.group(1));
                    for (String id : ids) {
                        out.computeIfAbsent(id, k -> new ArrayList<>()).add(ref);
                    }
                    pending.setLength(0);
                    isTest = false;
                } else if (line.trim().startsWith("@") || isTest) {
                    pending.append(line).append('\n');
                } else {
                    pending.setLength(0);
                }
            }
        }
        return out;
    }

    /**
     * @return the Java files under {@code <module>/src/test/java} of every directory at the root that has
     *     one (modules are found by that directory, not from a list), sorted by module, file name, path
     */
    static List<Path> testSources(Path root) throws IOException {
        List<Path> testRoots;
        try (Stream<Path> children = Files.list(root)) {
            testRoots = children.map(dir -> dir.resolve("src/test/java")).filter(Files::isDirectory).toList();
        }
        List<Path> files = new ArrayList<>();
        for (Path testRoot : testRoots) {
            try (Stream<Path> walk = Files.walk(testRoot)) {
                walk.filter(p -> p.toString().endsWith(".java")).forEach(files::add);
            }
        }
        files.sort(Comparator.<Path, String>comparing(p -> root.relativize(p).getName(0).toString())
                .thenComparing(p -> p.getFileName().toString())
                .thenComparing(Comparator.naturalOrder()));
        return files;
    }

    /** @return the ids a name or label cites, ranges expanded */
    static List<String> ids(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = ID.matcher(text);
        while (m.find()) {
            int from = Integer.parseInt(m.group(1));
            int to = m.group(2) == null ? from : Integer.parseInt(m.group(2));
            for (int i = from; i <= to; i++) {
                out.add(String.format("SCH-%03d", i));
            }
        }
        return out;
    }

    private static String render(Map<String, String> summaries, Map<String, List<TestRef>> tests, List<String> problems) {
        StringBuilder out = new StringBuilder();
        out.append("# Requirements index: the ECS schedule spec and its tests\n\n");
        out.append("Generated by `java docs/tools/RequirementsIndex.java` from the summaries in\n");
        out.append("`docs/tools/requirement-summaries.tsv` and the test sources; do not edit by hand.\n");
        out.append("`java docs/tools/RequirementsIndex.java --check` fails when this page is stale or a\n");
        out.append("`[test]` requirement has no test; `mvn verify` runs it (`reactor-checks`, `RequirementsIndexTest`).\n\n");
        out.append("The normative text is the spec `ecs-schedule.md` (kept with the team's shared documents, not in\n");
        out.append("this repository); the ids (SCH-xxx) cited in Javadoc and tests are its requirement ids. How the\n");
        out.append("spec maps to Java and where Orrery goes further: [architecture.md](architecture.md).\n\n");
        out.append("A test cites an id in its method name (`SCH_030_...`) or its `@DisplayName`/`@Label`; the\n");
        out.append("tests column lists up to four of them and how many more there are. `[manual]` requirements\n");
        out.append("are checked by reading or by a benchmark, not by a test.\n\n");
        out.append("| id | requirement (our words) | tests |\n");
        out.append("|---|---|---|\n");
        int withTests = 0;
        for (Map.Entry<String, String> e : summaries.entrySet()) {
            List<TestRef> refs = tests.getOrDefault(e.getKey(), List.of());
            boolean manual = e.getValue().startsWith("[manual]");
            if (!refs.isEmpty()) {
                withTests++;
            } else if (!manual) {
                problems.add(e.getKey() + " is a [test] requirement without a test that cites it");
            }
            StringBuilder cell = new StringBuilder();
            for (int i = 0; i < Math.min(4, refs.size()); i++) {
                cell.append(i == 0 ? "" : "<br>").append(refs.get(i));
            }
            if (refs.size() > 4) {
                cell.append("<br>and ").append(refs.size() - 4).append(" more");
            }
            if (refs.isEmpty()) {
                cell.append(manual ? "manual: see the requirement" : "**none**");
            }
            out.append("| ").append(e.getKey()).append(" | ").append(e.getValue().replace("|", "\\|"))
                    .append(" | ").append(cell).append(" |\n");
        }
        out.append("\n").append(withTests).append(" of ").append(summaries.size())
                .append(" requirements are cited by at least one test.\n");
        return out.toString();
    }
}
