package dev.orrery.plugin.console.internal.jdk;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.orrery.host.GameHost;
import dev.orrery.plugin.console.ConsoleHttpServer;
import dev.orrery.plugin.console.internal.web.ConsoleHandler;
import dev.orrery.plugin.console.internal.web.ConsoleRequest;
import dev.orrery.plugin.console.internal.web.ConsoleResponse;
import dev.orrery.plugin.console.internal.web.EventStream;
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
 * Serves the console ({@link ConsoleHandler}, {@link EventStream}) under {@code /orrery} on the JDK's
 * own HTTP server ({@code com.sun.net.httpserver}, module {@code jdk.httpserver}): the
 * {@link ConsoleHttpServer} of the API. Requests run on a cached pool of daemon threads; each open event
 * stream holds one. Thread-safe.
 */
final class JdkConsoleServer implements ConsoleHttpServer {
    private final HttpServer server;
    private final ExecutorService pool;
    private final EventStream events;

    private JdkConsoleServer(HttpServer server, ExecutorService pool, EventStream events) {
        this.server = server;
        this.pool = pool;
        this.events = events;
    }

    /**
     * Binds and starts the server.
     *
     * @param handler the console; not null
     * @param address where to listen (port 0: any free port)
     * @return the running server
     * @throws IOException if the address cannot be bound (e.g. the port is taken)
     */
    static JdkConsoleServer start(ConsoleHandler handler, InetSocketAddress address) throws IOException {
        Objects.requireNonNull(handler, "handler");
        HttpServer server = HttpServer.create(Objects.requireNonNull(address, "address"), 16);
        ExecutorService pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "orrery-console-http");
            t.setDaemon(true);
            return t;
        });
        EventStream events = new EventStream(handler);
        server.createContext("/orrery", exchange -> serve(handler, events, exchange));
        server.setExecutor(pool);
        server.start();
        return new JdkConsoleServer(server, pool, events);
    }

    @Override
    public InetSocketAddress address() {
        return server.getAddress();
    }

    @Override
    public int openStreams() {
        return events.open();
    }

    private static void serve(ConsoleHandler handler, EventStream events, HttpExchange ex) throws IOException {
        try (ex) {
            String full = ex.getRequestURI().getPath();
            String path = full.length() <= "/orrery".length() ? "/" : full.substring("/orrery".length());
            ConsoleRequest request = new ConsoleRequest(ex.getRequestMethod(), path, parse(ex.getRequestURI().getRawQuery()),
                    ex.getRequestHeaders()::getFirst, ex.getRemoteAddress().getAddress().getHostAddress());
            if (path.equals(EventStream.PATH) && ex.getRequestMethod().equals("GET")) {
                GameHost host = handler.host();
                if (host == null) {
                    ex.sendResponseHeaders(503, -1);
                    return;
                }
                ex.getResponseHeaders().set("Content-Type", EventStream.CONTENT_TYPE);
                ex.getResponseHeaders().set("Cache-Control", "no-store");
                ex.sendResponseHeaders(200, 0);
                events.run(host, request, ex.getResponseBody());
                return;
            }
            ConsoleResponse r = handler.handle(request);
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

    @Override
    public void close() {
        events.close();
        server.stop(1);
        pool.shutdownNow();
    }
}
