package dev.orrery.plugin.console.internal.jdk;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.orrery.plugin.console.ConsoleHttpServer;
import dev.orrery.plugin.console.internal.web.ConsoleHandler;
import dev.orrery.plugin.console.internal.web.ConsoleRequest;
import dev.orrery.plugin.console.internal.web.ConsoleResponse;
import dev.orrery.plugin.console.internal.web.EventStream;
import dev.orrery.plugin.console.internal.web.MalformedRequestException;
import dev.orrery.plugin.console.internal.web.QueryString;
import dev.orrery.plugin.console.internal.web.SecurityHeaders;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.Objects;

/**
 * Serves the console ({@link ConsoleHandler}, {@link EventStream}) under {@code /orrery} on the JDK's
 * own HTTP server ({@code com.sun.net.httpserver}, module {@code jdk.httpserver}): the
 * {@link ConsoleHttpServer} of the API. Every answer carries {@link SecurityHeaders}; a request whose
 * URL cannot be decoded is answered 400 ({@link QueryString}); at most {@link EventStream#MAX_STREAMS}
 * event streams are open (past it: 503 with {@code Retry-After}). Thread-safe.
 *
 * <p>Resources ({@link Limits}): requests run on a bounded pool ({@link BoundedExecutor}); a client
 * that takes longer than the request time-out to send its request, or leaves one write blocked longer
 * than the write time-out, is dropped ({@link WorkerWatch}), so slow clients cannot hold the threads;
 * idle keep-alive connections hold no thread (the JDK server's selector keeps them and closes them
 * after its idle interval).
 */
final class JdkConsoleServer implements ConsoleHttpServer {
    private final HttpServer server;
    private final BoundedExecutor pool;
    private final WorkerWatch watch;
    private final ConsoleHandler handler;
    private final EventStream events;

    private JdkConsoleServer(HttpServer server, BoundedExecutor pool, WorkerWatch watch, ConsoleHandler handler) {
        this.server = server;
        this.pool = pool;
        this.watch = watch;
        this.handler = handler;
        this.events = new EventStream(handler);
    }

    /**
     * Binds and starts the server with the {@link Limits#DEFAULT} bounds.
     *
     * @param handler the console; not null
     * @param address where to listen (port 0: any free port)
     * @return the running server
     * @throws IOException if the address cannot be bound (e.g. the port is taken)
     */
    static JdkConsoleServer start(ConsoleHandler handler, InetSocketAddress address) throws IOException {
        return start(handler, address, Limits.DEFAULT);
    }

    /**
     * Binds and starts the server.
     *
     * @param handler the console; not null
     * @param address where to listen (port 0: any free port)
     * @param limits the resource bounds; not null
     * @return the running server
     * @throws IOException if the address cannot be bound (e.g. the port is taken)
     */
    static JdkConsoleServer start(ConsoleHandler handler, InetSocketAddress address, Limits limits) throws IOException {
        Objects.requireNonNull(handler, "handler");
        Objects.requireNonNull(limits, "limits");
        HttpServer http = HttpServer.create(Objects.requireNonNull(address, "address"), 64);
        WorkerWatch watch = new WorkerWatch(limits);
        BoundedExecutor pool = new BoundedExecutor(limits, watch);
        JdkConsoleServer console = new JdkConsoleServer(http, pool, watch, handler);
        http.createContext("/orrery", console::serve);
        http.setExecutor(pool);
        http.start();
        return console;
    }

    @Override
    public InetSocketAddress address() {
        return server.getAddress();
    }

    @Override
    public int openStreams() {
        return events.open();
    }

    /** @return how many HTTP threads are reading, handling or writing a request now (for tests) */
    int busyThreads() {
        return watch.busy();
    }

    /** @return how many HTTP threads exist now (for tests) */
    int threads() {
        return pool.getPoolSize();
    }

    /** @return how many connections were dropped for a time-out so far (for tests) */
    long dropped() {
        return watch.dropped();
    }

    private void serve(HttpExchange ex) throws IOException {
        watch.handling();
        try {
            answer(ex);
        } finally {
            // closing drains an announced request body the console never reads: a client can stall it
            watch.writing();
            try {
                ex.close();
            } finally {
                watch.handling();
            }
        }
    }

    private void answer(HttpExchange ex) throws IOException {
        String method = ex.getRequestMethod();
        String rawPath = ex.getRequestURI().getRawPath();
        ConsoleRequest request;
        try {
            String full = QueryString.decodePath(rawPath);
            String path = full.length() <= "/orrery".length() ? "/" : full.substring("/orrery".length());
            request = new ConsoleRequest(method, path, QueryString.parse(ex.getRequestURI().getRawQuery()),
                    ex.getRequestHeaders()::getFirst, ex.getRemoteAddress().getAddress().getHostAddress());
        } catch (MalformedRequestException e) {
            send(ex, handler.refuse(400, method, rawPath, e.getMessage()));
            return;
        }
        if (request.path().equals(EventStream.PATH) && method.equals("GET")) {
            stream(ex, request);
            return;
        }
        send(ex, handler.handle(request));
    }

    private void stream(HttpExchange ex, ConsoleRequest request) throws IOException {
        EventStream.Opening opening = events.admit(request);
        if (opening.refusal() != null) {
            if (opening.retryLater()) {
                ex.getResponseHeaders().set("Retry-After", String.valueOf(EventStream.RETRY_AFTER_SECONDS));
            }
            send(ex, opening.refusal());
            return;
        }
        try {
            SecurityHeaders.ALL.forEach(ex.getResponseHeaders()::set);
            ex.getResponseHeaders().set("Content-Type", EventStream.CONTENT_TYPE);
            sendHeaders(ex, 200, 0);
            events.run(opening.slot(), opening.host(), request, new DeadlineOutputStream(ex.getResponseBody(), watch));
        } finally {
            opening.slot().release();
        }
    }

    private void send(HttpExchange ex, ConsoleResponse r) throws IOException {
        SecurityHeaders.ALL.forEach(ex.getResponseHeaders()::set);
        ex.getResponseHeaders().set("Content-Type", r.contentType());
        OutputStream body = new DeadlineOutputStream(ex.getResponseBody(), watch);
        if (r.pending() != null) {
            sendHeaders(ex, 200, 0);
            r.pending().writeTo(body);
            body.close();
            return;
        }
        sendHeaders(ex, r.status(), r.body().length == 0 ? -1 : r.body().length);
        try (body) {
            body.write(r.body());
        }
    }

    private void sendHeaders(HttpExchange ex, int status, long length) throws IOException {
        watch.writing();
        try {
            ex.sendResponseHeaders(status, length);
        } finally {
            watch.handling();
        }
    }

    @Override
    public void close() {
        events.close();
        server.stop(1);
        pool.shutdownNow();
        watch.close();
    }
}
