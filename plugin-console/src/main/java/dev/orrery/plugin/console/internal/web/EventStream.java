package dev.orrery.plugin.console.internal.web;

import dev.orrery.host.GameHost;
import dev.orrery.plugin.console.TimingsFeed;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The live timings as server-sent events ({@code GET /orrery/api/events[?schedule=]}): an event
 * {@code timings} with the JSON of {@code /orrery/api/timings} every {@value #PERIOD_MILLIS} ms, for
 * at most {@value #STREAM_MILLIS} ms (the browser's {@code EventSource} then reconnects by itself).
 * While a stream is open it subscribes to the timings feed ({@link TimingsFeed#subscribe()}).
 * Beyond the spec (Orrery's own). Free of servlet types; any HTTP front end hands it the response body.
 *
 * <p>Thread-safe: each {@link #run} uses the calling (HTTP server) thread; {@link #close()} ends every
 * open stream.
 */
public final class EventStream {
    /** The stream's path below {@code /orrery}. */
    public static final String PATH = "/api/events";
    /** Period of the events, in milliseconds (4 per second). */
    public static final long PERIOD_MILLIS = 250;
    /** A stream ends after this long. */
    public static final long STREAM_MILLIS = 10 * 60_000;
    /** The media type of the stream. */
    public static final String CONTENT_TYPE = "text/event-stream; charset=utf-8";

    private final ConsoleHandler handler;
    private final Object lock = new Object();
    private boolean closed;
    private int open;

    /** @param handler the console's handler; not null */
    public EventStream(ConsoleHandler handler) {
        this.handler = Objects.requireNonNull(handler, "handler");
    }

    /**
     * Writes events to {@code out} until the client goes away (a write fails), the time is up, the
     * thread is interrupted or {@link #close()} is called. A tick whose frame-thread read times out is
     * skipped.
     *
     * @param host the host; not null
     * @param request the request: its {@code schedule} parameter keeps only that schedule's systems
     * @param out the response body; not closed here
     */
    public void run(GameHost host, ConsoleRequest request, OutputStream out) {
        String schedule = request.param("schedule");
        TimingsFeed feed = handler.feed();
        synchronized (lock) {
            open++;
        }
        feed.subscribe();
        long end = System.currentTimeMillis() + STREAM_MILLIS;
        try {
            out.write("retry: 1000\n\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            while (System.currentTimeMillis() < end) {
                String json = null;
                try {
                    json = handler.timingsJson(host, schedule);
                } catch (ConsoleHandler.FrameThreadException e) {
                    // the frame thread is busy: skip this tick
                }
                if (json != null) {
                    out.write(("event: timings\ndata: " + json + "\n\n").getBytes(StandardCharsets.UTF_8));
                    out.flush();
                }
                synchronized (lock) {
                    if (closed) {
                        return;
                    }
                    lock.wait(PERIOD_MILLIS);
                    if (closed) {
                        return;
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the page went away
        } finally {
            feed.unsubscribe();
            synchronized (lock) {
                open--;
            }
        }
    }

    /** @return how many streams are open now */
    public int open() {
        synchronized (lock) {
            return open;
        }
    }

    /** Ends every open stream (the console stops). */
    public void close() {
        synchronized (lock) {
            closed = true;
            lock.notifyAll();
        }
    }
}
