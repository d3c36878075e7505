package dev.orrery.plugin.console.internal.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.RunState;
import dev.orrery.plugin.console.TimingsFeed;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.testsupport.host.FakeGameHost;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.world.World;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Every console path, reads included, answers only a request to a loopback host name from the
 * console's own page: the Host, Origin and Sec-Fetch-Site rules of {@link LoopbackGate}, through the
 * handler, each refusal one DEBUG line.
 */
class LoopbackGateTest {
    /** Every GET path the handler answers (the event stream's admission is the same {@link ConsoleHandler#admit}). */
    private static final List<String> READS = List.of("/", "/index.html", "/schedule.html", "/timings.html", "/plugins.html",
            "/console.js", "/console.css", "/api/schedules", "/api/timings", "/api/plugins", "/api/commits", "/api/messages",
            "/api/clocks", "/api/token", "/graph.svg", EventStream.PATH);
    private static final List<String> WRITES = List.of("/api/system/disable", "/api/phase/disable", "/api/pause",
            "/api/resume", "/api/step");

    private final World world = new World();
    private final EcsSystem move = EcsSystem.builder("move").phase(Phase.ON_UPDATE).run((w, dt) -> { }).build();
    private final Schedule main = Schedule.builder("main").systems(move).build();
    private final FakeGameHost host = new FakeGameHost(world).put(main).setState(RunState.RUNNING);
    private final SessionTokens tokens = new SessionTokens();
    private final ConsoleHandler handler = new ConsoleHandler(() -> host, () -> TimingsFeed.NONE, tokens, Duration.ofSeconds(1));

    private static ConsoleRequest request(String method, String path, Map<String, String> headers) {
        Map<String, String> h = new HashMap<>();
        headers.forEach((k, v) -> h.put(k.toLowerCase(), v));
        return new ConsoleRequest(method, path, Map.of("system", "move", "phase", "OnUpdate", "frames", "1"),
                n -> h.get(n.toLowerCase()), "127.0.0.1");
    }

    private ConsoleResponse answer(String method, String path, Map<String, String> headers) {
        ConsoleRequest r = request(method, path, headers);
        if (path.equals(EventStream.PATH)) {
            ConsoleResponse refused = handler.admit(r); // what the front ends ask before they open a stream
            return refused == null ? ConsoleResponse.json(200, "{}") : refused;
        }
        return handler.handle(r);
    }

    @Test
    @DisplayName("Host authorities: localhost, 127.x.x.x and [::1] with an optional port; 127.attacker.example and other names are not loopback")
    void authorities() {
        for (String yes : List.of("localhost", "localhost:8420", "127.0.0.1", "127.0.0.1:8420", "127.9.9.9:1", "[::1]",
                "[::1]:8420", "LOCALHOST:65535")) {
            assertTrue(LoopbackGate.isLoopbackAuthority(yes), yes);
        }
        for (String no : List.of("127.attacker.example", "127.attacker.example:8420", "127.0.0.1.nip.io:8420", "evil.example",
                "127.0.0.1:", "127.0.0.1:0", "127.0.0.1:65536", "127.0.0.1:84a0", "127.0.0.1:8420:1", "[::1]x", "[::1", "::1",
                "[::2]:8420", " 127.0.0.1", "127.0.0.1 ", "", "localhost:-1")) {
            assertFalse(LoopbackGate.isLoopbackAuthority(no), no);
        }
    }

