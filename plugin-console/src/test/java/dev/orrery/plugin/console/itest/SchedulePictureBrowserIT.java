package dev.orrery.plugin.console.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.demo.dnd.FrameSystems;
import dev.orrery.demo.dnd.TurnSystems;
import dev.orrery.demo.dnd.model.BattleConfig;
import dev.orrery.demo.dnd.model.TurnPhases;
import dev.orrery.host.RunState;
import dev.orrery.plugin.console.ConsoleHttpServer;
import dev.orrery.plugin.console.TimingsFeed;
import dev.orrery.plugin.prefab.PrefabPlugin;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.graph.OrderGraph;
import dev.orrery.testsupport.host.FakeGameHost;
import dev.orrery.world.World;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The schedule page's picture in a real headless Chromium (Debian's {@code chromium} and
 * {@code chromium-driver}, driven by Selenium), served by the console's own handlers on the JDK's HTTP
 * server over a {@link FakeGameHost} that holds the demo's two schedules (main, built from the demo's
 * frame plugin and the prefab plugin, and {@code dnd/turn}, from its turn plugin) and a generated
 * schedule of 200 systems. For each: the picture fits its box and every element lies inside the SVG's
 * bounds; every system is drawn with its label; every edge of {@link Schedule#orderGraph()} is drawn
 * once, from its first system's box to its second's, and no other; the manual chain reads in its
 * order with its edges; empty builtin lanes are left out until the page asks for them; a screenshot of
 * the picture has its element's size and is not blank (saved under {@code target/}).
 *
 * <p>Skipped, with a message saying so, only when no Chromium or chromedriver is installed.
 */
class SchedulePictureBrowserIT {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String GENERATED = "generated/200";

    private static Schedule main;
    private static Schedule turn;
    private static Schedule generated;
    private static ConsoleHttpServer server;
    private static WebDriver browser;
    private static String base;

    @BeforeAll
    static void start() throws Exception {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(DRIVER)) {
            String msg = "SchedulePictureBrowserIT SKIPPED: no browser: " + (Files.isExecutable(CHROMIUM) ? "" : CHROMIUM + " ")
                    + (Files.isExecutable(DRIVER) ? "" : DRIVER + " ") + "missing; install with"
                    + " 'apt-get install -y chromium chromium-driver' (.ci/run does)";
            System.err.println(msg);
            Assumptions.abort(msg);
        }
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        main = Schedule.builder(FakeGameHost.MAIN)
                .plugins(FrameSystems.plugin(BattleConfig.defaults(42, false), quiet), PrefabPlugin.PLUGIN).build();
        turn = Schedule.builder(TurnPhases.SCHEDULE).plugins(TurnSystems.PLUGIN).build();
        generated = generated();
        FakeGameHost host = new FakeGameHost(new World()).put(main).put(turn).put(generated).setState(RunState.PAUSED);
        server = ConsoleHttpServer.start(() -> host, () -> TimingsFeed.NONE,
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        base = "http://127.0.0.1:" + server.address().getPort() + "/orrery/";
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1400,1000", "--force-device-scale-factor=1", "--hide-scrollbars");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
    }

    /**
     * 200 systems: 25 in each of five builtin phases and three custom ones (a detached chain of three
     * phases among them), five chains of five per phase, each chain's head after the tail of the same
     * chain in the phase before (same kind of phase).
     */
    private static Schedule generated() {
        Phase a = Phase.define("gen/A");
        Phase b = Phase.builder("gen/B").dependsOn(a).build();
        Phase c = Phase.builder("gen/C").dependsOn(b).build();
        List<Phase> phases = List.of(Phase.ON_LOAD, Phase.PRE_UPDATE, Phase.ON_UPDATE, Phase.POST_UPDATE,
                Phase.ON_STORE, a, b, c);
        List<EcsSystem> systems = new ArrayList<>();
        EcsSystem[][] tails = new EcsSystem[phases.size()][5];
        for (int p = 0; p < phases.size(); p++) {
            for (int chain = 0; chain < 5; chain++) {
                EcsSystem previous = null;
                for (int k = 0; k < 5; k++) {
                    EcsSystem.Builder s = EcsSystem.builder("g" + p + "/c" + chain + "/s" + k).phase(phases.get(p))
                            .run((w, dt) -> { });
                    if (previous != null) {
                        s.after(previous);
                    } else if (p > 0 && p != 5) {
                        s.after(tails[p - 1][chain]); // across phases of the same kind (automatic, or the chain)
                    }
                    previous = s.build();
                    systems.add(previous);
                }
                tails[p][chain] = previous;
            }
        }
        return Schedule.builder(GENERATED).phases(a, b, c).systems(systems).build();
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (server != null) {
            server.close();
        }
    }

    private static WebDriverWait waiting() {
        WebDriverWait wait = new WebDriverWait(browser, WAIT);
        wait.ignoring(StaleElementReferenceException.class);
        wait.pollingEvery(Duration.ofMillis(20)); // not Selenium's 500 ms: the condition is one cheap script call
        return wait;
    }

    private static Object js(String script, Object... args) {
        return ((JavascriptExecutor) browser).executeScript(script, args);
    }

    /** Opens the schedule page on one schedule and waits for its picture. */
    private static void show(String schedule) {
        browser.manage().window().setSize(new org.openqa.selenium.Dimension(1400, 1000));
        browser.get(base + "schedule.html");
        waiting().until(d -> "true".equals(d.findElement(By.tagName("body")).getAttribute("data-ready")));
        new Select(browser.findElement(By.id("schedule"))).selectByValue(schedule);
        awaitPicture(schedule);
    }

    private static void awaitPicture(String schedule) {
        waiting().until(d -> !d.findElements(By.cssSelector("#picture svg[data-schedule='" + schedule + "']")).isEmpty());
    }

    @Test
    @DisplayName("demo main schedule: fits, every system and edge drawn, empty builtin lanes left out, screenshot not blank")
    void demoMain() throws Exception {
        show(FakeGameHost.MAIN);
        checkPicture(main, "picture-demo-main.png");
        assertEquals(Set.of("OnStart", "OnLoad", "PreUpdate", "OnUpdate", "prefab/Spawn"), lanes(),
                "a lane for each phase with systems, none for the empty builtin ones");
    }

    @Test
    @DisplayName("demo dnd/turn: the detached chain in its order StartOfTurn → Move → Act → Resolve → EndOfTurn, with its edges; empty lanes on demand")
    void demoTurn() throws Exception {
        show(TurnPhases.SCHEDULE);
        checkPicture(turn, "picture-demo-turn.png");
        List<String> chain = TurnPhases.ALL.stream().map(Phase::name).toList();
        assertEquals(new TreeSet<>(chain), new TreeSet<>(lanes()), "only the chain's lanes: the builtin ones are empty");
        double previousY = Double.NEGATIVE_INFINITY;
        for (String phase : chain) {
            double y = ((Number) js("return document.querySelector(`#picture g.lane[data-phase='${arguments[0]}'] rect`)"
                    + ".getBBox().y;", phase)).doubleValue();
            assertTrue(y > previousY, phase + " is drawn below the phase before it in the chain");
            previousY = y;
        }
        List<String> expected = new ArrayList<>();
        for (int i = 1; i < chain.size(); i++) {
            expected.add(chain.get(i - 1) + " -> " + chain.get(i));
        }
        assertEquals(expected, pairs("#picture g.phase-edge"), "one arrow per dependsOn edge of the chain");
        checkEndpoints("#picture g.phase-edge", "g.lane[data-phase='%s'] rect", 3);
        assertTrue(text("#picture svg > text.heading").contains("9 empty builtin phases not drawn"),
                text("#picture svg > text.heading"));

        browser.findElement(By.id("empty-lanes")).click();
        waiting().until(d -> lanes().size() == turn.phases().size());
        checkPicture(turn, "picture-demo-turn-all-lanes.png");
    }

    @Test
    @DisplayName("a generated schedule of 200 systems: fits, every system and edge drawn, screenshot not blank")
    void twoHundredSystems() throws Exception {
        assertEquals(200, generated.systems().size());
        show(GENERATED);
        checkPicture(generated, "picture-generated-200.png");
    }

    /** The fit, the systems, the edges and a screenshot of the picture now on the page. */
    private static void checkPicture(Schedule schedule, String screenshot) throws IOException {
        // every system, by its label
        Set<String> names = new TreeSet<>();
        schedule.systems().forEach(s -> names.add(s.name()));
        @SuppressWarnings("unchecked")
        List<String> labels = (List<String>) js("return [...document.querySelectorAll('#picture g[data-system]')]"
                + ".map(g => g.getAttribute('data-system') + '=' + g.querySelector('text').textContent);");
        assertEquals(names.size(), labels.size(), "one box per system: " + labels);
        for (String label : labels) {
            int eq = label.indexOf('=');
            assertEquals(label.substring(0, eq), label.substring(eq + 1), "the box of " + label.substring(0, eq) + " shows its name");
        }
        assertEquals(names, new TreeSet<>(labels.stream().map(l -> l.substring(0, l.indexOf('='))).toList()));
        // every edge of the published graph, once, between the right boxes
        List<String> expected = new ArrayList<>();
        OrderGraph graph = schedule.orderGraph();
        for (EcsSystem s : schedule.systems()) {
            graph.linksFrom(s.name()).forEach(l -> expected.add(l.from().name() + " -> " + l.to().name()));
        }
        List<String> drawn = pairs("#picture g.edge");
        assertEquals(new TreeSet<>(expected), new TreeSet<>(drawn), "the edges drawn are the order graph's");
        assertEquals(expected.size(), drawn.size(), "each edge drawn once");
        checkEndpoints("#picture g.edge", "g[data-system='%s'] rect", 1);
        // the picture fits: nothing outside the SVG's bounds, the SVG inside its box, nothing clipped
        @SuppressWarnings("unchecked")
        Map<String, Object> fit = (Map<String, Object>) js(String.join("\n",
                "const svg = document.querySelector('#picture svg');",
                "const vb = svg.viewBox.baseVal;",
                "const outside = [];",
                "for (const e of svg.querySelectorAll('rect, text, path, line')) {",
                "  if (e.closest('defs')) continue;",
                "  const b = e.getBBox();",
                "  const pad = e.tagName === 'path' ? 6 : 0;", // an arrow head beyond the path's end
                "  if (b.x < vb.x || b.y < vb.y || b.x + b.width + pad > vb.x + vb.width + 0.5"
                        + " || b.y + b.height + pad > vb.y + vb.height + 0.5) outside.push(e.outerHTML.slice(0, 120));",
                "}",
                "const box = document.getElementById('picture');",
                "const r = svg.getBoundingClientRect(), p = box.getBoundingClientRect();",
                "return {outside: outside, svgW: r.width, svgH: r.height, boxLeft: p.left, boxRight: p.right,",
                "  left: r.left, right: r.right, scrollW: box.scrollWidth, clientW: box.clientWidth,",
                "  aspect: Math.abs(r.width / r.height - vb.width / vb.height)};"));
        assertEquals(List.of(), fit.get("outside"), "elements outside the SVG's bounds");
        assertTrue(num(fit, "left") >= num(fit, "boxLeft") - 0.5 && num(fit, "right") <= num(fit, "boxRight") + 0.5,
                "the SVG lies inside its box: " + fit);
        assertTrue(num(fit, "scrollW") <= num(fit, "clientW"), "the box needs no sideways scrolling: " + fit);
        assertTrue(num(fit, "aspect") < 0.01, "the picture keeps its proportions: " + fit);
        // a screenshot of the picture: its element's size, not blank
        // the whole page in the window, so that the screenshot holds the whole picture
        long pageHeight = ((Number) js("return Math.ceil(document.documentElement.scrollHeight);")).longValue();
        browser.manage().window().setSize(new org.openqa.selenium.Dimension(1400, (int) Math.max(1000, pageHeight + 200)));
        WebElement svg = browser.findElement(By.cssSelector("#picture svg"));
        byte[] png = svg.getScreenshotAs(OutputType.BYTES);
        Files.write(Path.of("target", screenshot), png);
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        assertEquals(Math.round(num(fit, "svgW")), image.getWidth(), 1.0, "screenshot width");
        assertEquals(Math.round(num(fit, "svgH")), image.getHeight(), 1.0, "screenshot height");
        Set<Integer> colours = new HashSet<>();
        long ink = 0;
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                int rgb = image.getRGB(x, y) & 0xffffff;
                colours.add(rgb);
                if (rgb != 0xffffff) {
                    ink++;
                }
            }
        }
        assertTrue(colours.size() > 8 && ink > image.getWidth() * image.getHeight() / 40,
                "the screenshot is not blank: " + colours.size() + " colours, " + ink + " sampled pixels not white");
    }

    /**
     * Each edge element's path starts on its first box and ends on its second, within {@code slack}
     * pixels (a chain edge ends on its lane's border).
     */
    private static void checkEndpoints(String edges, String boxOf, int slack) {
        @SuppressWarnings("unchecked")
        List<String> wrong = (List<String>) js(String.join("\n",
                "const wrong = [];",
                "const s = arguments[2];",
                "const near = (pt, b) => pt.x >= b.x - s && pt.x <= b.x + b.width + s && pt.y >= b.y - s && pt.y <= b.y + b.height + s;",
                "for (const g of document.querySelectorAll(arguments[0])) {",
                "  const sel = n => '#picture ' + arguments[1].replace('%s', CSS.escape(n));",
                "  const from = document.querySelector(sel(g.dataset.from)), to = document.querySelector(sel(g.dataset.to));",
                "  const path = g.querySelector('path');",
                "  if (!from || !to || !path) { wrong.push(g.dataset.from + ' -> ' + g.dataset.to + ': missing'); continue; }",
                "  const start = path.getPointAtLength(0), end = path.getPointAtLength(path.getTotalLength());",
                "  if (!near(start, from.getBBox()) || !near(end, to.getBBox()))",
                "    wrong.push(g.dataset.from + ' -> ' + g.dataset.to + ': ' + path.getAttribute('d'));",
                "}",
                "return wrong;"), edges, boxOf, slack);
        assertEquals(List.of(), wrong, "edges whose ends are not on their boxes");
    }

    @SuppressWarnings("unchecked")
    private static List<String> pairs(String css) {
        return (List<String>) js("return [...document.querySelectorAll(arguments[0])]"
                + ".map(g => g.dataset.from + ' -> ' + g.dataset.to);", css);
    }

    @SuppressWarnings("unchecked")
    private static Set<String> lanes() {
        return new TreeSet<>((List<String>) js("return [...document.querySelectorAll('#picture g.lane')]"
                + ".map(g => g.dataset.phase);"));
    }

    private static String text(String css) {
        Object t = js("const e = document.querySelector(arguments[0]); return e ? e.textContent : '';", css);
        return t == null ? "" : t.toString();
    }

    private static double num(Map<String, Object> m, String key) {
        return ((Number) m.get(key)).doubleValue();
    }
}
