package dev.orrery.plugin.console.internal.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.FrameMode;
import dev.orrery.host.HostStatus;
import dev.orrery.host.ParkedFrame;
import dev.orrery.host.RunState;
import dev.orrery.plugin.console.TimingsFeed;
import dev.orrery.plugin.devtools.SystemTimings;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.FixedClock;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.VirtualTime;
import dev.orrery.testsupport.host.FakeGameHost;
import dev.orrery.testsupport.host.HostCall;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.world.MessageType;
import dev.orrery.world.World;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The handler on a host whose "frame thread" is the calling thread (FakeGameHost: work runs at once). */
class ConsoleHandlerTest {
    private final World world = new World();
    private final EcsSystem move = EcsSystem.builder("move").phase(Phase.ON_UPDATE).run((w, dt) -> { }).build();
    private final Schedule main = Schedule.builder("main").systems(move).build();
    private final FakeGameHost host = new FakeGameHost(world).put(main).setState(RunState.RUNNING);
    private final SessionTokens tokens = new SessionTokens();
    private final SystemTimings timings = new SystemTimings();
    private final ConsoleHandler handler = new ConsoleHandler(() -> host, () -> new TimingsFeed() {
        @Override
        public Source source() {
            return Source.DEVTOOLS;
        }

        @Override
        public List<dev.orrery.plugin.devtools.SystemTiming> snapshot() {
            return timings.snapshot();
        }
    }, tokens, Duration.ofSeconds(1));

    private ConsoleRequest post(String path, Map<String, String> query, Map<String, String> headers, String from) {
        Map<String, String> h = new HashMap<>();
        h.put("host", "127.0.0.1:8420"); // what any HTTP/1.1 client sends, unless the test says otherwise
        headers.forEach((k, v) -> h.put(k.toLowerCase(), v));
        return new ConsoleRequest("POST", path, query, n -> h.get(n.toLowerCase()), from);
    }

    /** The headers of the console's own page, with the token it fetched. */
    private Map<String, String> pageHeaders() {
        String token = handler.handle(get("/api/token", Map.of())).text().replaceAll(".*\"token\":\"([0-9a-f]+)\".*", "$1");
        return Map.of("X-Orrery-Token", token, "Origin", "http://127.0.0.1:8420", "Host", "127.0.0.1:8420",
                "Sec-Fetch-Site", "same-origin");
    }

    private ConsoleRequest get(String path, Map<String, String> query) {
        return new ConsoleRequest("GET", path, query, n -> n.equalsIgnoreCase("Host") ? "127.0.0.1:8420" : null, "127.0.0.1");
    }

    @Test
    @DisplayName("a mutation without the session token is refused (403) and changes nothing")
    void tokenRequired() {
        ConsoleResponse r = handler.handle(post("/api/system/disable", Map.of("system", "move"), Map.of("Host", "127.0.0.1:8420"), "127.0.0.1"));
        assertEquals(403, r.status());
        assertEquals("{\"ok\":false,\"message\":\"steering needs the session token of the console's page in header"
                + " X-Orrery-Token; missing or unknown\"}", r.text());
        assertTrue(main.isEnabled(world, move));
        r = handler.handle(post("/api/system/disable", Map.of("system", "move"), Map.of("X-Orrery-Token", "forged"), "127.0.0.1"));
        assertEquals(403, r.status());
        assertTrue(main.isEnabled(world, move));
    }

    @Test
    @DisplayName("a mutation from a non-loopback address is refused even with a valid token")
    void nonLoopbackRefused() {
        String token = tokens.issue();
        ConsoleResponse r = handler.handle(post("/api/system/disable", Map.of("system", "move"),
                Map.of("X-Orrery-Token", token), "192.168.1.20"));
        assertEquals(403, r.status());
        assertEquals("{\"ok\":false,\"message\":\"steering is accepted only from loopback; refused 192.168.1.20\"}", r.text());
        assertTrue(main.isEnabled(world, move));
    }

