package dev.orrery.demo.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Every console block of README.md and docs/plugin-guide.md is an example a test checks: it carries a
 * {@code <!-- checked: NAME -->} marker, and each name is one of {@link #CHECKED_BY} (the test that runs
 * it). A new block without a marker, or a marker no test knows, fails here. Examples that need no
 * process (file listings, commands no test may run, such as {@code mvn install}) are checked here, and
 * so are marked code blocks: each is an excerpt of a source that a build compiles ({@link #CODE_FROM}).
 */
class DocBlocksTest {
    /** Each checked example and the test that runs it and compares it with the real output. */
    static final Map<String, String> CHECKED_BY = new TreeMap<>(Map.ofEntries(
            Map.entry("quick-start", "QuickStartIT.theQuickStartCommands"),
            Map.entry("first-build", "DocBlocksTest.theFirstBuildLinesAreTheScripts"),
            Map.entry("distribution", "ReadmeIT.runningTheHost"),
            Map.entry("host-start-command", "ReadmeIT.runningTheHost"),
            Map.entry("host-start", "ReadmeIT.runningTheHost"),
            Map.entry("host-plugin-command", "ReadmeIT.runningTheHost"),
            Map.entry("host-plugin", "ReadmeIT.runningTheHost"),
            Map.entry("purge", "ReadmeIT.runningTheHost"),
            Map.entry("failed-activation", "BadStartIT.componentFailsInAHeadlessRun"),
            Map.entry("launcher-arguments", "ReadmeIT.launcherArguments"),
            Map.entry("jpms-bad-jars", "JpmsBadJarsIT.badJarsAreLeftOutInOneLineEach"),
            Map.entry("demo", "ReadmeIT.demo"),
            Map.entry("interactive-command", "ShellIT.exitAtThePromptOnAZeroSizedTerminal"),
            Map.entry("interactive", "ShellIT.exitAtThePromptOnAZeroSizedTerminal"),
            Map.entry("interactive-act", "ShellIT.exitAtThePromptOnAZeroSizedTerminal"),
            Map.entry("battle-commands", "ReadmeIT.battleCommands"),
            Map.entry("hot-reload-start", "HotReloadIT.rulesUpdateKeepsTheBattle"),
            Map.entry("hot-reload-commands", "HotReloadIT.rulesUpdateKeepsTheBattle"),
            Map.entry("hot-reload", "HotReloadIT.rulesUpdateKeepsTheBattle"),
            Map.entry("jpms-hot-reload", "JpmsModeIT"),
            Map.entry("devtools-start", "ReadmeIT.startPaused"),
            Map.entry("devtools", "ReadmeIT.devtools"),
            Map.entry("timings", "ReadmeIT.timings"),
            Map.entry("graph", "ReadmeIT.devtools"),
            Map.entry("port-clash", "ReadmeIT.portClash"),
            Map.entry("parked-console", "ParkedConsoleIT.consoleWhileParked"),
            Map.entry("benchmarks", "DocBlocksTest.theBenchmarkModesAreTheScripts"),
            Map.entry("guide-install", "DocBlocksTest.theGuidesInstallNamesTheDistribution"),
            Map.entry("guide-generate", "DocBlocksTest.theGuidesGenerateCommandSetsTheArchetypesProperties"),
            Map.entry("guide-project", "DocBlocksTest.theGuidesProjectIsTheArchetypes"),
            Map.entry("guide-ship-commands", "GuideIT.installUpdateRemove"),
            Map.entry("guide-install-log", "GuideIT.installUpdateRemove"),
            Map.entry("guide-update-one", "GuideIT.installUpdateRemove"),
            Map.entry("guide-update-two", "GuideIT.installUpdateRemove"),
            Map.entry("guide-remove-log", "GuideIT.installUpdateRemove"),
            Map.entry("guide-reinstall-log", "GuideIT.installUpdateRemove"),
            Map.entry("hot-update-persistent", "DocBlocksTest.theCodeExamplesAreExcerptsOfCompiledSources"),
            Map.entry("guide-persistent-score", "DocBlocksTest.theCodeExamplesAreExcerptsOfCompiledSources"),
            Map.entry("guide-migration", "DocBlocksTest.theCodeExamplesAreExcerptsOfCompiledSources")));

    /** The archetype's plugin source, as the guide's {@code score} plugin generates it. */
    private static final String ARCHETYPE_PLUGIN =
            "orrery-plugin-archetype/src/main/resources/archetype-resources/src/main/java/GamePlugin.java";

    /**
     * Each marked code block and the source it is taken from (relative to the repository), a file that
     * a build compiles: the archetype's (compiled by {@code GeneratedProjectIT} and {@link ScorePluginJar})
     * with {@code pluginName=score}, or a test that runs the example.
     */
    static final Map<String, String> CODE_FROM = new TreeMap<>(Map.of(
            "hot-update-persistent", ARCHETYPE_PLUGIN,
            "guide-persistent-score", ARCHETYPE_PLUGIN,
            "guide-migration", "scheduler-bundle/src/test/java/dev/orrery/world/snapshot/HotUpdateGuideExampleTest.java"));

    @Test
    @DisplayName("every console block of README.md and docs/plugin-guide.md has a checked marker that a test knows")
    void everyConsoleBlockIsChecked() throws Exception {
        List<DocBlocks.Block> console = DocBlocks.all().stream().filter(DocBlocks.Block::console).toList();
        assertTrue(console.size() > 20, console.toString());
        assertEquals(List.of(), console.stream().filter(b -> b.name() == null).map(Object::toString).toList(),
                "console blocks without a <!-- checked: NAME --> marker");
        List<String> names = DocBlocks.all().stream().map(DocBlocks.Block::name).filter(java.util.Objects::nonNull).toList();
        assertEquals(names.size(), new TreeSet<>(names).size(), "a marker name used twice: " + names);
        assertEquals(CHECKED_BY.keySet(), new TreeSet<>(names), "markers in the documents against the tests' list");
        List<String> code = DocBlocks.all().stream().filter(b -> !b.console() && b.name() != null).map(DocBlocks.Block::name).toList();
        assertEquals(CODE_FROM.keySet(), new TreeSet<>(code), "marked code blocks against their sources' list");
    }

    @Test
    @DisplayName("marked code blocks: each is an excerpt of a compiled source, line for line (indentation aside; ... skips lines)")
    void theCodeExamplesAreExcerptsOfCompiledSources() throws Exception {
        for (Map.Entry<String, String> e : CODE_FROM.entrySet()) {
            String text = Files.readString(DemoProcess.REPO.resolve(e.getValue()))
                    .replace("${package}", ScorePluginJar.PACKAGE).replace("${pluginName}", "score");
            assertExcerpt(e.getKey(), DocBlocks.body(e.getKey()), text.lines().toList(), e.getValue());
        }
    }

    /**
     * Fails unless the example's runs of lines (split at lines of only {@code ...}) each appear in the
     * source as consecutive lines, in order; blank lines, comment lines ({@code //}, {@code /*},
     * {@code *}) and indentation do not count.
     */
    static void assertExcerpt(String name, List<String> example, List<String> source, String sourceName) {
        List<String> src = source.stream().map(String::strip).filter(l -> !l.isEmpty() && !comment(l)).toList();
        List<List<String>> runs = new java.util.ArrayList<>(List.of(new java.util.ArrayList<>()));
        for (String line : example) {
            String l = line.strip();
            if (l.equals("...")) {
                runs.add(new java.util.ArrayList<>());
            } else if (!l.isEmpty() && !comment(l)) {
                runs.get(runs.size() - 1).add(l);
            }
        }
        int from = 0;
        for (List<String> run : runs) {
            int at = -1;
            for (int i = from; i + run.size() <= src.size() && at < 0; i++) {
                if (src.subList(i, i + run.size()).equals(run)) {
                    at = i;
                }
            }
            if (at < 0) {
                throw new AssertionError("code example '" + name + "' is not an excerpt of " + sourceName
                        + " (after its line " + from + " of code): these lines are not there in a row:\n  "
                        + String.join("\n  ", run));
            }
            from = at + run.size();
        }
    }

    private static boolean comment(String strippedLine) {
        return strippedLine.startsWith("//") || strippedLine.startsWith("/*") || strippedLine.startsWith("*");
    }

    @Test
    @DisplayName("the excerpt check fails on a line that is not in the source, and on runs out of order")
    void theExcerptCheckCanFail() {
        List<String> source = List.of("class A {", "    int a = 1;", "", "    /** B. */", "    int b = 2;", "}");
        assertExcerpt("ok", List.of("int a = 1;", "int b = 2;", "...", "}"), source, "A.java");
        assertThrows(AssertionError.class, () -> assertExcerpt("typo", List.of("int a = 2;"), source, "A.java"));
        assertThrows(AssertionError.class, () -> assertExcerpt("gap", List.of("class A {", "int b = 2;"), source, "A.java"));
        assertThrows(AssertionError.class, () -> assertExcerpt("order", List.of("int b = 2;", "...", "int a = 1;"), source, "A.java"));
    }

    @Test
    @DisplayName("first-build: each orrery-demo line of the README's first build is one the script prints")
    void theFirstBuildLinesAreTheScripts() throws Exception {
        String script = Files.readString(DemoProcess.REPO.resolve("orrery-demo"));
        List<String> example = Readme.example("first-build");
        assertTrue(example.get(0).startsWith("orrery-demo: first build (no distribution in "), example.get(0));
        assertTrue(script.contains("echo \"orrery-demo: first build ($REASON): mvn -B package -DskipTests -pl"
                + " app-launcher,demo-dnd -am; Maven first downloads what is not in its local repository yet\""), script);
        assertTrue(example.get(0).endsWith(": mvn -B package -DskipTests -pl app-launcher,demo-dnd -am; Maven first"
                + " downloads what is not in its local repository yet"), example.get(0));
        assertTrue(script.contains("no distribution in "), "the script's reason for a first build");
        List<String> modules = example.stream().filter(l -> l.matches("orrery-demo: {3}\\[\\d+/\\d+\\] .*")).toList();
        assertTrue(modules.size() >= 3, example.toString());
        for (String m : modules) {
            String name = m.replaceFirst("orrery-demo: {3}\\[\\d+/\\d+\\] ", "");
            assertTrue(moduleNames().contains(name), "no module named '" + name + "': " + moduleNames());
        }
        assertTrue(example.stream().anyMatch(l -> l.matches("orrery-demo: built in \\d+ s \\(log: target/orrery-demo-build\\.log\\)")),
                example.toString());
        assertTrue(script.contains("built in "), "the script's build line");
    }

    @Test
    @DisplayName("building: the README's two-modules-at-a-time and client-compiler settings are the build's")
    void theBuildSettingsAreTheReadmes() throws Exception {
        String readme = Files.readString(DemoProcess.REPO.resolve("README.md")).replaceAll("\\s+", " ");
        assertTrue(readme.contains("It builds two modules at a time (`-T2` in `.mvn/maven.config`)"), "README: -T2");
        assertTrue(readme.contains("(`-XX:TieredStopAtLevel=1`, in `.mvn/jvm.config` and the `orrery.test.jvmArgs`"
                + " property of the root `pom.xml`)"), "README: the client compiler");
        assertEquals(List.of("-T2"), Files.readAllLines(DemoProcess.REPO.resolve(".mvn/maven.config")));
        assertTrue(List.of(Files.readString(DemoProcess.REPO.resolve(".mvn/jvm.config")).trim().split("\\s+"))
                .contains("-XX:TieredStopAtLevel=1"), ".mvn/jvm.config");
        String pom = Files.readString(DemoProcess.REPO.resolve("pom.xml"));
        assertTrue(pom.contains("<orrery.test.jvmArgs>-XX:TieredStopAtLevel=1</orrery.test.jvmArgs>"), "the property");
        assertTrue(pom.contains("<argLine>${orrery.test.jvmArgs}</argLine>"), "surefire and failsafe use it");
        assertTrue(readme.contains("(figures in [BENCHMARKS.md](BENCHMARKS.md), \"Build and test time\")"), "README: figures");
        assertTrue(Files.readString(DemoProcess.REPO.resolve("BENCHMARKS.md")).contains("\n## Build and test time"),
                "BENCHMARKS.md has the section the README names");
    }

    @Test
    @DisplayName("benchmarks: the README's run.sh modes are the script's")
    void theBenchmarkModesAreTheScripts() throws Exception {
        Path run = DemoProcess.REPO.resolve("benchmarks/run.sh");
        assertTrue(Files.isExecutable(run), run.toString());
        String script = Files.readString(run);
        for (String command : Readme.commands("benchmarks")) {
            String[] words = command.split(" ");
            assertEquals("benchmarks/run.sh", words[0], command);
            assertTrue(script.matches("(?s).*\\b" + words[1] + "\\)" + ".*"), "run.sh has no mode '" + words[1] + "'");
        }
    }

    @Test
    @DisplayName("guide-install: mvn install at the root builds the runnable host where the guide says")
    void theGuidesInstallNamesTheDistribution() throws Exception {
        List<String> commands = Readme.commands("guide-install");
        assertEquals("mvn -B install -DskipTests -DskipITs", commands.get(commands.size() - 1));
        assertTrue(String.join("\n", Readme.example("guide-install")).contains("app-launcher/target/orrery/"));
        assertTrue(Files.isDirectory(DemoProcess.REPO.resolve("app-launcher/target/orrery")), "the distribution's folder");
        String pom = Files.readString(DemoProcess.REPO.resolve("pom.xml"));
        for (String module : List.of("orrery-bom", "scheduler-bundle", "host-core", "plugin-prefab", "plugin-devtools",
                "orrery-testkit", "orrery-plugin-archetype", "app-launcher")) {
            assertTrue(pom.contains("<module>" + module + "</module>"), module);
        }
    }

    @Test
    @DisplayName("guide-generate: every -D of the guide's archetype command is a property of Maven or of the archetype")
    void theGuidesGenerateCommandSetsTheArchetypesProperties() throws Exception {
        String metadata = Files.readString(DemoProcess.REPO.resolve(
                "orrery-plugin-archetype/src/main/resources/META-INF/maven/archetype-metadata.xml"));
        String generate = Readme.commands("guide-generate").get(0);
        List<String> keys = java.util.Arrays.stream(generate.split(" ")).filter(w -> w.startsWith("-D"))
                .map(w -> w.substring(2, w.indexOf('='))).toList();
        List<String> maven = List.of("interactiveMode", "archetypeGroupId", "archetypeArtifactId", "archetypeVersion",
                "groupId", "artifactId", "version", "package");
        for (String key : keys) {
            assertTrue(maven.contains(key) || metadata.contains("<requiredProperty key=\"" + key + "\">"),
                    "-D" + key + " is no property of the archetype");
        }
        assertTrue(generate.contains("-DarchetypeArtifactId=orrery-plugin-archetype"), generate);
        assertTrue(generate.contains("-DarchetypeVersion=" + System.getProperty("orrery.version", "0.1.0-SNAPSHOT")), generate);
    }

    @Test
    @DisplayName("guide-project: the files of the guide's generated project are the archetype's")
    void theGuidesProjectIsTheArchetypes() throws Exception {
        Path resources = DemoProcess.REPO.resolve("orrery-plugin-archetype/src/main/resources/archetype-resources");
        List<String> files = Readme.example("guide-project").stream().filter(l -> !l.startsWith(" ") && !l.isBlank())
                .map(l -> l.split("\\s+")[0]).toList();
        try (var walk = Files.walk(resources)) {
            List<String> archetype = walk.filter(Files::isRegularFile).map(f -> resources.relativize(f).toString())
                    .map(f -> f.replaceFirst("^src/(main|test)/java/", "src/$1/java/.../")).sorted().toList();
            assertEquals(archetype, files.stream().sorted().toList());
        }
    }

    private static List<String> moduleNames() throws Exception {
        try (var dirs = Files.list(DemoProcess.REPO)) {
            List<String> names = dirs.map(d -> d.resolve("pom.xml")).filter(Files::isRegularFile).map(DocBlocksTest::name)
                    .collect(Collectors.toList());
            names.add(name(DemoProcess.REPO.resolve("pom.xml")));
            return names;
        }
    }

    private static String name(Path pom) {
        try {
            String text = Files.readString(pom);
            int parentEnd = Math.max(0, text.indexOf("</parent>"));
            int at = text.indexOf("<name>", parentEnd);
            return at < 0 ? "" : text.substring(at + 6, text.indexOf("</name>", at));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
