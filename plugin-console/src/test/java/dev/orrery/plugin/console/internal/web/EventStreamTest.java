package dev.orrery.plugin.console.internal.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.RunState;
import dev.orrery.testsupport.host.FakeGameHost;
import dev.orrery.plugin.console.TimingsFeed;
import dev.orrery.plugin.devtools.SystemTiming;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The event stream on a fake host whose change token the test moves ({@link FakeGameHost}): every
 * wait is for an event the test caused (a wait the stream registered, an event it wrote), none for a
 * time.
 */
class EventStreamTest {
    private static final long WAIT_SECONDS = 10;

    private final FakeGameHost host = new FakeGameHost(new World())
            .put(Schedule.builder("main").systems(EcsSystem.define("move", (w, dt) -> { })).build())
            .setState(RunState.RUNNING);
    /** Released each time the stream registers a wait for the host's next change. */
    private final Semaphore awaited = new Semaphore(0);

    {
        host.whenAwaited(h -> awaited.release());
    }
    private final AtomicInteger snapshots = new AtomicInteger();
    private final AtomicInteger listeners = new AtomicInteger();
    private final TimingsFeed feed = new TimingsFeed() {
        @Override
        public Source source() {
            return Source.CONSOLE;
        }

        @Override
        public List<SystemTiming> snapshot() {
            snapshots.incrementAndGet();
            return List.of();
        }

        @Override
        public void subscribe() {
            listeners.incrementAndGet();
        }

        @Override
        public void unsubscribe() {
            listeners.decrementAndGet();
        }
    };
    private final EventStream stream = new EventStream(new ConsoleHandler(() -> host, () -> feed, Duration.ofSeconds(5)));
    private final Events events = new Events();
    private Thread page;

    @AfterEach
    void end() throws InterruptedException {
        stream.close();
        if (page != null) {
            page.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
        }
    }

    private void open(Map<String, String> query) {
        ConsoleRequest request = new ConsoleRequest("GET", EventStream.PATH, query, n -> null, "127.0.0.1");
        page = new Thread(() -> stream.run(host, request, events), "test-page");
        page.start();
    }

    private void nextWait() throws InterruptedException {
        assertTrue(awaited.tryAcquire(WAIT_SECONDS, TimeUnit.SECONDS), "the stream never waited for a change");
    }

    @Test
    @DisplayName("host events: one when the stream opens, one per change the host signals, waiting from the token seen; frames instead of timings when not asked")
    void hostEventsFollowTheHostsChanges() throws Exception {
        host.setFrames(3);
        open(Map.of("timings", "false"));
        assertEquals("retry: 1000", events.next());
        nextWait();
        assertEquals(1, host.openWaits());
        assertEquals("event: frames\ndata: {\"frames\":3}", events.next());
        String opened = events.next();
        assertTrue(opened.startsWith("event: host\ndata: {\"status\":{\"state\":\"RUNNING\""), opened);

        host.pause(); // moves the token: the stream's wait completes
        String paused = events.next();
        assertTrue(paused.startsWith("event: host\ndata: {\"status\":{\"state\":\"PAUSED\""), paused);
        nextWait();
        assertEquals(1, host.openWaits(), "waits again, from the token the host reported");

        assertEquals(0, listeners.get(), "a stream without timings does not subscribe to the feed");
        assertEquals(0, snapshots.get());
        assertEquals(1, stream.open());
        stream.close();
        page.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
        assertFalse(page.isAlive(), "close ends the stream");
        assertEquals(0, host.openWaits(), "the pending wait is dropped");
        assertEquals(0, stream.open());
        assertTrue(events.all().stream().noneMatch(e -> e.startsWith("event: timings")), events.all().toString());
    }

    @Test
    @DisplayName("a host that stops (its change stage fails): one last host event with its state, then no more waits")
    void aStoppedHostEndsTheHostEvents() throws Exception {
        open(Map.of("timings", "false"));
        assertEquals("retry: 1000", events.next());
        nextWait();
        assertTrue(events.next().startsWith("event: frames\n"));
        assertTrue(events.next().startsWith("event: host\n"));
        host.stop(); // the last move of the token; a wait after it fails
        String last = events.next();
        assertTrue(last.startsWith("event: host\ndata: {\"status\":{\"state\":\"STOPPED\""), last);
        assertEquals(0, host.openWaits(), "no new wait on a stopped host");
        assertEquals(1, stream.open(), "the stream stays open until the page or the console ends it");
    }

    @Test
    @DisplayName("timings: subscribed while open; the first event at once, the next one once a frame ran; the frame thread is asked only then")
    void timingsEventsWhenFramesRan() throws Exception {
        open(Map.of("schedule", "main"));
        assertEquals("retry: 1000", events.next());
        assertEquals("event: timings\ndata: {\"source\":\"console\",\"frames\":0,\"systems\":[]}", events.next());
        assertTrue(events.next().startsWith("event: host\n"));
        assertEquals(1, listeners.get(), "subscribed while the stream is open");
        host.setFrames(5);
        assertEquals("event: timings\ndata: {\"source\":\"console\",\"frames\":5,\"systems\":[]}", events.next());
        assertEquals(2, snapshots.get(), "ticks in which no frame ran asked the frame thread for nothing");
        stream.close();
        page.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
        assertEquals(0, listeners.get(), "unsubscribed when it ended");
    }

    @Test
    @DisplayName("after close, a new stream ends at once and writes nothing")
    void closedStreamsRefuseNewPages() throws Exception {
        stream.close();
        open(Map.of());
        page.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
        assertFalse(page.isAlive());
        assertTrue(events.all().isEmpty(), events.all().toString());
        assertEquals(0, listeners.get());
    }

    /** The response body: the text split into events (blocks ending with an empty line), handed to the test as they complete. */
    private static final class Events extends OutputStream {
        private final StringBuilder text = new StringBuilder();
        private final BlockingQueue<String> complete = new LinkedBlockingQueue<>();
        private final List<String> all = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Override
        public synchronized void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            text.append(new String(b, off, len, StandardCharsets.UTF_8));
            int end;
            while ((end = text.indexOf("\n\n")) >= 0) {
                String event = text.substring(0, end);
                text.delete(0, end + 2);
                all.add(event);
                complete.add(event);
            }
        }

        /** @return the next complete event, waiting for it */
        String next() throws InterruptedException {
            String e = complete.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            assertNotNull(e, "no event came; so far: " + all);
            return e;
        }

        List<String> all() {
            return List.copyOf(all);
        }
    }
}
