package dev.orrery.demo.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The README's example of the console while the world update is parked ("Waiting on I/O"): the demo
 * with a delayed read of its battle configuration, and the console's answers during the wait.
 */
class ParkedConsoleIT {
    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    /** The command of the README's example, as a shell runs it in the background. */
    private static final String COMMAND = "$ JAVA_OPTS=-Dorrery.console.enabled=true ./orrery-demo --seed 42 --config-delay 600000 &";
    private static final Pattern SERVED = Pattern.compile("web console at http://127\\.0\\.0\\.1:([1-9]\\d*)/orrery/");

    @Test
    @DisplayName("Waiting on I/O: the demo parks on its delayed battle configuration; the console answers with PARKED and the schedules, as the README shows")
    void consoleWhileParked() throws Exception {
        List<String> example = Readme.example("parked-console");
        assertEquals(COMMAND, example.get(0), "the README's command is the one this test runs");
        // The console on any free port (0): another host on this machine may hold 8420.
        try (DemoProcess p = DemoProcess.start(Map.of("JAVA_OPTS", "-Dorrery.console.enabled=true -Dorrery.console.port=0"),
                "--seed", "42", "--config-delay", "600000")) {
            p.awaitLine(l -> SERVED.matcher(l).find(), TIMEOUT);
            Matcher m = SERVED.matcher(p.lines().stream().filter(l -> SERVED.matcher(l).find()).findFirst().orElseThrow());
            assertTrue(m.find());
            String port = m.group(1);
            HttpClient http = HttpClient.newHttpClient();
            awaitParked(http, port);
            List<String> transcript = new ArrayList<>(List.of(COMMAND));
            transcript.addAll(p.lines());
            for (String line : example) {
                if (line.startsWith("$ curl -s ")) {
                    String url = line.substring("$ curl -s ".length()).strip().replace(":8420/", ":" + port + "/");
                    transcript.add(line);
                    HttpResponse<String> r = get(http, url);
                    assertEquals(200, r.statusCode(), url + ": " + r.body());
                    transcript.add(r.body());
                }
            }
            p.terminate();
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            Readme.assertAppearsIn(example, transcript);
            assertTrue(p.lines().stream().noneMatch(l -> l.startsWith("\tat ")), "stopping while parked: no stack trace\n"
                    + p.text());
        }
    }

    /** Asks for the host's status until it is PARKED (the first frame parks in dnd/setup at once). */
    private static void awaitParked(HttpClient http, String port) throws Exception {
        long end = System.nanoTime() + TIMEOUT.toNanos();
        String body = "";
        while (System.nanoTime() < end) {
            body = get(http, "http://127.0.0.1:" + port + "/orrery/api/plugins").body();
            if (body.contains("\"state\":\"PARKED\"")) {
                return;
            }
        }
        throw new AssertionError("the host did not park; last status " + body);
    }

    private static HttpResponse<String> get(HttpClient http, String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
