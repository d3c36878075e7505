package dev.orrery.host.jpms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.FrameMode;
import dev.orrery.host.HostSettings;
import dev.orrery.host.HostStatus;
import dev.orrery.host.ParkedFrame;
import dev.orrery.host.RunState;
import dev.orrery.host.core.HostCore;
import dev.orrery.schedule.Cooperative;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Resumable systems in JPMS mode: a plugin added through {@link JpmsHost} waits in
 * {@code Cooperative.supply} on the host core's workers; the host is PARKED, its web console says so,
 * the frame resumes when the value arrives, and stopping the host while parked ends the frame thread
 * without a fault.
 */
class JpmsParkedTest {
    private static final HostSettings SETTINGS = HostSettings.builder().mode(FrameMode.FIXED).fixedDt(0.25).rate(0)
            .startPaused(true).quietPeriod(Duration.ofMillis(5)).maxDelay(Duration.ofMillis(50)).build();
    private static final long WAIT_SECONDS = 10;
    private final CapturedLog log = CapturedLog.create();
    private final List<String> loads = new CopyOnWriteArrayList<>();
    private final List<Thread> workers = new CopyOnWriteArrayList<>();
    private volatile CompletableFuture<String> stage = CompletableFuture.completedFuture("warm");
    private HostCore host;
    private JpmsHost front;
    private JpmsConsole console;

    @AfterEach
    void stop() {
        stage.complete("done");
        if (console != null) {
            console.close();
        }
        if (host != null) {
            host.stop();
        }
    }

    private void startHost() throws Exception {
        front = new JpmsHost();
        host = HostCore.create(SETTINGS, front, log.logger());
        front.attach(host, l -> Optional.empty());
        host.start();
        front.added("net/Net", Plugin.builder("net").systems(EcsSystem.define("net/load", (w, dt) ->
                loads.add(Cooperative.supply("remote profile", () -> {
                    workers.add(Thread.currentThread());
                    return stage.get();
                })))).build(), "net.jar");
        front.settled();
        host.requestRebuild();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (loads.isEmpty()) {
            assertTrue(System.nanoTime() < deadline, "the plugin never ran: " + host.plugins());
            host.step(1).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        }
    }

    private HostStatus awaitStatus(Predicate<HostStatus> test) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        HostStatus s;
        while (!test.test(s = host.status())) {
            assertTrue(System.nanoTime() < deadline, "no such status; last " + s);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1)); // a poll with a deadline, as the host's driver does
        }
        return s;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Test
    void aWaitingSystemParksTheHostTheConsoleSaysSoAndTheFrameResumes() throws Exception {
        startHost();
        int port = freePort();
        console = JpmsConsole.start(host, Map.of("orrery.console.port", String.valueOf(port))::get, front::nextId,
                CapturedLog.create().logger()).orElseThrow();
        assertTrue(workers.get(0).getName().startsWith("orrery-supply-"), "on the host's workers: " + workers);

        stage = new CompletableFuture<>();
        CompletionStage<Long> step = host.step(1);
        HostStatus parked = awaitStatus(s -> s.state() == RunState.PARKED);
        ParkedFrame p = parked.parked().orElseThrow();
        assertEquals("net/load", p.system());
        assertEquals("net", p.plugin());
        assertEquals("remote profile", p.label());

        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/orrery/api/plugins")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        assertTrue(r.body().contains("\"state\":\"PARKED\"") && r.body().contains("\"label\":\"remote profile\""),
                r.body());
        assertFalse(step.toCompletableFuture().isDone());

        stage.complete("ada");
        step.toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals("ada", loads.get(loads.size() - 1));
        awaitStatus(s -> s.state() == RunState.PAUSED);
    }

    @Test
    void stoppingTheHostWhileParkedCancelsTheWait() throws Exception {
        startHost();
        stage = new CompletableFuture<>();
        host.step(1);
        awaitStatus(s -> s.state() == RunState.PARKED);
        host.stop();
        HostStatus s = host.status();
        assertEquals(RunState.STOPPED, s.state());
        assertNull(s.lastFault(), "nothing blamed");
        host = null;
        assertTrue(log.at(System.Logger.Level.ERROR).isEmpty(), log.lines()::toString);
    }
}
