package dev.orrery.plugin.console.itest;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Another local web site, the attacker of the browser tests: the JDK's HTTP server on 127.0.0.1 at a
 * port of its own (another origin than the console, the same site), serving fixed HTML pages.
 */
final class AttackerSite implements AutoCloseable {
    private final HttpServer server;

    /** @param pages path (e.g. {@code /frame.html}) to HTML text */
    AttackerSite(Map<String, String> pages) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), 0), 16);
        server.createContext("/", ex -> {
            try (ex) {
                String page = pages.get(ex.getRequestURI().getPath());
                byte[] body = (page == null ? "no page" : page).getBytes(StandardCharsets.UTF_8);
                ex.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
                ex.sendResponseHeaders(page == null ? 404 : 200, body.length);
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(body);
                }
            }
        });
        server.start();
    }

    /** @return the site's base URL, e.g. {@code http://127.0.0.1:40123} */
    String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