    @Test
    @DisplayName("cross-site requests are refused: a foreign Origin, Sec-Fetch-Site cross-site, a non-loopback Host name (DNS rebinding); GET cannot steer")
    void crossSiteRefused() {
        String token = tokens.issue();
        assertEquals(403, handler.handle(post("/api/pause", Map.of(),
                Map.of("X-Orrery-Token", token, "Origin", "http://evil.example", "Host", "127.0.0.1:8420"), "127.0.0.1")).status());
        assertEquals(403, handler.handle(post("/api/pause", Map.of(),
                Map.of("X-Orrery-Token", token, "Sec-Fetch-Site", "cross-site"), "127.0.0.1")).status());
        assertEquals(405, handler.handle(get("/api/pause", Map.of())).status());
        // DNS rebinding: a page of another name resolving to 127.0.0.1 gets no token and cannot steer
        ConsoleResponse r = handler.handle(post("/api/pause", Map.of(),
                Map.of("X-Orrery-Token", token, "Host", "evil.example:8420"), "127.0.0.1"));
        assertEquals(403, r.status());
        assertEquals("{\"ok\":false,\"message\":\"the console answers only requests to a loopback host name (localhost,"
                + " 127.x.x.x, [::1]); refused Host evil.example:8420\"}", r.text());
        ConsoleRequest tokenRequest = new ConsoleRequest("GET", "/api/token", Map.of(),
                n -> n.equalsIgnoreCase("Host") ? "evil.example:8420" : null, "127.0.0.1");
        assertEquals(403, handler.handle(tokenRequest).status());
        assertEquals(200, handler.handle(post("/api/pause", Map.of(),
                Map.of("X-Orrery-Token", token, "Host", "[::1]:8420"), "::1")).status());
        host.resume();
        assertEquals(RunState.RUNNING, host.status().state());
    }

    @Test
    @DisplayName("with the page's token from loopback: disable and enable a system and a phase, pause, step, resume")
    void steering() {
        Map<String, String> h = pageHeaders();
        ConsoleResponse r = handler.handle(post("/api/system/disable", Map.of("system", "move"), h, "127.0.0.1"));
        assertEquals("{\"ok\":true,\"message\":\"system 'move' in schedule main is now disabled\"}", r.text());
        assertFalse(main.isEnabled(world, move));
        assertEquals(200, handler.handle(post("/api/system/enable", Map.of("system", "move"), h, "127.0.0.1")).status());
        assertTrue(main.isEnabled(world, move));
        r = handler.handle(post("/api/system/disable", Map.of("system", "nope"), h, "127.0.0.1"));
        assertEquals(404, r.status());
        assertEquals("{\"ok\":false,\"message\":\"no system 'nope' in schedule main; nothing changed\"}", r.text());
        assertEquals(200, handler.handle(post("/api/phase/disable", Map.of("phase", "OnUpdate"), h, "127.0.0.1")).status());
        assertFalse(main.isPhaseEnabled(world, Phase.ON_UPDATE));
        assertEquals(200, handler.handle(post("/api/pause", Map.of(), h, "127.0.0.1")).status());
        assertEquals(RunState.PAUSED, host.status().state());
        r = handler.handle(post("/api/step", Map.of("frames", "3"), h, "127.0.0.1"));
        assertEquals("{\"ok\":true,\"message\":\"stepped 3 frame(s) from frame 0 to 3\"}", r.text());
        assertEquals(400, handler.handle(post("/api/step", Map.of("frames", "0"), h, "::1")).status());
        assertEquals(200, handler.handle(post("/api/resume", Map.of(), h, "::1")).status());
        assertEquals(RunState.RUNNING, host.status().state());
    }

