package dev.orrery.demo.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The demo in JPMS mode ({@code ./orrery-demo --jpms}): no OSGi framework, the platform modules in one
 * module layer and each demo jar in a layer of its own. The same seed plays the same battle as in OSGi
 * mode, and replacing the rules jar mid-battle reloads its layer without changing the battle.
 */
class JpmsModeIT {
    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final String VERSION = System.getProperty("orrery.version", "0.1.0-SNAPSHOT");

    private static void assertLine(List<String> lines, String part, String text) {
        assertTrue(lines.stream().anyMatch(l -> l.contains(part)), "no line with '" + part + "':\n" + text);
    }

    @Test
    @DisplayName("./orrery-demo --jpms --seed 42 plays the same battle as ./orrery-demo --seed 42 and exits with 0")
    void sameCombatLogAsOsgiMode() throws Exception {
        List<String> osgi;
        List<String> osgiCues;
        List<String> osgiShots;
        try (DemoProcess p = DemoProcess.start(Map.of(), "--seed", "42")) {
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            osgi = p.combatLog();
            osgiCues = p.soundCues();
            osgiShots = p.projectiles();
        }
        try (DemoProcess p = DemoProcess.start(Map.of(), "--jpms", "--seed", "42")) {
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            List<String> lines = p.lines();
            assertLine(lines, "orrery: started in JPMS mode: platform modules [", p.text());
            assertLine(lines, "orrery: plugin jar demo-dnd-model-" + VERSION + ".jar: layer of module dev.orrery.demo.dnd.model"
                    + " defined (0 provider(s) of Plugin)", p.text());
            assertLine(lines, "orrery: plugin jar demo-dnd-" + VERSION + ".jar: layer of module dev.orrery.demo.dnd defined"
                    + " (4 provider(s) of Plugin)", p.text());
            assertTrue(lines.stream().noneMatch(l -> l.contains("Started bundle")), "no OSGi framework:\n" + p.text());
            assertLine(lines, "[dev.orrery.host] schedule 'dnd/turn' rebuilt", p.text());
            assertTrue(osgi.size() > 20, String.join("\n", osgi));
            assertEquals(osgi, p.combatLog());
            assertTrue(!osgiCues.isEmpty(), p.text());
            assertEquals(osgiCues, p.soundCues(), "the sound cues plugin hears the same hits in both modes");
            assertTrue(!osgiShots.isEmpty(), p.text());
            assertEquals(osgiShots, p.projectiles(), "the projectiles fly the same fixed steps in both modes");
        }
    }

