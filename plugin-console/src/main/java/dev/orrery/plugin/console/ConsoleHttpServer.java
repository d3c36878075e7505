package dev.orrery.plugin.console;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.orrery.host.GameHost;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Serves the console ({@link ConsoleHandler}, {@link TimingsStream}) under {@code /orrery} on the JDK's
 * own HTTP server ({@code com.sun.net.httpserver}, module {@code jdk.httpserver}), for a front end
 * without an OSGi HTTP Whiteboard (the JPMS launcher). The OSGi distribution does not use it.
 * Beyond the spec (Orrery's own).
 *
 * <p>Thread-safe; requests run on a small pool of daemon threads (each open timings stream holds one).
 */
public final class ConsoleHttpServer implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService pool;
    private final TimingsStream events;

    private ConsoleHttpServer(HttpServer server, ExecutorService pool, TimingsStream events) {
        this.server = server;
        this.pool = pool;
        this.events = events;
    }

    /**
     * Binds and starts the server.
     *
     * @param handler the console; not null
     * @param address where to listen (port 0: any free port); the caller checks it with
     *     {@link ConsoleSettings#decide(String)} first
     * @return the running server
     * @throws IOException if the address cannot be bound (e.g. the port is taken)
     */
    public static ConsoleHttpServer start(ConsoleHandler handler, InetSocketAddress address) throws IOException {
        Objects.requireNonNull(handler, "handler");
        HttpServer server = HttpServer.create(Objects.requireNonNull(address, "address"), 16);
        ExecutorService pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "orrery-console-http");
            t.setDaemon(true);
            return t;
        });
        TimingsStream events = new TimingsStream(handler);
        server.createContext("/orrery", exchange -> serve(handler, events, exchange));
        server.setExecutor(pool);
        server.start();
        return new ConsoleHttpServer(server, pool, events);
    }

    /** @return the bound address (with the actual port) */
    public InetSocketAddress address() {
        return server.getAddress();
    }

    private static void serve(ConsoleHandler handler, TimingsStream events, HttpExchange ex) throws IOException {
        try (ex) {
            String full = ex.getRequestURI().getPath();
            String path = full.length() <= "/orrery".length() ? "/" : full.substring("/orrery".length());
            Map<String, String> query = parse(ex.getRequestURI().getRawQuery());
            if (path.equals("/api/events") && ex.getRequestMethod().equals("GET")) {
                GameHost host = handler.host();
                if (host == null) {
                    ex.sendResponseHeaders(503, -1);
                    return;
                }
                ex.getResponseHeaders().set("Content-Type", TimingsStream.CONTENT_TYPE);
                ex.getResponseHeaders().set("Cache-Control", "no-store");
                ex.sendResponseHeaders(200, 0);
                events.run(host, query.get("schedule"), ex.getResponseBody());
                return;
            }
            ConsoleResponse r = handler.handle(new ConsoleRequest(ex.getRequestMethod(), path, query,
                    ex.getRequestHeaders()::getFirst, ex.getRemoteAddress().getAddress().getHostAddress()));
            ex.getResponseHeaders().set("Content-Type", r.contentType());
            ex.getResponseHeaders().set("Cache-Control", "no-store");
            ex.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
            ex.sendResponseHeaders(r.status(), r.body().length == 0 ? -1 : r.body().length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(r.body());
            }
        }
    }

    private static Map<String, String> parse(String raw) {
        Map<String, String> q = new HashMap<>();
        if (raw == null || raw.isEmpty()) {
            return q;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            q.putIfAbsent(k, v);
        }
        return q;
    }

    /** Ends the open streams and stops the server (waits at most 1 s for exchanges in progress). */
    @Override
    public void close() {
        events.close();
        server.stop(1);
        pool.shutdownNow();
    }
}