    @Test
    @DisplayName("while the world update is parked every route answers without the frame thread: reads from the world as the frame left it, steering queued (202)")
    void parkedAnswers() {
        Map<String, String> h = pageHeaders();
        host.setStatus(HostStatus.builder().state(RunState.PARKED).mode(FrameMode.FIXED).frames(57).parked(new ParkedFrame(57, "host", "main",
                "OnStart", "dnd/setup", "dnd", "dnd/battle-config", "worker task", Instant.parse("2026-01-01T00:00:00Z")))
                .build());
        host.setHoldWork(true); // the frame thread takes no work until the wait ends: a submit would time out (503)
        for (String path : List.of("/api/schedules", "/api/timings", "/api/plugins", "/api/commits", "/api/messages",
                "/graph.svg", "/", "/plugins.html", "/console.js")) {
            ConsoleResponse r = handler.handle(get(path, Map.of()));
            assertEquals(200, r.status(), path + ": " + r.text());
        }
        assertTrue(handler.handle(get("/api/schedules", Map.of())).text().contains("{\"name\":\"move\",\"phase\":\"OnUpdate\""));
        assertTrue(handler.handle(get("/api/plugins", Map.of())).text().contains("\"state\":\"PARKED\""));
        assertEquals(0, host.count(HostCall.Kind.SUBMIT), "no read waited for the frame thread");

        ConsoleResponse r = handler.handle(post("/api/system/disable", Map.of("system", "move"), h, "127.0.0.1"));
        assertEquals(202, r.status());
        assertEquals("{\"ok\":true,\"message\":\"system 'move' in schedule main will be disabled at the next frame"
                + " boundary; the world update is parked on 'dnd/battle-config' in system dnd/setup\"}", r.text());
        assertTrue(main.isEnabled(world, move), "applied at the frame boundary, not now");
        assertEquals(202, handler.handle(post("/api/phase/disable", Map.of("phase", "OnUpdate"), h, "127.0.0.1")).status());
        assertEquals(2, host.count(HostCall.Kind.SUBMIT), "both toggles queued for the boundary");
        r = handler.handle(post("/api/system/disable", Map.of("system", "nope"), h, "127.0.0.1"));
        assertEquals("{\"ok\":false,\"message\":\"no system 'nope' in schedule main; nothing changed\"}", r.text());
        assertEquals(404, handler.handle(post("/api/phase/enable", Map.of("phase", "Nope"), h, "127.0.0.1")).status());
        r = handler.handle(post("/api/pause", Map.of(), h, "127.0.0.1"));
        assertEquals(202, r.status());
        assertTrue(r.text().contains("pause requested at frame 57; it applies at the next frame boundary;"), r.text());
        assertEquals(202, handler.handle(post("/api/resume", Map.of(), h, "127.0.0.1")).status());
        assertEquals(2, host.count(HostCall.Kind.SUBMIT));
    }

    @Test
    @DisplayName("a step while the simulation runs: the host's message once, without a doubled 'step: step:'")
    void stepWhileRunningSaysSoOnce() {
        Map<String, String> h = pageHeaders();
        ConsoleResponse r = handler.handle(post("/api/step", Map.of("frames", "1"), h, "127.0.0.1"));
        assertEquals(409, r.status());
        assertEquals("{\"ok\":false,\"message\":\"step: the simulation is running; pause it first\"}", r.text());
    }

