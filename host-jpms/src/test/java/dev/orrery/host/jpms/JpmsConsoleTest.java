package dev.orrery.host.jpms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.FrameMode;
import dev.orrery.host.HostSettings;
import dev.orrery.host.core.HostCore;
import dev.orrery.plugin.console.TimingsFeed;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.testsupport.log.CapturedLog;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The web console in JPMS mode ({@link JpmsConsole}): the console's handlers over a real host core
 * with a plugin added through {@link JpmsHost}, on a free loopback port, over real HTTP.
 */
class JpmsConsoleTest {
    private static final HostSettings SETTINGS = HostSettings.builder().mode(FrameMode.FIXED).fixedDt(0.25).rate(0)
            .startPaused(true).quietPeriod(Duration.ofMillis(5)).maxDelay(Duration.ofMillis(50)).build();
    private static final long WAIT_SECONDS = 10;
    /** The request header steering needs (the README's "Web console" section). */
    private static final String TOKEN_HEADER = "X-Orrery-Token";
    private final CapturedLog log = CapturedLog.create();
    private final AtomicInteger moves = new AtomicInteger();
    private final AtomicInteger ticks = new AtomicInteger();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final List<AutoCloseable> open = new ArrayList<>();
    private HostCore host;
    private JpmsHost front;

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
        if (host != null) {
            host.stop();
        }
    }

    /** A host core with one plugin of two systems ("demo/move", "demo/tick"), loaded (paused, stepped). */
    private void startHost() throws Exception {
        front = new JpmsHost();
        host = HostCore.create(SETTINGS, front, CapturedLog.create().logger());
        front.attach(host, l -> Optional.empty());
        host.start();
        front.added("demo/Demo", Plugin.builder("demo").systems(
                EcsSystem.define("demo/move", (w, dt) -> moves.incrementAndGet()),
                EcsSystem.define("demo/tick", (w, dt) -> ticks.incrementAndGet())).build(), "demo.jar");
        front.settled();
        host.requestRebuild();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (ticks.get() == 0) {
            assertTrue(System.nanoTime() < deadline, "the plugin never ran: " + host.plugins());
            step(1);
        }
    }

    private void step(int frames) throws Exception {
        host.step(frames).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    private Optional<JpmsConsole> console(Map<String, String> properties) {
        Optional<JpmsConsole> c = JpmsConsole.start(host, properties::get, front::nextId, log.logger());
        c.ifPresent(open::add);
        return c;
    }

    private HttpResponse<String> get(String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String url, String token) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).POST(HttpRequest.BodyPublishers.noBody());
        if (token != null) {
            b.header(TOKEN_HEADER, token);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theConsoleServesTheHostsSchedulesAndGraphAndSteersItOnlyWithTheToken() throws Exception {
        startHost();
        // port 0: the console binds any free port and names it (no probe of a free port that another process may take)
        JpmsConsole console = console(Map.of("orrery.console.port", "0")).orElseThrow();
        int port = console.address().getPort();
        assertTrue(port > 0, "bound port " + port);
        assertEquals(List.of("INFO web console at http://127.0.0.1:" + port + "/orrery/"), log.lines());
        String base = "http://127.0.0.1:" + port + "/orrery";

        HttpResponse<String> r = get(base + "/api/schedules");
        assertEquals(200, r.statusCode());
        assertTrue(r.body().contains("\"demo/move\"") && r.body().contains("\"demo/tick\""), r.body());

        r = get(base + "/graph.svg");
        assertEquals(200, r.statusCode());
        Matcher m = Pattern.compile("data-system=\"([^\"]+)\"").matcher(r.body());
        List<String> systems = new ArrayList<>();
        while (m.find()) {
            systems.add(m.group(1));
        }
        assertEquals(List.of("demo/move", "demo/tick"), systems.stream().sorted().toList(), "one element per system");

        String disable = base + "/api/system/disable?system=demo/move";
        r = post(disable, null);
        assertEquals(403, r.statusCode(), r.body());
        int before = moves.get();
        step(2);
        assertEquals(before + 2, moves.get(), "refused: the system still runs");

        String token = get(base + "/api/token").body().replaceAll(".*\"token\":\"([0-9a-f]+)\".*", "$1");
        r = post(disable, token);
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.body().contains("\"ok\":true"), r.body());
        before = moves.get();
        int ticked = ticks.get();
        step(3);
        assertEquals(ticked + 3, ticks.get(), "frames ran");
        assertEquals(before, moves.get(), "the disabled system no longer runs");
    }

    @Test
    void liveTimingsAddHooksToTheHostOnlyWhileAPageListens() throws Exception {
        startHost();
        HookTimingsFeed feed = new HookTimingsFeed(host, front::nextId);
        feed.subscribe();
        step(2);
        // a rebuild builds the hooks in; step until the timings have the plugin's systems
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (host.submit(w -> feed.snapshot().size()).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS) < 2) {
            assertTrue(System.nanoTime() < deadline, "no timings");
            step(1);
        }
        feed.unsubscribe();
        // the hooks leave at the next rebuild: step until the runs stop growing, then they stay put
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        long seen = runs(feed);
        while (true) {
            step(1);
            long now = runs(feed);
            if (now == seen) {
                break;
            }
            assertTrue(System.nanoTime() < deadline, "the timings hooks were never removed");
            seen = now;
        }
        int ticked = ticks.get();
        step(5);
        assertEquals(ticked + 5, ticks.get(), "frames ran");
        assertEquals(seen, runs(feed), "no hooks while no page listens");
        assertEquals(TimingsFeed.Source.CONSOLE, feed.source());
    }

    private long runs(HookTimingsFeed feed) throws Exception {
        return host.submit(w -> feed.snapshot().stream().mapToLong(t -> t.runs()).sum())
                .toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    @Test
    void aTakenPortIsOneSevereLineNamingHostPortAndTheHostKeepsRunning() throws Exception {
        startHost();
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            assertFalse(console(Map.of("orrery.console.port", String.valueOf(port))).isPresent());
            assertEquals(1, log.lines().size(), log.lines().toString());
            String line = log.lines().get(0);
            assertTrue(line.startsWith("ERROR web console: cannot listen on 127.0.0.1:" + port + ": "), line);
            assertTrue(line.contains("already in use"), line);
        }
        int before = ticks.get();
        step(1);
        assertEquals(before + 1, ticks.get(), "the host keeps running");
    }

    @Test
    void offWhenDisabledAndABadSettingIsOneLine() throws Exception {
        startHost();
        Map<String, String> off = new HashMap<>();
        off.put("orrery.console.enabled", "false");
        assertFalse(console(off).isPresent());
        assertFalse(console(Map.of("orrery.console.port", "nope")).isPresent());
        assertEquals(List.of("INFO the web console is off (orrery.console.enabled=false)",
                "ERROR web console not served: orrery.console.port must be a port from 0 (any free port) to 65535, got 'nope'"), log.lines());
    }
}
