package dev.orrery.plugin.console.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.plugin.console.RawHttp;
import dev.orrery.plugin.console.internal.web.EventStream;
import dev.orrery.plugin.console.itest.plugin.BrowserTestPlugin;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.schedule.Plugin;
import dev.orrery.testkit.paxexam.TestBundle;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;
import org.osgi.service.component.annotations.Component;

/**
 * The web console in a real headless Chromium (Debian's {@code chromium} and {@code chromium-driver},
 * driven by Selenium WebDriver), on a running host: an embedded Felix with the distribution's platform
 * bundles (SCR, Felix HTTP Jetty, scheduler, host, devtools, console) and a test plugin of five systems.
 * Checks that the picture shows every system, that disabling a system from the page stops the world
 * running it (its run count stops, its disabled-skip count grows), that the live timings change, and
 * saves screenshots under {@code target/}.
 *
 * <p>Skipped, with a message saying so, only when no Chromium or chromedriver is installed
 * ({@code .ci/run} installs them).
 */
class ConsoleBrowserIT {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final Duration POLL = Duration.ofMillis(20);

    /** Held so that the level stays set: Jetty's start and stop lines are not this test's business. */
    private static final java.util.logging.Logger JETTY = java.util.logging.Logger.getLogger("org.eclipse.jetty");
    private static final java.util.logging.Logger FELIX_HTTP = java.util.logging.Logger.getLogger("org.apache.felix.http");
    /** The host's log, captured (not printed): the test provokes a fault and asserts on its line. */
    private static final java.util.logging.Logger HOST_LOG = java.util.logging.Logger.getLogger("dev.orrery.host");
    private static final List<java.util.logging.LogRecord> HOST_RECORDS = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** The console's log: its "web console at" line names the port the HTTP server bound. */
    private static final java.util.logging.Logger CONSOLE_LOG = java.util.logging.Logger.getLogger("dev.orrery.console");
    private static final java.util.regex.Pattern SERVED = java.util.regex.Pattern.compile("web console at (http://\\S+/orrery/)");
    private static Framework framework;
    private static WebDriver browser;
    private static String base;

