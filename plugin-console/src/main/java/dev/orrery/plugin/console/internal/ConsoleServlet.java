package dev.orrery.plugin.console.internal;

import dev.orrery.host.GameHost;
import dev.orrery.plugin.console.ConsoleHandler;
import dev.orrery.plugin.console.ConsoleRequest;
import dev.orrery.plugin.console.ConsoleResponse;
import dev.orrery.plugin.console.TimingsStream;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Adapts the servlet API to {@link ConsoleHandler}, and streams live timings as server-sent events
 * ({@code GET /orrery/api/events}, {@link TimingsStream}).
 */
final class ConsoleServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    private final transient ConsoleHandler handler;
    private final transient TimingsStream events;

    ConsoleServlet(ConsoleHandler handler) {
        this.handler = handler;
        this.events = new TimingsStream(handler);
    }

    /** Ends the open event streams (the bundle is stopping). */
    void close() {
        events.close();
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = req.getPathInfo() == null ? "/" : req.getPathInfo();
        if (path.equals("/api/events") && req.getMethod().equals("GET")) {
            GameHost host = handler.host();
            if (host == null) {
                resp.sendError(503, "no game host is running");
                return;
            }
            resp.setStatus(200);
            resp.setContentType(TimingsStream.CONTENT_TYPE);
            resp.setHeader("Cache-Control", "no-store");
            events.run(host, req.getParameter("schedule"), resp.getOutputStream());
            return;
        }
        Map<String, String> query = new HashMap<>();
        req.getParameterMap().forEach((k, v) -> {
            if (v.length > 0) {
                query.put(k, v[0]);
            }
        });
        ConsoleResponse r = handler.handle(new ConsoleRequest(req.getMethod(), path, query, req::getHeader,
                req.getRemoteAddr()));
        resp.setStatus(r.status());
        resp.setContentType(r.contentType());
        resp.setHeader("Cache-Control", "no-store");
        resp.setHeader("X-Content-Type-Options", "nosniff");
        resp.setContentLength(r.body().length);
        resp.getOutputStream().write(r.body());
    }
}
