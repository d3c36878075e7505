package dev.orrery.plugin.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.RunState;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.testsupport.host.FakeGameHost;
import dev.orrery.world.World;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The console on the JDK's HTTP server (the JPMS front end's way), started through the API
 * ({@link ConsoleHttpServer#start}, which finds the implementation with {@code ServiceLoader}), over real
 * HTTP on loopback.
 */
class ConsoleHttpServerTest {
    @Test
    @DisplayName("pages, JSON, SVG, token-guarded steering and the event stream over HTTP")
    void servesTheConsole() throws Exception {
        World world = new World();
        EcsSystem move = EcsSystem.builder("move").phase(Phase.ON_UPDATE).run((w, dt) -> { }).build();
        Schedule main = Schedule.builder("main").systems(move).build();
        FakeGameHost host = new FakeGameHost(world).put(main).setState(RunState.RUNNING);
        try (ConsoleHttpServer server = ConsoleHttpServer.start(() -> host, () -> TimingsFeed.NONE,
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            String base = "http://127.0.0.1:" + server.address().getPort() + "/orrery";
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + "/graph.svg?schedule=main")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode());
            assertEquals("image/svg+xml; charset=utf-8", r.headers().firstValue("Content-Type").orElse(""));
            assertTrue(r.body().contains("data-system=\"move\""), r.body());
            r = http.send(HttpRequest.newBuilder(URI.create(base + "/api/clocks")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode());
            assertEquals("{\"paused\":false,\"scale\":1.0,\"clocks\":[]}", r.body());
            r = http.send(HttpRequest.newBuilder(URI.create(base + "/")).build(), HttpResponse.BodyHandlers.ofString());
            assertTrue(r.body().contains("<body data-page=\"schedule\">"), r.body());

            HttpRequest pause = HttpRequest.newBuilder(URI.create(base + "/api/pause")).POST(HttpRequest.BodyPublishers.noBody()).build();
            assertEquals(403, http.send(pause, HttpResponse.BodyHandlers.ofString()).statusCode());
            assertEquals(RunState.RUNNING, host.status().state());
            String token = http.send(HttpRequest.newBuilder(URI.create(base + "/api/token")).build(),
                    HttpResponse.BodyHandlers.ofString()).body().replaceAll(".*\"token\":\"([0-9a-f]+)\".*", "$1");
            HttpRequest disable = HttpRequest.newBuilder(URI.create(base + "/api/system/disable?system=move"))
                    .header("X-Orrery-Token", token).POST(HttpRequest.BodyPublishers.noBody()).build();
            r = http.send(disable, HttpResponse.BodyHandlers.ofString());
            assertEquals("{\"ok\":true,\"message\":\"system 'move' in schedule main is now disabled\"}", r.body());
            assertFalse(main.isEnabled(world, move));

            HttpResponse<InputStream> stream = http.send(HttpRequest.newBuilder(URI.create(base + "/api/events")).build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            assertEquals("text/event-stream; charset=utf-8", stream.headers().firstValue("Content-Type").orElse(""));
            try (BufferedReader in = new BufferedReader(new InputStreamReader(stream.body(), StandardCharsets.UTF_8))) {
                List<String> lines = in.lines().filter(l -> l.startsWith("event:") || l.startsWith("data:")).limit(2).toList();
                assertEquals(List.of("event: timings", "data: {\"source\":\"none\",\"frames\":0,\"systems\":[]}"), lines);
            }
        }
    }
}