    @Test
    @DisplayName("reads: schedules, timings, plugins JSON and the SVG; an unknown schedule is a 404 naming it")
    void reads() {
        ConsoleResponse r = handler.handle(get("/api/schedules", Map.of()));
        assertEquals(200, r.status());
        assertTrue(r.text().startsWith("{\"schedules\":[{\"name\":\"main\",\"main\":true,\"phases\":[{\"name\":\"OnStart\""), r.text());
        assertTrue(r.text().contains("\"systems\":[{\"name\":\"move\",\"phase\":\"OnUpdate\",\"plugin\":\"main\",\"enabled\":true,\"conditional\":false,\"commitBefore\":false,\"commitAfter\":false}]"), r.text());
        r = handler.handle(get("/api/timings", Map.of()));
        assertEquals("{\"source\":\"devtools\",\"frames\":0,\"systems\":[]}", r.text());
        r = handler.handle(get("/api/plugins", Map.of()));
        assertEquals("{\"status\":{\"state\":\"RUNNING\",\"mode\":\"FIXED\",\"frames\":0,\"fault\":null},\"plugins\":[],\"rebuilds\":[]}", r.text());
        r = handler.handle(get("/api/commits", Map.of()));
        assertEquals(200, r.status());
        assertTrue(r.text().startsWith("{\"publishes\":0,\"discards\":0,\"opsStaged\":0,"), r.text());
        assertTrue(r.text().endsWith(",\"barriers\":[]}"), r.text());
        r = handler.handle(get("/api/messages", Map.of()));
        assertEquals("{\"types\":[]}", r.text());
        r = handler.handle(get("/graph.svg", Map.of("schedule", "main")));
        assertEquals("image/svg+xml; charset=utf-8", r.contentType());
        assertTrue(r.text().contains("data-system=\"move\""));
        r = handler.handle(get("/graph.svg", Map.of("schedule", "other")));
        assertEquals(404, r.status());
        assertEquals("{\"ok\":false,\"message\":\"no schedule 'other'; schedules: [main]\"}", r.text());
        r = handler.handle(get("/", Map.of()));
        assertEquals("text/html; charset=utf-8", r.contentType());
    }

    @Test
    @DisplayName("messages: per type its counters, per reader what it read and missed, as the devtools' messages command reports them")
    void messages() {
        MessageType<String> hit = MessageType.of("test/hit", 3);
        EcsSystem reader = EcsSystem.builder("sounds").readsMessages(hit).run((w, dt) -> w.messages(hit).forEach(m -> { })).build();
        Schedule sounds = Schedule.builder("sounds").systems(reader).build();
        sounds.run(world, 0);
        world.send(hit, "a");
        world.send(hit, "b");
        sounds.run(world, 0);
        world.send(hit, "c");
        ConsoleResponse r = handler.handle(get("/api/messages", Map.of()));
        assertEquals(200, r.status());
        assertEquals("{\"types\":[{\"type\":\"test/hit\",\"maxAgeFrames\":3,\"sent\":3,\"held\":1,\"dropped\":0,"
                + "\"expired\":0,\"readers\":[{\"schedule\":\"sounds\",\"system\":\"sounds\",\"read\":2,\"missed\":0}]}]}",
                r.text());
    }

    @Test
    @DisplayName("clocks: virtual time and per fixed clock its rate, tick, last frame's steps, alpha and what was dropped")
    void clocks() {
        ConsoleResponse r = handler.handle(get("/api/clocks", Map.of()));
        assertEquals(200, r.status());
        assertEquals("{\"paused\":false,\"scale\":1.0,\"clocks\":[]}", r.text(), "a world without clocks");
        FixedClock clock = FixedClock.ofStep("test/physics", Duration.ofMillis(20));
        Phase physics = Phase.builder("Physics").dependsOn(Phase.PRE_UPDATE).before(Phase.ON_UPDATE).fixed(clock).build();
        Schedule s = Schedule.builder("physics").phases(physics)
                .systems(EcsSystem.define("move", physics, (w, dt) -> { })).build();
        s.run(world, 0.05); // 2 steps of 20 ms, 10 ms left: alpha 0.5
        try (CapturedLog log = CapturedLog.attach("dev.orrery.schedule", System.Logger.Level.WARNING)) {
            s.run(world, 1.0); // a hitch: capped at 250 ms, 8 steps run, 42 of the 50 due dropped
            assertEquals(1, log.messagesAt(System.Logger.Level.WARNING).size(), log.lines().toString());
        }
        VirtualTime.of(world).pause();
        r = handler.handle(get("/api/clocks", Map.of()));
        assertEquals("{\"paused\":true,\"scale\":1.0,\"clocks\":[{\"name\":\"test/physics\",\"hz\":50.0,"
                + "\"maxStepsPerFrame\":8,\"tick\":10,\"stepsLastFrame\":8,\"alpha\":0.5,\"droppedSteps\":42,"
                + "\"timeDebtMillis\":840.0}]}", r.text());
    }