    @Test
    @DisplayName("JPMS hot reload: copying the rules jar into demo-plugins/ mid-battle reloads its layer; the battle goes on unchanged")
    void rulesReloadKeepsTheBattle() throws Exception {
        List<String> straight;
        List<String> straightShots;
        try (DemoProcess p = DemoProcess.start(Map.of(), "--jpms", "--seed", "7")) {
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            straight = p.combatLog();
            straightShots = p.projectiles();
        }
        Path rules = DemoProcess.REPO.resolve("demo-dnd/target/demo-dnd-" + VERSION + ".jar");
        Path dropped = DemoProcess.REPO.resolve("app-launcher/target/orrery/demo-plugins/demo-dnd-" + VERSION + ".jar");
        try (DemoProcess p = DemoProcess.start(Map.of("JAVA_OPTS", "-Dorrery.host.rate=400 -Dorrery.jpms.reportUnload=true"),
                "--jpms", "--seed", "7")) {
            p.awaitLine(l -> l.equals("[dnd] -- Round 2 --"), TIMEOUT);
            int copiedAt = p.lines().size();
            Files.copy(rules, dropped, StandardCopyOption.REPLACE_EXISTING);
            Files.setLastModifiedTime(dropped, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()));
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            List<String> after = p.lines().subList(copiedAt, p.lines().size());
            int droppedAt = indexOf(after, "orrery: plugin jar demo-dnd-" + VERSION + ".jar: layer of module dev.orrery.demo.dnd dropped (reloading)");
            int definedAt = indexOf(after, "orrery: plugin jar demo-dnd-" + VERSION + ".jar: layer of module dev.orrery.demo.dnd defined");
            assertTrue(droppedAt >= 0 && definedAt > droppedAt, "no layer reload:\n" + p.text());
            assertTrue(after.stream().noneMatch(l -> l.contains("layer of module dev.orrery.demo.dnd.model dropped (reloading)")),
                    "the model jar's layer stays:\n" + p.text());
            int rebuildAt = indexOf(after.subList(definedAt, after.size()), "[dev.orrery.host] schedule 'main' rebuilt");
            assertTrue(rebuildAt >= 0, "no rebuild of main after the reload:\n" + p.text());
            assertTrue(after.subList(definedAt + rebuildAt, after.size()).stream().anyMatch(l -> l.startsWith("[dnd] Turn ")),
                    "the battle did not go on after the reload:\n" + p.text());
            assertEquals(1, p.combatLog().stream().filter(l -> l.startsWith("[dnd] === Skirmish")).count());
            assertEquals(straight, p.combatLog());
            assertEquals(straightShots, p.projectiles(), "the shots in the air at the reload land once, the same");
            Readme.assertAppearsIn(Readme.example("jpms-hot-reload"), after);
            // the replaced layer's class loader is collected once the host let go of its plugins and purged
            assertTrue(after.contains("orrery: class loader of the dropped layer of module dev.orrery.demo.dnd collected"),
                    "the old rules layer's class loader was not collected:\n" + p.text());
        }
    }

    @Test
    @DisplayName("JPMS mode: a bad host setting is one line naming it, no stack trace, exit code 2")
    void badHostSetting() throws Exception {
        try (DemoProcess p = DemoProcess.start(Map.of("JAVA_OPTS", "-Dorrery.host.mode=bogus"), "--jpms", "--seed", "1")) {
            assertEquals(2, p.waitFor(TIMEOUT), p.text());
            List<String> lines = p.lines();
            assertTrue(lines.contains("orrery: cannot start: host configuration: orrery.host.mode must be 'realtime'"
                    + " or 'fixed', got 'bogus'"), p.text());
            assertTrue(lines.stream().noneMatch(l -> l.startsWith("\tat ")), p.text());
            assertTrue(lines.stream().noneMatch(l -> l.contains("[dnd]")), "nothing ran: " + p.text());
        }
    }

    @Test
    @DisplayName("JPMS mode, headless: a plugin provider that throws leaves its jar's plugin out in one line and ends the run with 1")
    void providerFailsInAHeadlessRun() throws Exception {
        try (DemoProcess p = DemoProcess.start(Map.of("JAVA_OPTS", "-Dorrery.demo.seed=99999999999999999999"), "--jpms")) {
            assertEquals(1, p.waitFor(TIMEOUT), p.text());
            String line = "plugin jar demo-dnd-" + VERSION + ".jar has a provider that failed:"
                    + " dev.orrery.demo.dnd.internal.JpmsDndPlugin threw java.lang.IllegalArgumentException: orrery.demo.seed:"
                    + " not a whole number from -9223372036854775808 to 9223372036854775807: '99999999999999999999'; left out";
            assertTrue(p.lines().contains("orrery: " + line), p.text());
            assertTrue(p.lines().stream().noneMatch(l -> l.startsWith("[dnd] ===")), "no battle ran:\n" + p.text());
            assertTrue(p.lines().stream().noneMatch(l -> l.startsWith("\tat ")), p.text());
        }
    }

    @Test
    @DisplayName("JPMS mode serves the web console (devtools there): schedules JSON and the order graph of the running demo")
    void webConsole() throws Exception {
        // Port 0: the console binds any free port and its "web console at" line names it.
        try (DemoProcess p = DemoProcess.start(Map.of("JAVA_OPTS", "-Dorrery.demo.exitWhenOver=false -Dorrery.console.port=0"),
                "--jpms", "--realtime", "--seed", "7")) {
            java.util.regex.Pattern served = java.util.regex.Pattern.compile("web console at (http://127\\.0\\.0\\.1:[1-9]\\d*/orrery/)");
            p.awaitLine(l -> served.matcher(l).find(), TIMEOUT);
            java.util.regex.Matcher m = served.matcher(p.lines().stream().filter(l -> served.matcher(l).find()).findFirst().orElseThrow());
            assertTrue(m.find());
            String url = m.group(1);
            java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
            java.net.http.HttpResponse<String> r = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(url + "api/schedules"))
                    .build(), java.net.http.HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), r.body());
            assertTrue(r.body().contains("\"dnd/turn\""), r.body());
            r = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(url + "graph.svg?schedule=dnd/turn")).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), r.body());
            assertTrue(r.body().startsWith("<svg") && r.body().contains("data-system=\""), r.body());
            p.terminate();
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            assertTrue(p.lines().stream().noneMatch(l -> l.startsWith("\tat ")), p.text());
        }
    }

    @Test
    @DisplayName("JPMS mode: SIGTERM stops the host cleanly, with its closing line, exit code 0")
    void signal() throws Exception {
        try (DemoProcess p = DemoProcess.start(Map.of("JAVA_OPTS", "-Dorrery.demo.exitWhenOver=false"),
                "--jpms", "--realtime", "--seed", "7")) {
            p.awaitLine(l -> l.contains("[dnd] -- Round 1 --"), TIMEOUT);
            p.terminate();
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            List<String> lines = p.lines();
            assertTrue(lines.contains("orrery: stopping"), p.text());
            assertTrue(lines.stream().anyMatch(l -> l.matches(".*\\[dev\\.orrery\\.host\\] Orrery host stopped after \\d+ frames")),
                    p.text());
            assertTrue(lines.contains("orrery: host stopped (after a stop signal)"), p.text());
        }
    }

    @Test
    @DisplayName("bin/orrery --jpms: a plugin jar and a ScheduleHooks jar of plugins/ run; the hooks see the plugin's systems")
    void pluginAndHooksJars() throws Exception {
        Path dist = DemoProcess.REPO.resolve("app-launcher/target/orrery");
        Path work = DemoProcess.REPO.resolve("demo-e2e/target/jpms-hooks");
        Path plugins = work.resolve("plugins");
        if (Files.isDirectory(work)) {
            try (var files = Files.walk(work)) {
                for (Path f : (Iterable<Path>) files.sorted(java.util.Comparator.reverseOrder())::iterator) {
                    Files.delete(f);
                }
            }
        }
        Files.createDirectories(plugins);
        Files.copy(DemoProcess.REPO.resolve("plugin-example/target/plugin-example-" + VERSION + ".jar"),
                plugins.resolve("plugin-example.jar"));
        Path src = Files.createDirectories(work.resolve("src/e2e/hooks"));
        Files.writeString(work.resolve("src/module-info.java"), "module e2e.hooks { requires dev.orrery.scheduler;"
                + " provides dev.orrery.schedule.ScheduleHooks with e2e.hooks.Counting; }");
        Files.writeString(src.resolve("Counting.java"), "package e2e.hooks; public final class Counting implements"
                + " dev.orrery.schedule.ScheduleHooks { private int runs;"
                + " @Override public void afterSystem(dev.orrery.schedule.HookContext ctx) {"
                + " if (++runs == 50) { System.out.println(\"e2e hooks: 50 system runs seen\"); } } }");
        Path classes = Files.createDirectories(work.resolve("classes"));
        int rc = javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(), "--release", "17",
                "--module-path", dist.resolve("bundles/scheduler-bundle-" + VERSION + ".jar").toString(),
                work.resolve("src/module-info.java").toString(), src.resolve("Counting.java").toString());
        assertEquals(0, rc, "javac");
        Path hooksJar = plugins.resolve("e2e-hooks.jar");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(hooksJar)); var files = Files.walk(classes)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                out.putNextEntry(new java.util.jar.JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
        }
        // older than the quiet time: the first poll loads them
        for (Path jar : List.of(hooksJar, plugins.resolve("plugin-example.jar"))) {
            Files.setLastModifiedTime(jar, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        }
        String opts = "-Dorrery.plugins.dir=" + plugins + " -Dorrery.host.mode=fixed -Dorrery.host.frames=120"
                + " -Dorrery.host.rate=0 -Dorrery.host.stopFrameworkWhenDone=true -Dorrery.shell=false";
        try (DemoProcess p = DemoProcess.start(List.of("sh", dist.resolve("bin/orrery").toString(), "--jpms"), DemoProcess.REPO,
                Map.of("JAVA_OPTS", opts), false)) {
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            List<String> lines = p.lines();
            assertLine(lines, "orrery: plugin jar e2e-hooks.jar: layer of module e2e.hooks defined (0 provider(s) of Plugin)", p.text());
            assertLine(lines, "orrery: plugin jar plugin-example.jar: layer of module dev.orrery.plugin.example defined"
                    + " (1 provider(s) of Plugin)", p.text());
            assertLine(lines, "e2e hooks: 50 system runs seen", p.text());
            assertLine(lines, "orrery: host stopped (after the frame budget)", p.text());
        }
    }

    private static int indexOf(List<String> lines, String part) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(part)) {
                return i;
            }
        }
        return -1;
    }
}
