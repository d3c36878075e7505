package dev.orrery.plugin.console.internal.jdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RunState;
import dev.orrery.plugin.console.RawHttp;
import dev.orrery.plugin.console.TimingsFeed;
import dev.orrery.plugin.console.internal.web.ConsoleHandler;
import dev.orrery.plugin.console.internal.web.EventStream;
import dev.orrery.plugin.console.internal.web.SecurityHeaders;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.testsupport.host.FakeGameHost;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.world.World;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The JDK server's locks, over raw sockets on 127.0.0.1 (a rebinding {@code Host} is only written,
 * never resolved): the gate on every path, the protection headers on every answer, 400 for bad input,
 * the stream cap, slow clients dropped with the threads bounded, and a long step cancelled when its
 * client leaves. Waits are for observable events (an answer, a closed connection, a count the server
 * reports), each bounded by {@link #WAIT}.
 */
class JdkConsoleServerSecurityTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String REBOUND = "127.attacker.example";

    private final World world = new World();
    private final EcsSystem move = EcsSystem.builder("move").phase(Phase.ON_UPDATE).run((w, dt) -> { }).build();
    private final Schedule main = Schedule.builder("main").systems(move).build();
    private final FakeGameHost host = new FakeGameHost(world).put(main).setState(RunState.RUNNING);
    private final List<Socket> sockets = new ArrayList<>();
    private JdkConsoleServer server;
    private int port;

    private void start(Limits limits, Duration frameTimeout) throws IOException {
        server = JdkConsoleServer.start(new ConsoleHandler(() -> host, () -> TimingsFeed.NONE, frameTimeout),
                new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), 0), limits);
        port = server.address().getPort();
    }

    private void start() throws IOException {
        start(Limits.DEFAULT, Duration.ofSeconds(2));
    }

    @AfterEach
    void stop() throws IOException {
        for (Socket s : sockets) {
            s.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private String own() {
        return "127.0.0.1:" + port;
    }

    private RawHttp.Answer get(String target, String hostHeader, String... extra) throws IOException {
        return RawHttp.send(port, "GET", target, hostHeader, extra);
    }

    private String token() throws IOException {
        RawHttp.Answer a = get("/orrery/api/token", own());
        assertEquals(200, a.status(), a.body());
        return a.body().replaceAll(".*\"token\":\"([0-9a-f]+)\".*", "$1");
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - end > 0) {
                throw new AssertionError("not within " + WAIT + ": " + what);
            }
            Thread.sleep(5); // a poll on an observable condition, bounded above by WAIT
        }
    }

    private static void assertProtected(RawHttp.Answer a, String what) {
        SecurityHeaders.ALL.forEach((k, v) -> assertEquals(v, a.header(k), what + ": header " + k));
        assertEquals("DENY", a.header("X-Frame-Options"), what);
        assertTrue(a.header("Content-Security-Policy").contains("frame-ancestors 'none'"), what);
    }

    @Test
    @DisplayName("DNS rebinding over raw sockets: Host 127.attacker.example:<port> gets 403 on every path, token and steering too")
    void rebinding() throws Exception {
        start();
        String token = token();
        String rebound = REBOUND + ":" + port;
        for (String path : List.of("/orrery/", "/orrery/schedule.html", "/orrery/console.js", "/orrery/api/schedules",
                "/orrery/api/timings", "/orrery/api/plugins", "/orrery/api/commits", "/orrery/api/messages",
                "/orrery/api/clocks", "/orrery/api/token", "/orrery/graph.svg?schedule=main", "/orrery/api/events")) {
            RawHttp.Answer a = get(path, rebound);
            assertEquals(403, a.status(), path);
            assertTrue(a.body().contains("refused Host " + rebound), a.body());
            assertProtected(a, path);
        }
        RawHttp.Answer a = RawHttp.send(port, "POST", "/orrery/api/system/disable?system=move", rebound, "X-Orrery-Token: " + token);
        assertEquals(403, a.status());
        assertTrue(main.isEnabled(world, move), "nothing changed");
        a = RawHttp.send(port, "POST", "/orrery/api/system/disable?system=move", own(), "X-Orrery-Token: " + token);
        assertEquals(200, a.status(), a.body());
        assertFalse(main.isEnabled(world, move), "the same request under a loopback Host steers");
    }

    @Test
    @DisplayName("every answer carries X-Frame-Options DENY, CSP frame-ancestors 'none' and nosniff: 200, 404, 400, 403, 405, the stream")
    void protectionHeaders() throws Exception {
        start();
        assertProtected(get("/orrery/schedule.html", own()), "page");
        assertProtected(get("/orrery/api/plugins", own()), "json");
        assertProtected(get("/orrery/graph.svg?schedule=main", own()), "svg");
        assertProtected(get("/orrery/nope", own()), "404");
        assertProtected(get("/orrery/api/timings?schedule=%ff", own()), "400");
        assertProtected(get("/orrery/api/plugins", "evil.example"), "403");
        assertProtected(get("/orrery/api/pause", own()), "405");
        try (Socket s = RawHttp.connect(port)) {
            RawHttp.write(s, RawHttp.request("GET", "/orrery/api/events?timings=false", own(), false));
            RawHttp.Answer head = RawHttp.readHead(s.getInputStream());
            assertEquals(200, head.status());
            assertProtected(head, "stream");
        }
    }

    @Test
    @DisplayName("bad input: invalid UTF-8, a bad % escape, a non-numeric or too large frames: 400, one DEBUG line, no trace, before the token")
    void badInput() throws Exception {
        start();
        try (CapturedLog log = CapturedLog.attach(ConsoleHandler.LOGGER, System.Logger.Level.DEBUG)) {
            RawHttp.Answer a = get("/orrery/api/timings?schedule=%ff", own());
            assertEquals(400, a.status());
            assertEquals("{\"ok\":false,\"message\":\"the request URL's percent escapes are not valid UTF-8\"}", a.body());
            assertEquals(400, get("/orrery/graph.svg?schedule=%C3%28", own()).status());
            assertEquals(400, get("/orrery/api/timings?schedule=%zz", own()).status()); // the JDK server's own 400
            for (String frames : List.of("abc", "2147483647", String.valueOf(ConsoleHandler.MAX_STEP_FRAMES + 1), "-5")) {
                a = RawHttp.send(port, "POST", "/orrery/api/step?frames=" + frames, own());
                assertEquals(400, a.status(), frames);
            }
            assertEquals(List.of(), host.stepRequests());
            List<String> debug = log.messagesAt(System.Logger.Level.DEBUG);
            assertEquals(6, debug.size(), debug.toString());
            assertEquals("console refused GET /orrery/api/timings (400): the request URL's percent escapes are not valid UTF-8",
                    debug.get(0));
            assertEquals(0, log.stackTraces());
        }
    }

    @Test
    @DisplayName("/api/token refuses Origin http://evil.example and Sec-Fetch-Site cross-site (403, no token); tokens are not exhausted by 100 more")
    void tokenEndpoint() throws Exception {
        start();
        RawHttp.Answer a = get("/orrery/api/token", own(), "Origin: http://evil.example");
        assertEquals(403, a.status());
        assertFalse(a.body().contains("\"token\""), a.body());
        a = get("/orrery/api/token", own(), "Sec-Fetch-Site: cross-site");
        assertEquals(403, a.status());
        assertFalse(a.body().contains("\"token\""), a.body());
        assertEquals(403, get("/orrery/api/token", own(), "Origin: http://127.0.0.1:1").status());
        String first = token();
        for (int i = 0; i < 100; i++) {
            token();
        }
        a = RawHttp.send(port, "POST", "/orrery/api/pause", own(), "X-Orrery-Token: " + first);
        assertEquals(200, a.status(), a.body());
        assertEquals(RunState.PAUSED, host.status().state());
    }

    @Test
    @DisplayName("at most MAX_STREAMS event streams: the next is 503 with Retry-After and a DEBUG line; reads still answer; a closed one frees its place")
    void streamCap() throws Exception {
        start();
        try (CapturedLog log = CapturedLog.attach(ConsoleHandler.LOGGER, System.Logger.Level.DEBUG)) {
            for (int i = 0; i < EventStream.MAX_STREAMS; i++) {
                Socket s = RawHttp.connect(port);
                sockets.add(s);
                RawHttp.write(s, RawHttp.request("GET", "/orrery/api/events?timings=false", own(), false));
                assertEquals(200, RawHttp.readHead(s.getInputStream()).status());
            }
            assertEquals(EventStream.MAX_STREAMS, server.openStreams());
            RawHttp.Answer a = get("/orrery/api/events?timings=false", own());
            assertEquals(503, a.status());
            assertEquals(String.valueOf(EventStream.RETRY_AFTER_SECONDS), a.header("Retry-After"));
            assertEquals(List.of("console refused GET /api/events (503): too many event streams open (at most "
                    + EventStream.MAX_STREAMS + "); retry later"), log.messagesAt(System.Logger.Level.DEBUG));
            assertEquals(200, get("/orrery/api/plugins", own()).status(), "reads answer while the streams are full");
        }
        sockets.remove(0).close();
        // the stream notices at its next write: frames move so that it writes
        await("the closed stream's place is given back", () -> {
            host.advanceFrames(1);
            return server.openStreams() < EventStream.MAX_STREAMS;
        });
        try (Socket s = RawHttp.connect(port)) {
            RawHttp.write(s, RawHttp.request("GET", "/orrery/api/events?timings=false", own(), false));
            assertEquals(200, RawHttp.readHead(s.getInputStream()).status());
        }
    }

    @Test
    @DisplayName("slowloris: 100 clients that never finish their headers (8 times the pool and its queue) use at most the pool's threads, are dropped, and the console answers")
    void slowClients() throws Exception {
        Limits limits = new Limits(4, 8, Duration.ofMillis(300), Duration.ofSeconds(1));
        start(limits, Duration.ofSeconds(2));
        int before = consoleThreads();
        for (int i = 0; i < 100; i++) {
            Socket s = RawHttp.connect(port);
            sockets.add(s);
            RawHttp.write(s, "GET /orrery/api/plugins HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "); // never ends
            assertTrue(server.threads() <= limits.threads(), "threads after " + (i + 1) + " slow clients: " + server.threads());
        }
        for (Socket s : sockets) {
            assertTrue(RawHttp.closedByServer(s), "a slow client is dropped");
            assertTrue(server.threads() <= limits.threads());
            assertTrue(consoleThreads() - before <= limits.threads(), "console threads: " + consoleThreads());
        }
        assertTrue(server.dropped() > 0, "some were dropped by the request time-out (the rest refused by the full queue)");
        assertEquals(200, get("/orrery/api/plugins", own()).status());
    }

    @Test
    @DisplayName("a client that announces a request body and never sends it is dropped, and its thread freed")
    void stalledBodyDropped() throws Exception {
        Limits limits = new Limits(4, 8, Duration.ofSeconds(10), Duration.ofMillis(300));
        start(limits, Duration.ofSeconds(2));
        List<Socket> stalled = new ArrayList<>();
        for (int i = 0; i < 2 * limits.threads(); i++) {
            Socket s = RawHttp.connect(port);
            sockets.add(s);
            stalled.add(s);
            RawHttp.write(s, "POST /orrery/api/pause HTTP/1.1\r\nHost: " + own() + "\r\nContent-Length: 1000000\r\n\r\nx");
        }
        for (Socket s : stalled) {
            RawHttp.Answer head = RawHttp.readHead(s.getInputStream());
            assertEquals(403, head.status(), "answered (no token)");
            RawHttp.readBody(s.getInputStream(), head);
        }
        for (Socket s : stalled) {
            assertTrue(RawHttp.closedByServer(s), "dropped while the server waits for the rest of the body");
        }
        await("the threads are free", () -> server.busyThreads() == 0);
        assertEquals(200, get("/orrery/api/plugins", own()).status());
    }

    private static int consoleThreads() {
        return (int) Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("orrery-console-http")).count();
    }

    @Test
    @DisplayName("a stream client that reads nothing is dropped by the write time-out: its stream ends and its thread is free")
    void nonReadingClientDropped() throws Exception {
        start(new Limits(4, 8, Duration.ofSeconds(10), Duration.ofMillis(300)), Duration.ofSeconds(2));
        for (int i = 0; i < 3000; i++) { // a large host event: about 300 kB
            host.addPlugin(PluginStatus.builder().name("plugin-" + i).schedule("main").bundle("bundle-with-a-long-name-" + i)
                    .serviceId(i).state(PluginState.ACTIVE).reason("a reason long enough to make the event large, number " + i).build());
        }
        Socket s = RawHttp.connect(port);
        sockets.add(s);
        s.setReceiveBufferSize(4096);
        RawHttp.write(s, RawHttp.request("GET", "/orrery/api/events?timings=false", own(), false));
        await("the stream opened", () -> server.openStreams() == 1);
        // never read: each change is another large event, until the server's writes block and time out
        await("the non-reading client was dropped", () -> {
            host.changed();
            return server.dropped() > 0;
        });
        await("its stream ended", () -> server.openStreams() == 0);
        await("its thread is free", () -> server.busyThreads() == 0);
        assertEquals(200, get("/orrery/api/plugins", own()).status());
    }

    @Test
    @DisplayName("step: a long step answers 200 with a pending body; when the client leaves its frames are cancelled and no thread stays")
    void stepCancelledWhenClientLeaves() throws Exception {
        start(Limits.DEFAULT, Duration.ofMillis(100));
        host.pause();
        host.setSteps(FakeGameHost.Steps.HOLD);
        String token = token();
        Socket s = RawHttp.connect(port);
        RawHttp.write(s, RawHttp.request("POST", "/orrery/api/step?frames=" + ConsoleHandler.MAX_STEP_FRAMES, own(), false,
                "X-Orrery-Token: " + token));
        assertEquals(200, RawHttp.readHead(s.getInputStream()).status(), "the step goes on as a pending answer");
        assertTrue(s.getInputStream().read() >= 0, "the pending body's first chunk (a space) arrives");
        java.util.concurrent.CompletableFuture<Long> held = host.awaitHeldStep(WAIT);
        s.close();
        held.handle((frames, failure) -> frames).get(WAIT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
        assertTrue(held.isCancelled(), "the step's frames were cancelled when its client left");
        await("no HTTP thread is parked", () -> server.busyThreads() == 0);
    }

    @Test
    @DisplayName("step: a pending answer ends with the outcome's JSON after leading spaces")
    void stepPendingCompletes() throws Exception {
        start(Limits.DEFAULT, Duration.ofMillis(100));
        host.pause();
        host.setSteps(FakeGameHost.Steps.HOLD);
        String token = token();
        try (Socket s = RawHttp.connect(port)) {
            RawHttp.write(s, RawHttp.request("POST", "/orrery/api/step?frames=5", own(), true, "X-Orrery-Token: " + token));
            RawHttp.Answer head = RawHttp.readHead(s.getInputStream());
            assertEquals(200, head.status());
            assertNotNull(host.awaitHeldStep(WAIT));
            host.heldSteps().get(0).complete(5L);
            String body = RawHttp.readBody(s.getInputStream(), head);
            assertEquals("{\"ok\":true,\"message\":\"stepped 5 frame(s) from frame 0 to 5\"}", body.strip(), body);
            assertTrue(body.substring(0, body.indexOf('{')).isBlank(), body);
        }
    }
}
