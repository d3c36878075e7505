package dev.orrery.plugin.console.internal.web;

import dev.orrery.host.GameHost;
import dev.orrery.plugin.console.TimingsFeed;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The console's server-sent events ({@code GET /orrery/api/events[?schedule=][&timings=false]}), free
 * of servlet types: any HTTP front end hands it the response body. Beyond the spec (Orrery's own).
 *
 * <ul>
 *   <li>{@code event: host}, with the JSON of {@code /orrery/api/plugins} (status, plugins, rebuilds):
 *       once when the stream opens, then whenever the host reports a change
 *       ({@link GameHost#awaitChange}: a run state, fault, plugin, observer or rebuild changed, or a
 *       schedule was swapped in), and a last time when the host stops.</li>
 *   <li>{@code event: timings}, with the JSON of {@code /orrery/api/timings} (the {@code schedule}
 *       parameter keeps only that schedule's systems): once when the stream opens, then every
 *       {@value #PERIOD_MILLIS} ms in which a frame ran.</li>
 *   <li>With {@code timings=false}, instead of the timings: {@code event: frames} with
 *       {@code {"frames":N}}, the host's frame count, at the same times; such a stream does not
 *       subscribe to the timings feed (it adds no hook to any frame).</li>
 * </ul>
 * A stream ends after {@value #STREAM_MILLIS} ms (the browser's {@code EventSource} then reconnects by
 * itself), when the client goes away (a write fails), the thread is interrupted or {@link #close()} is
 * called. While a stream with timings is open it subscribes to the timings feed
 * ({@link TimingsFeed#subscribe()}).
 *
 * <p>At most {@value #MAX_STREAMS} streams are open at once: a front end {@link #reserve()}s a
 * place before it sends the stream's headers and answers 503 when there is none.
 *
 * <p>Threading: each {@link #run} writes on the calling (HTTP server) thread; {@link #reserve()},
 * {@link #open()} and {@link #close()} may be called from any thread.
 *
 * <p>Implementation notes: the stream thread sleeps on its {@link Wake} until the next timings tick is
 * due or the host's change stage completes; that stage is completed on the host's change-notifier
 * thread, whose only work here is to wake the stream thread, which then writes the event. A tick reads
 * the frame count first ({@code GameHost.status()}, no frame-thread work) and asks the frame thread for
 * the timings only when frames ran since the last one, so a paused host costs the frame thread nothing.
 * A tick whose frame-thread read times out is skipped. The pending change stage is cancelled when the
 * stream ends, which drops the host's wait.
 */
public final class EventStream {
    /** The stream's path below {@code /orrery}. */
    public static final String PATH = "/api/events";
    /** Period of the timings events, in milliseconds (4 per second). */
    public static final long PERIOD_MILLIS = 250;
    /** A stream ends after this long, in milliseconds. */
    public static final long STREAM_MILLIS = 10 * 60_000;
    /** The media type of the stream. */
    public static final String CONTENT_TYPE = "text/event-stream; charset=utf-8";
    /**
     * How many streams may be open at once; past it a new one is refused (the front end answers 503
     * with {@code Retry-After: }{@value #RETRY_AFTER_SECONDS}), so that streams never take every HTTP
     * thread.
     */
    public static final int MAX_STREAMS = 8;
    /**
     * A comment line ({@code :}) is written when nothing else was for this long, in milliseconds, so
     * that a stream whose client went away ends (the write fails) even while the host is paused.
     */
    public static final long HEARTBEAT_MILLIS = 10_000;
    /** The {@code Retry-After} of a refused stream, in seconds. */
    public static final int RETRY_AFTER_SECONDS = 10;

    private final ConsoleHandler handler;
    private final Object lock = new Object();
    private final Set<Wake> streams = new HashSet<>(); // guarded by lock: one per open stream
    private boolean closed; // guarded by lock

    /** @param handler the console's handler; not null */
    public EventStream(ConsoleHandler handler) {
        this.handler = Objects.requireNonNull(handler, "handler");
    }

    /**
     * Writes events to {@code out} until the stream ends (see the class comment).
     *
     * @param host the host; not null
     * @param request the request: parameters {@code schedule} (keep only that schedule's timings) and
     *     {@code timings} ({@code false}: host events only)
     * @param out the response body; not closed here
     */
    public void run(GameHost host, ConsoleRequest request, OutputStream out) {
        Slot slot = reserve();
        if (slot != null) {
            run(slot, host, request, out);
        }
    }

    /**
     * Admits a request for a stream, for a front end before it sends anything: the handler's checks
     * ({@link ConsoleHandler#admit}), a host to stream, a free place.
     *
     * @param request the request; not null
     * @return the place to {@link #run(Slot, GameHost, ConsoleRequest, OutputStream)} the stream in, or
     *     the refusal to send (already logged)
     */
    public Opening admit(ConsoleRequest request) {
        ConsoleResponse refused = handler.admit(request);
        if (refused != null) {
            return new Opening(refused, false, null, null);
        }
        GameHost host = handler.host();
        if (host == null) {
            return new Opening(handler.refuse(503, request, "no game host is running"), false, null, null);
        }
        Slot slot = reserve();
        if (slot == null) {
            return new Opening(handler.refuse(503, request, "too many event streams open (at most " + MAX_STREAMS
                    + "); retry later"), true, null, null);
        }
        return new Opening(null, false, slot, host);
    }

    /**
     * What {@link #admit(ConsoleRequest)} says: either a refusal or a place and the host.
     *
     * @param refusal the answer to send instead of a stream, or null
     * @param retryLater whether the refusal is for want of a place (send {@code Retry-After:
     *     }{@value #RETRY_AFTER_SECONDS})
     * @param slot the place taken, when admitted (give it back when done, {@link Slot#release()})
     * @param host the host to stream, when admitted
     */
    public record Opening(ConsoleResponse refusal, boolean retryLater, Slot slot, GameHost host) {
    }

    /**
     * Takes a place for a stream, counted by {@link #open()} from now on.
     *
     * @return the place, or null when {@value #MAX_STREAMS} streams are open or the streams are closed
     */
    public Slot reserve() {
        synchronized (lock) {
            if (closed || streams.size() >= MAX_STREAMS) {
                return null;
            }
            Slot slot = new Slot(new Wake());
            streams.add(slot.wake);
            return slot;
        }
    }

    /**
     * Writes events to {@code out} until the stream ends (see the class comment), in the place taken,
     * which is given back when it ends.
     *
     * @param slot a place from {@link #reserve()}, not used before; not null
     * @param host the host; not null
     * @param request the request: parameters {@code schedule} and {@code timings}
     * @param out the response body; not closed here
     */
    public void run(Slot slot, GameHost host, ConsoleRequest request, OutputStream out) {
        Objects.requireNonNull(host, "host");
        Wake wake = slot.wake;
        String schedule = request.param("schedule");
        TimingsFeed feed;
        try {
            feed = "false".equals(request.param("timings")) ? null : handler.feed();
        } catch (RuntimeException e) {
            slot.release();
            throw e;
        }
        if (feed != null) {
            feed.subscribe();
        }
        CompletableFuture<Long> change = null;
        Sink sink = new Sink(out);
        try {
            write(sink, "retry: 1000\n\n");
            change = watch(host, host.changes(), wake);
            boolean hostDue = true;
            long lastFrames = -1;
            long now = System.nanoTime();
            long end = now + TimeUnit.MILLISECONDS.toNanos(STREAM_MILLIS);
            long nextTick = now;
            while (!isClosed() && now - end < 0) {
                if (now - nextTick >= 0) {
                    lastFrames = tick(host, feed == null ? null : schedule, feed != null, lastFrames, sink);
                    nextTick = now + TimeUnit.MILLISECONDS.toNanos(PERIOD_MILLIS);
                }
                if (change != null && change.isDone()) {
                    // a host that stopped no longer changes: its last state is sent, then no more waits
                    change = change.isCompletedExceptionally() ? null : watch(host, change.join(), wake);
                    hostDue = true;
                }
                if (hostDue) {
                    write(sink, "event: host\ndata: " + handler.pluginsJson(host) + "\n\n");
                    hostDue = false;
                }
                if (now - lastWrite(sink) >= TimeUnit.MILLISECONDS.toNanos(HEARTBEAT_MILLIS)) {
                    write(sink, ":\n\n");
                }
                wake.await(Math.min(Math.min(nextTick, end), lastWrite(sink) + TimeUnit.MILLISECONDS.toNanos(HEARTBEAT_MILLIS))
                        - System.nanoTime());
                now = System.nanoTime();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the page went away
        } finally {
            if (change != null) {
                change.cancel(false);
            }
            if (feed != null) {
                feed.unsubscribe();
            }
            slot.release();
        }
    }

    /**
     * Writes a timings event (or, without timings, a frames event) when frames ran since the last one,
     * or for the first.
     *
     * @return the frame count the event was written for
     */
    private long tick(GameHost host, String schedule, boolean timings, long lastFrames, Sink out)
            throws IOException {
        long frames = host.status().frames();
        if (frames == lastFrames) {
            return lastFrames;
        }
        if (!timings) {
            write(out, "event: frames\ndata: {\"frames\":" + frames + "}\n\n");
            return frames;
        }
        String json;
        try {
            json = handler.timingsJson(host, schedule);
        } catch (ConsoleHandler.FrameThreadException e) {
            return lastFrames; // the frame thread is busy: skip this tick
        }
        write(out, "event: timings\ndata: " + json + "\n\n");
        return frames;
    }

    /** @return the host's stage for a change after {@code since}, waking the stream thread when it completes */
    private CompletableFuture<Long> watch(GameHost host, long since, Wake wake) {
        CompletableFuture<Long> change = host.awaitChange(since).toCompletableFuture();
        change.whenComplete((token, failure) -> wake.signal());
        return change;
    }

    private static void write(Sink sink, String event) throws IOException {
        sink.out.write(event.getBytes(StandardCharsets.UTF_8));
        sink.out.flush();
        sink.lastWrite = System.nanoTime();
    }

    private static long lastWrite(Sink sink) {
        return sink.lastWrite;
    }

    /** The response body of one stream and when it was last written to ({@link System#nanoTime()}); one thread. */
    private static final class Sink {
        private final OutputStream out;
        private long lastWrite = System.nanoTime();

        Sink(OutputStream out) {
            this.out = out;
        }
    }

    private boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    /** @return how many streams are open now */
    public int open() {
        synchronized (lock) {
            return streams.size();
        }
    }

    /** Ends every open stream (the console stops) and refuses new ones; returns without waiting for them. */
    public void close() {
        synchronized (lock) {
            closed = true;
            streams.forEach(Wake::signal);
        }
    }

    /** A place for one stream, from {@link #reserve()}. */
    public final class Slot {
        private final Wake wake;

        private Slot(Wake wake) {
            this.wake = wake;
        }

        /** Gives the place back (a stream that is not run after all); idempotent. */
        public void release() {
            synchronized (lock) {
                streams.remove(wake);
            }
        }
    }

    /**
     * One stream thread's wake-up: signalled by the host's change, by {@link #close()}, or not at all
     * until the time to wait is up.
     */
    private static final class Wake {
        private boolean signalled;

        synchronized void signal() {
            signalled = true;
            notifyAll();
        }

        /** Waits at most {@code nanos} (nothing when it is not positive) or until signalled; clears the signal. */
        synchronized void await(long nanos) throws InterruptedException {
            long end = System.nanoTime() + nanos;
            long left = nanos;
            while (!signalled && left > 0) {
                TimeUnit.NANOSECONDS.timedWait(this, left);
                left = end - System.nanoTime();
            }
            signalled = false;
        }
    }
}