    @Test
    @DisplayName("DNS rebinding: under Host 127.attacker.example every path, reads, token and steering, is 403 with one DEBUG line each")
    void rebindingHostRefusedEverywhere() {
        String token = tokens.issue();
        try (CapturedLog log = CapturedLog.attach(ConsoleHandler.LOGGER, System.Logger.Level.DEBUG)) {
            for (String path : READS) {
                ConsoleResponse r = answer("GET", path, Map.of("Host", "127.attacker.example:8420"));
                assertEquals(403, r.status(), path);
                assertEquals("{\"ok\":false,\"message\":\"the console answers only requests to a loopback host name (localhost,"
                        + " 127.x.x.x, [::1]); refused Host 127.attacker.example:8420\"}", r.text(), path);
            }
            for (String path : WRITES) {
                ConsoleResponse r = answer("POST", path, Map.of("Host", "127.attacker.example:8420", SessionTokens.HEADER, token));
                assertEquals(403, r.status(), path);
            }
            assertTrue(main.isEnabled(world, move));
            assertTrue(main.isPhaseEnabled(world, Phase.ON_UPDATE));
            assertEquals(RunState.RUNNING, host.status().state());
            assertEquals(List.of(), host.stepRequests());
            List<String> debug = log.messagesAt(System.Logger.Level.DEBUG);
            assertEquals(READS.size() + WRITES.size(), debug.size(), debug.toString());
            assertEquals("console refused GET /api/token (403): the console answers only requests to a loopback host name"
                    + " (localhost, 127.x.x.x, [::1]); refused Host 127.attacker.example:8420", debug.get(READS.indexOf("/api/token")));
            assertEquals(0, log.stackTraces());
            assertEquals(debug.size(), log.records().size(), "nothing but the DEBUG lines: " + log.lines());
        }
    }

    @Test
    @DisplayName("no Host, or any other name, is refused on reads too")
    void otherHostsRefused() {
        for (Map<String, String> h : List.of(Map.<String, String>of(), Map.of("Host", "evil.example"), Map.of("Host", "192.168.1.5:8420"),
                Map.of("Host", "localhost.attacker.example:8420"))) {
            assertEquals(403, answer("GET", "/api/plugins", h).status(), h.toString());
            assertEquals(403, answer("GET", "/schedule.html", h).status(), h.toString());
        }
        assertEquals(200, answer("GET", "/api/plugins", Map.of("Host", "localhost:8420")).status());
        assertEquals(200, answer("GET", "/api/plugins", Map.of("Host", "[::1]:8420")).status());
        assertEquals(200, answer("GET", "/api/plugins", Map.of("Host", "127.0.0.1")).status());
    }

    @Test
    @DisplayName("a browser's Origin must be the console's own; Sec-Fetch-Site must be same-origin or none: reads, token and steering alike")
    void browserHeaders() {
        String own = "127.0.0.1:8420";
        List<Map<String, String>> refused = List.of(
                Map.of("Host", own, "Origin", "http://evil.example"),
                Map.of("Host", own, "Origin", "http://127.0.0.1:9999"), // another local site: another origin
                Map.of("Host", own, "Origin", "null"),
                Map.of("Host", own, "Origin", "http://127.attacker.example:8420"),
                Map.of("Host", own, "Sec-Fetch-Site", "cross-site"),
                Map.of("Host", own, "Sec-Fetch-Site", "same-site"), // another port of 127.0.0.1
                Map.of("Host", own, "Origin", "http://" + own, "Sec-Fetch-Site", "cross-site"));
        for (Map<String, String> h : refused) {
            for (String path : READS) {
                assertEquals(403, answer("GET", path, h).status(), path + " " + h);
            }
        }
        ConsoleResponse r = answer("GET", "/api/token", Map.of("Host", own, "Origin", "http://evil.example"));
        assertEquals("{\"ok\":false,\"message\":\"cross-origin request refused (Origin http://evil.example is not this console,"
                + " http://127.0.0.1:8420)\"}", r.text());
        r = answer("GET", "/api/token", Map.of("Host", own, "Sec-Fetch-Site", "cross-site"));
        assertEquals("{\"ok\":false,\"message\":\"cross-site request refused (Sec-Fetch-Site: cross-site)\"}", r.text());
        for (Map<String, String> h : List.of(Map.of("Host", own), Map.of("Host", own, "Sec-Fetch-Site", "same-origin"),
                Map.of("Host", own, "Sec-Fetch-Site", "none"), Map.of("Host", own, "Origin", "http://" + own, "Sec-Fetch-Site", "same-origin"),
                Map.of("Host", "LOCALHOST:8420", "Origin", "http://localhost:8420"))) {
            assertEquals(200, answer("GET", "/api/token", h).status(), h.toString());
            assertEquals(200, answer("GET", "/schedule.html", h).status(), h.toString());
            assertNull(handler.admit(request("GET", EventStream.PATH, h)), h.toString());
        }
    }
}