    @BeforeAll
    static void start() throws Exception {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(DRIVER)) {
            String msg = "ConsoleBrowserIT SKIPPED: no browser: " + (Files.isExecutable(CHROMIUM) ? "" : CHROMIUM + " ")
                    + (Files.isExecutable(DRIVER) ? "" : DRIVER + " ") + "missing; install with"
                    + " 'apt-get install -y chromium chromium-driver' (.ci/run does)";
            System.err.println(msg);
            Assumptions.abort(msg);
        }
        JETTY.setLevel(java.util.logging.Level.WARNING);
        FELIX_HTTP.setLevel(java.util.logging.Level.WARNING);
        HOST_LOG.setUseParentHandlers(false);
        HOST_LOG.addHandler(new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord r) {
                HOST_RECORDS.add(r);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
        // Port 0: the HTTP server takes a free port and the console's "web console at" line names it (no
        // probe of a free port that another process could take before the framework binds it).
        java.util.concurrent.CompletableFuture<String> served = new java.util.concurrent.CompletableFuture<>();
        CONSOLE_LOG.addHandler(new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord r) {
                java.util.regex.Matcher m = SERVED.matcher(String.valueOf(r.getMessage()));
                if (m.find()) {
                    served.complete(m.group(1));
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
        File plugin = TestBundle.builder("dev.orrery.console.browsertest")
                .privatePackages(BrowserTestPlugin.class.getPackageName())
                .classpathOf(BrowserTestPlugin.class, Plugin.class, Component.class)
                .build()
                .writeTo(new File("target/browser-test/console-test-plugin.jar"));
        Map<String, String> config = new HashMap<>();
        config.put("org.osgi.framework.storage", new File("target/browser-test/felix-cache").getAbsolutePath());
        config.put("org.osgi.framework.storage.clean", "onFirstInit");
        config.put("org.osgi.service.http.port", "0");
        config.put("org.apache.felix.http.host", "127.0.0.1");
        config.put("orrery.console.port", "0");
        config.put("orrery.host.mode", "realtime");
        config.put("orrery.host.rate", "60");
        config.put("ds.showerrors", "false");
        FrameworkFactory factory = ServiceLoader.load(FrameworkFactory.class).iterator().next();
        framework = factory.newFramework(config);
        framework.start();
        List<Bundle> bundles = new ArrayList<>();
        for (String path : System.getProperty("orrery.itest.bundles").split(",")) {
            bundles.add(install(path));
        }
        bundles.add(install(System.getProperty("orrery.itest.console")));
        bundles.add(install(plugin.getAbsolutePath()));
        bundles.add(install(System.getProperty("orrery.itest.host")));
        for (Bundle b : bundles) {
            if (b.getHeaders().get("Fragment-Host") == null) {
                b.start();
            }
        }
        base = served.get(WAIT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1400,1000");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
    }

    private static Bundle install(String path) throws BundleException {
        return framework.getBundleContext().installBundle(new File(path).toURI().toString());
    }

    @AfterAll
    static void stop() throws Exception {
        if (browser != null) {
            browser.quit();
        }
        if (framework != null) {
            framework.stop();
            framework.waitForStop(10_000);
        }
    }

    private static WebDriverWait waiting() {
        WebDriverWait wait = new WebDriverWait(browser, WAIT);
        wait.ignoring(StaleElementReferenceException.class); // the pages redraw their tables
        // Selenium's default is a look every 500 ms: most of a visit would be spent asleep after the page
        // is ready; the condition is cheap (one script call), so look often.
        wait.pollingEvery(POLL);
        return wait;
    }

    /** The text of the first element matching a CSS selector, read in one step (the tables are redrawn), or "". */
    private static String text(String css) {
        Object t = ((JavascriptExecutor) browser).executeScript(
                "const e = document.querySelector(arguments[0]); return e ? e.textContent : '';", css);
        return t == null ? "" : t.toString().trim();
    }

    /** @return the whole number an element shows, or -1 while it shows none (the tables are redrawn) */
    private static long numberIn(String css) {
        String text = text(css);
        return text.matches("\\d+") ? Long.parseLong(text) : -1;
    }

    private static long cell(String system, String cls) {
        return numberIn("#systems tr[data-system='" + system + "'] td." + cls);
    }

    /**
     * The number an element shows, once it shows one: the pages redraw their tables on every update,
     * and a read during a redraw finds no number ({@link #numberIn} says -1).
     */
    private static long awaitNumber(String css) {
        return waiting().until(d -> {
            long v = numberIn(css);
            return v >= 0 ? v : null;
        });
    }

    private static long number(String system, String cls) {
        return awaitNumber("#systems tr[data-system='" + system + "'] td." + cls);
    }

    @Test
    @DisplayName("the picture shows every system; Disable stops the world running it; timings change live; screenshots saved")
    void consoleInChromium() throws Exception {
        browser.get(base + "schedule.html");
        waiting().until(d -> d.findElements(By.cssSelector("#picture svg g[data-system]")).size() >= BrowserTestPlugin.SYSTEMS.length);
        List<WebElement> nodes = browser.findElements(By.cssSelector("#picture svg g[data-system]"));
        List<String> shown = nodes.stream().map(n -> n.getAttribute("data-system")).toList();
        assertEquals(List.of(BrowserTestPlugin.SYSTEMS).stream().sorted().toList(), shown.stream().sorted().toList(),
                "one picture node per system of the main schedule");
        // the run condition that never holds: marked conditional
        assertTrue(browser.findElement(By.cssSelector("#picture svg g[data-system='console-test/never']"))
                .getAttribute("class").contains("conditional"));

        String target = "console-test/move";
        waiting().until(d -> cell(target, "runs") > 0);
        browser.findElement(By.cssSelector("button.toggle[data-system='" + target + "']")).click();
        waiting().until(d -> text("#message")
                .equals("system '" + target + "' in schedule main is now disabled"));
        // the world stops running it: its disabled-skips grow while its run count stays
        waiting().until(d -> cell(target, "skipped") > 0);
        long runsAfter = number(target, "runs");
        long skipped = number(target, "skipped");
        waiting().until(d -> cell(target, "skipped") > skipped + 10);
        assertEquals(runsAfter, number(target, "runs"), target + " ran after it was disabled");
        // the picture marks it disabled (once redrawn: waited for, not read once)
        waiting().until(d -> d.findElement(By.cssSelector("#picture svg g[data-system='" + target + "']"))
                .getAttribute("class").contains("disabled"));
        // and the JSON agrees
        String json = get("api/schedules");
        assertTrue(json.contains("\"name\":\"" + target + "\",\"phase\":\"OnUpdate\",\"plugin\":\"console-test\",\"enabled\":false"), json);
        screenshot("console-schedule.png");

        browser.get(base + "timings.html");
        String row = "#timings tr[data-system='console-test/input']";
        long runs = awaitNumber(row + " td.runs");
        waiting().until(d -> numberIn(row + " td.runs") > runs);
        // The devtools sample 1 frame in 256 by default: the open page gets the console's own exact feed.
        assertEquals("console", text("#source"));
        waiting().until(d -> d.findElement(By.cssSelector(row + " svg.spark polyline")).getAttribute("points").split(" ").length > 3);
        screenshot("console-timings.png");

        browser.get(base + "plugins.html");
        waiting().until(d -> !d.findElements(By.cssSelector("#plugins tr[data-plugin='console-test']")).isEmpty());
        waiting().until(d -> d.findElement(By.cssSelector("#plugins tr[data-plugin='console-test']")).getText().contains("ACTIVE"));
        // the message types with their counters and readers
        String hits = "#messages tr[data-type='" + BrowserTestPlugin.HIT.name() + "']";
        waiting().until(d -> !d.findElements(By.cssSelector(hits)).isEmpty());
        assertTrue(text(hits).contains("main/console-test/render: "), text(hits));

        // a system fault pauses the host; the plugins page shows it with a Resume button that resumes
        System.setProperty(BrowserTestPlugin.FAULT_PROPERTY, "true");
        waiting().until(d -> d.findElement(By.id("fault")).isDisplayed());
        String fault = text("#fault-text");
        assertTrue(fault.contains("console-test/render") && fault.contains("the fault the browser test asked for"), fault);
        waiting().until(d -> "PAUSED".equals(d.findElement(By.id("status")).getAttribute("data-state")));
        assertTrue(HOST_RECORDS.stream().anyMatch(r -> r.getLevel() == java.util.logging.Level.SEVERE
                && r.getMessage().startsWith("simulation paused: system 'console-test/render' of plugin 'console-test'")),
                "the host logged the fault");
        screenshot("console-plugins.png");
        browser.findElement(By.id("resume-fault")).click();
        waiting().until(d -> "RUNNING".equals(d.findElement(By.id("status")).getAttribute("data-state")));
        waiting().until(d -> !d.findElement(By.id("fault")).isDisplayed());
    }

    @Test
    @DisplayName("100 visits of the schedule page, each with the console's own timings hooks: no rebuild, no INFO line of the host")
    void visitingThePageRebuildsNothing() throws Exception {
        browser.get(base + "plugins.html");
        waiting().until(d -> text("#plugins tr[data-plugin='console-test']").contains("ACTIVE"));
        String before = rebuildSequences();
        waiting().until(d -> !before.isEmpty());
        int logged = HOST_RECORDS.size();
        for (int i = 0; i < 100; i++) {
            browser.get(base + "schedule.html");
            waiting().until(d -> "true".equals(d.findElement(By.tagName("body")).getAttribute("data-ready")));
            // the stream's timings reached the page (every tenth visit: and they move, so the console's
            // hooks observe the frames)
            int visit = i;
            long[] first = new long[1];
            waiting().until(d -> (first[0] = cell("console-test/input", "runs")) > 0);
            if (i % 10 == 0) {
                waiting().until(d -> cell("console-test/input", "runs") > first[0]);
            }
            assertEquals(before, rebuildSequences(), "visit " + visit + " rebuilt a schedule");
        }
        browser.get(base + "timings.html");
        waiting().until(d -> "console".equals(text("#source")));
        assertEquals(before, rebuildSequences(), "no rebuild across 100 visits");
        List<String> info = HOST_RECORDS.subList(logged, HOST_RECORDS.size()).stream()
                .filter(r -> r.getLevel().intValue() >= java.util.logging.Level.INFO.intValue())
                .map(r -> r.getLevel() + " " + r.getMessage()).toList();
        assertEquals(List.of(), info, "the host logged nothing at INFO or above while pages came and went");
    }

    /** @return the sequence numbers of the host's rebuilds, as {@code /api/plugins} lists them */
    private static String rebuildSequences() throws IOException, InterruptedException {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"sequence\":(\\d+)").matcher(get("api/plugins"));
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            out.append(m.group(1)).append(' ');
        }
        return out.toString().trim();
    }

    /** The console's origin, e.g. {@code http://127.0.0.1:40123}. */
    private static String consoleOrigin() {
        return base.substring(0, base.indexOf("/orrery/"));
    }

    private static int consolePort() {
        return URI.create(base).getPort();
    }

    private static final String FRAME_PAGE = """
            <!DOCTYPE html><html><body>
            <script>window.loaded = {};</script>
            <iframe id="console" style="opacity:0.01" onload="window.loaded.console = true" src="%s/orrery/schedule.html"></iframe>
            <iframe id="control" onload="window.loaded.control = true" src="/marker.html"></iframe>
            </body></html>""";

    private static final String STEAL_PAGE = """
            <!DOCTYPE html><html><body><script>
            const target = '%s/orrery';
            window.outcome = {};
            (async () => {
              try { const r = await fetch(target + '/api/token'); window.outcome.readToken = 'read ' + r.status; }
              catch (e) { window.outcome.readToken = 'blocked'; }
              for (let i = 0; i < 100; i++) await fetch(target + '/api/token', {mode: 'no-cors', cache: 'no-store'});
              await fetch(target + '/api/pause', {method: 'POST', mode: 'no-cors'});
              await fetch(target + '/api/system/disable?system=console-test/collide', {method: 'POST', mode: 'no-cors'});
              try { await fetch(target + '/api/pause', {method: 'POST', headers: {'X-Orrery-Token': 'guessed'}}); window.outcome.preflight = 'sent'; }
              catch (e) { window.outcome.preflight = 'blocked'; }
              try { const r = await fetch(target + '/api/plugins'); window.outcome.read = 'read ' + r.status; }
              catch (e) { window.outcome.read = 'blocked'; }
              window.outcome.done = true;
            })();
            </script></body></html>""";

    @Test
    @DisplayName("attacker site: a page of another local origin that frames the console gets no console (refused, and framing denied)")
    void framingBlocked() throws Exception {
        try (AttackerSite site = new AttackerSite(Map.of("/frame.html", FRAME_PAGE.formatted(consoleOrigin()),
                "/marker.html", "<!DOCTYPE html><html><body data-marker=\"attacker\">attacker's own frame</body></html>"));
             CapturedLog log = CapturedLog.attach("dev.orrery.console", System.Logger.Level.DEBUG)) {
            browser.get(site.base() + "/frame.html");
            awaitFramesLoaded("console", "control");
            assertFrameShows("control", "body[data-marker]", 1);
            assertFrameShows("console", "body[data-page]", 0);
            assertFrameShows("console", "#pause", 0);
            // the frame's request is refused by the console itself (another origin), besides the headers below
            assertTrue(log.messagesAt(System.Logger.Level.DEBUG).stream().anyMatch(l -> l.startsWith(
                    "console refused GET /schedule.html (403): cross-site request refused (Sec-Fetch-Site:")), log.lines().toString());
        }
        // the headers alone: even the console's own page, which the console answers, cannot frame it
        browser.get(base + "plugins.html");
        ((JavascriptExecutor) browser).executeScript("""
                window.loaded = {};
                const f = document.createElement('iframe');
                f.id = 'console';
                f.onload = () => { window.loaded.console = true; };
                f.src = '/orrery/schedule.html';
                document.body.appendChild(f);""");
        awaitFramesLoaded("console");
        assertFrameShows("console", "body[data-page]", 0);
        assertFrameShows("console", "#pause", 0);
    }

    private static void awaitFramesLoaded(String... ids) {
        for (String id : ids) {
            waiting().until(d -> Boolean.TRUE.equals(((JavascriptExecutor) d).executeScript(
                    "return !!window.loaded && window.loaded[arguments[0]] === true;", id)));
        }
    }

    private static void assertFrameShows(String frame, String css, int count) {
        browser.switchTo().frame(frame);
        try {
            assertEquals(count, browser.findElements(By.cssSelector(css)).size(), "frame " + frame + ": " + css);
        } finally {
            browser.switchTo().defaultContent();
        }
    }

    @Test
    @DisplayName("attacker site: cross-origin token fetches (100) and steering are refused; the host keeps running; the console page's buttons still work")
    void crossOriginRefusedAndConsoleKeepsWorking() throws Exception {
        // the console page, open in its own tab, steers once before the attack
        browser.get(base + "schedule.html");
        String consoleTab = browser.getWindowHandle();
        waiting().until(d -> "RUNNING".equals(d.findElement(By.id("status")).getAttribute("data-state")));
        browser.findElement(By.id("pause")).click();
        waiting().until(d -> text("#message").startsWith("paused at frame"));
        browser.findElement(By.id("resume")).click();
        waiting().until(d -> text("#message").startsWith("resumed at frame"));
        try (AttackerSite site = new AttackerSite(Map.of("/steal.html", STEAL_PAGE.formatted(consoleOrigin())));
             CapturedLog log = CapturedLog.attach("dev.orrery.console", System.Logger.Level.DEBUG)) {
            browser.switchTo().newWindow(org.openqa.selenium.WindowType.TAB);
            browser.get(site.base() + "/steal.html");
            waiting().until(d -> Boolean.TRUE.equals(((JavascriptExecutor) d).executeScript("return window.outcome.done === true;")));
            Map<?, ?> outcome = (Map<?, ?>) ((JavascriptExecutor) browser).executeScript("return window.outcome;");
            assertEquals("blocked", outcome.get("readToken"), outcome.toString());
            assertEquals("blocked", outcome.get("read"), outcome.toString());
            assertEquals("blocked", outcome.get("preflight"), outcome.toString());
            List<String> refused = log.messagesAt(System.Logger.Level.DEBUG);
            assertEquals(101, refused.stream().filter(l -> l.startsWith("console refused GET /api/token (403)")).count(),
                    String.join("\n", refused));
            // another port of 127.0.0.1 is the same site but another origin: refused all the same
            assertTrue(refused.contains("console refused GET /api/token (403): cross-site request refused (Sec-Fetch-Site: same-site)")
                    || refused.contains("console refused GET /api/token (403): cross-site request refused (Sec-Fetch-Site: cross-site)"),
                    String.join("\n", refused));
            assertTrue(refused.stream().anyMatch(l -> l.startsWith("console refused POST /api/pause (403): cross-origin request refused"
                    + " (Origin " + site.base() + " is not this console")), String.join("\n", refused));
            assertTrue(refused.stream().anyMatch(l -> l.startsWith("console refused POST /api/system/disable (403)")), String.join("\n", refused));
            assertEquals(0, log.stackTraces());
            String json = get("api/schedules");
            assertTrue(json.contains("\"name\":\"console-test/collide\",\"phase\":\"OnUpdate\",\"plugin\":\"console-test\",\"enabled\":true"), json);
            assertTrue(get("api/plugins").contains("\"state\":\"RUNNING\""), "the attack did not pause the host");
            // other same-origin clients take 100 more tokens: the page's token is not pushed out
            for (int i = 0; i < 100; i++) {
                assertTrue(get("api/token").contains("\"token\""));
            }
            browser.close();
            browser.switchTo().window(consoleTab);
            log.clear();
            browser.findElement(By.id("pause")).click();
            waiting().until(d -> text("#message").startsWith("paused at frame"));
            assertEquals(List.of(), log.messagesAt(System.Logger.Level.DEBUG), "the page's first token still steers");
            // a page whose token is no longer valid (a restart, its lifetime) fetches a new one and retries once
            ((JavascriptExecutor) browser).executeScript("token = '00';");
            browser.findElement(By.id("resume")).click();
            waiting().until(d -> text("#message").startsWith("resumed at frame"));
            assertEquals(List.of("console refused POST /api/resume (403): steering needs the session token of the console's page"
                    + " in header X-Orrery-Token; missing or unknown"), log.messagesAt(System.Logger.Level.DEBUG));
        }
    }

    @Test
    @DisplayName("Jetty, raw sockets: Host 127.attacker.example:<port> gets 403 everywhere; frame headers on every answer; bad input is 400; streams are capped")
    void jettyLocks() throws Exception {
        int port = consolePort();
        String rebound = "127.attacker.example:" + port;
        String own = "127.0.0.1:" + port;
        String token = RawHttp.send(port, "GET", "/orrery/api/token", own).body().replaceAll(".*\"token\":\"([0-9a-f]+)\".*", "$1");
        for (String path : List.of("/orrery/", "/orrery/schedule.html", "/orrery/console.js", "/orrery/api/schedules",
                "/orrery/api/timings", "/orrery/api/plugins", "/orrery/api/commits", "/orrery/api/clocks", "/orrery/api/token", "/orrery/graph.svg",
                "/orrery/api/events")) {
            RawHttp.Answer a = RawHttp.send(port, "GET", path, rebound);
            assertEquals(403, a.status(), path);
            assertEquals("DENY", a.header("X-Frame-Options"), path);
        }
        RawHttp.Answer a = RawHttp.send(port, "POST", "/orrery/api/system/disable?system=console-test/collide", rebound,
                "X-Orrery-Token: " + token);
        assertEquals(403, a.status());
        assertTrue(get("api/schedules").contains("\"name\":\"console-test/collide\",\"phase\":\"OnUpdate\",\"plugin\":\"console-test\",\"enabled\":true"));
        assertTrue(get("api/clocks").startsWith("{\"paused\":"), "the servlet serves the clocks too");
        a = RawHttp.send(port, "GET", "/orrery/schedule.html", own);
        assertEquals(200, a.status());
        assertEquals("DENY", a.header("X-Frame-Options"));
        assertTrue(a.header("Content-Security-Policy").contains("frame-ancestors 'none'"), a.header("Content-Security-Policy"));
        assertEquals("nosniff", a.header("X-Content-Type-Options"));
        try (CapturedLog log = CapturedLog.attach("dev.orrery.console", System.Logger.Level.DEBUG)) {
            a = RawHttp.send(port, "GET", "/orrery/api/timings?schedule=%ff", own);
            assertEquals(400, a.status());
            assertEquals("{\"ok\":false,\"message\":\"the request URL's percent escapes are not valid UTF-8\"}", a.body());
            assertEquals(400, RawHttp.send(port, "GET", "/orrery/api/timings?schedule=%zz", own).status());
            assertEquals(400, RawHttp.send(port, "POST", "/orrery/api/step?frames=2147483647", own).status());
            assertEquals(3, log.messagesAt(System.Logger.Level.DEBUG).size(), log.lines().toString());
            assertEquals(0, log.stackTraces());
        }
        List<java.net.Socket> streams = new ArrayList<>();
        try {
            RawHttp.Answer refused = null;
            for (int i = 0; i <= EventStream.MAX_STREAMS && refused == null; i++) {
                java.net.Socket s = RawHttp.connect(port);
                streams.add(s);
                RawHttp.write(s, RawHttp.request("GET", "/orrery/api/events?timings=false", own, false));
                RawHttp.Answer head = RawHttp.readHead(s.getInputStream());
                if (head.status() == 503) {
                    refused = head;
                } else {
                    assertEquals(200, head.status());
                }
            }
            assertTrue(refused != null, "a stream past " + EventStream.MAX_STREAMS + " is refused");
            assertEquals(String.valueOf(EventStream.RETRY_AFTER_SECONDS), refused.header("Retry-After"));
            assertTrue(get("api/plugins").contains("\"plugins\""), "reads answer while the streams are full");
        } finally {
            for (java.net.Socket s : streams) {
                s.close();
            }
        }
    }

    @Test
    @DisplayName("Jetty: a step of 3600 frames whose client leaves is cancelled: the next step runs at once, not after the 3600")
    void jettyStepCancelledWhenClientLeaves() throws Exception {
        int port = consolePort();
        String own = "127.0.0.1:" + port;
        String token = RawHttp.send(port, "GET", "/orrery/api/token", own).body().replaceAll(".*\"token\":\"([0-9a-f]+)\".*", "$1");
        String header = "X-Orrery-Token: " + token;
        assertEquals(200, RawHttp.send(port, "POST", "/orrery/api/pause", own, header).status());
        try {
            // 3600 frames at 60 frames per second: a minute, far longer than the 2 s the console waits before it answers
            try (java.net.Socket s = RawHttp.connect(port)) {
                RawHttp.write(s, RawHttp.request("POST", "/orrery/api/step?frames=" + 3600, own, false, header));
                assertEquals(200, RawHttp.readHead(s.getInputStream()).status(), "the long step answers 200 and goes on");
            }
            // the client has gone: its frames are cancelled, so one more frame runs now (a step keeps its place in line)
            RawHttp.Answer a = RawHttp.send(port, "POST", "/orrery/api/step?frames=1", own, header);
            assertEquals(200, a.status());
            assertTrue(a.body().strip().startsWith("{\"ok\":true,\"message\":\"stepped 1 frame(s) from frame "), a.body());
        } finally {
            assertEquals(200, RawHttp.send(port, "POST", "/orrery/api/resume", own, header).status());
        }
    }

    private static void screenshot(String name) throws IOException {
        byte[] png = ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES);
        Path out = Path.of("target", name);
        Files.write(out, png);
        assertTrue(Files.size(out) > 1000, "screenshot " + out);
    }

    private static String get(String path) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newHttpClient();
        return client.send(HttpRequest.newBuilder(URI.create(base + path)).build(), HttpResponse.BodyHandlers.ofString()).body();
    }
}