    @Test
    @DisplayName("step: a non-numeric, negative, zero or too large frame count is 400 before the token check, one DEBUG line each, no trace")
    void stepFramesChecked() {
        try (CapturedLog log = CapturedLog.attach(ConsoleHandler.LOGGER, System.Logger.Level.DEBUG)) {
            for (String bad : List.of("abc", "-1", "1.5", "2147483647", "99999999999", "", "0x10")) {
                ConsoleResponse r = handler.handle(post("/api/step", Map.of("frames", bad), Map.of(), "127.0.0.1"));
                assertEquals(400, r.status(), bad);
                assertTrue(r.text().startsWith("{\"ok\":false,\"message\":\"step: frames must be"), r.text());
            }
            assertEquals("{\"ok\":false,\"message\":\"step: frames must be at most " + ConsoleHandler.MAX_STEP_FRAMES
                    + ", got " + (ConsoleHandler.MAX_STEP_FRAMES + 1) + "\"}", handler.handle(post("/api/step",
                    Map.of("frames", String.valueOf(ConsoleHandler.MAX_STEP_FRAMES + 1)), Map.of(), "127.0.0.1")).text());
            assertEquals(400, handler.handle(post("/api/step", Map.of("frames", "0"), Map.of(), "127.0.0.1")).status());
            assertEquals(List.of(), host.stepRequests());
            assertEquals(9, log.messagesAt(System.Logger.Level.DEBUG).size(), log.lines().toString());
            assertEquals("console refused POST /api/step (400): step: frames must be a whole number from 1 to "
                    + ConsoleHandler.MAX_STEP_FRAMES + ", got 'abc'", log.messagesAt(System.Logger.Level.DEBUG).get(0));
            assertEquals(0, log.stackTraces());
        }
        // the largest allowed count runs, with the page's token
        host.pause();
        host.setSteps(FakeGameHost.Steps.COUNT);
        String token = tokens.issue();
        ConsoleResponse r = handler.handle(post("/api/step", Map.of("frames", String.valueOf(ConsoleHandler.MAX_STEP_FRAMES)),
                Map.of("X-Orrery-Token", token), "127.0.0.1"));
        assertEquals(200, r.status(), r.text());
        assertEquals(List.of(ConsoleHandler.MAX_STEP_FRAMES), host.stepRequests());
    }

    @Test
    @DisplayName("the token endpoint refuses a foreign Origin and Sec-Fetch-Site cross-site (no token for another site's page)")
    void tokenRefusedCrossSite() {
        ConsoleResponse r = handler.handle(new ConsoleRequest("GET", "/api/token", Map.of(),
                headers(Map.of("Host", "127.0.0.1:8420", "Origin", "http://evil.example")), "127.0.0.1"));
        assertEquals(403, r.status());
        assertFalse(r.text().contains("token\""), r.text());
        r = handler.handle(new ConsoleRequest("GET", "/api/token", Map.of(),
                headers(Map.of("Host", "127.0.0.1:8420", "Sec-Fetch-Site", "cross-site")), "127.0.0.1"));
        assertEquals(403, r.status());
        r = handler.handle(new ConsoleRequest("GET", "/api/token", Map.of(),
                headers(Map.of("Host", "127.0.0.1:8420", "Origin", "http://127.0.0.1:8420", "Sec-Fetch-Site", "same-origin")),
                "127.0.0.1"));
        assertEquals(200, r.status());
        assertTrue(r.text().matches("\\{\"token\":\"[0-9a-f]{48}\",\"header\":\"X-Orrery-Token\"}|"
                + "\\{\"header\":\"X-Orrery-Token\",\"token\":\"[0-9a-f]{48}\"}"), r.text());
    }

    private static java.util.function.Function<String, String> headers(Map<String, String> headers) {
        Map<String, String> h = new HashMap<>();
        headers.forEach((k, v) -> h.put(k.toLowerCase(), v));
        return n -> h.get(n.toLowerCase());
    }
}
