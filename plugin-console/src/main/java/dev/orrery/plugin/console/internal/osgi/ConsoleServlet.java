package dev.orrery.plugin.console.internal.osgi;

import dev.orrery.host.GameHost;
import dev.orrery.plugin.console.internal.web.ConsoleHandler;
import dev.orrery.plugin.console.internal.web.ConsoleRequest;
import dev.orrery.plugin.console.internal.web.ConsoleResponse;
import dev.orrery.plugin.console.internal.web.EventStream;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Adapts the servlet API to {@link ConsoleHandler}, and streams the live timings and the host's
 * changes as server-sent events ({@code GET /orrery/api/events}, {@link EventStream}).
 */
final class ConsoleServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    private final transient ConsoleHandler handler;
    private final transient EventStream events;

    ConsoleServlet(ConsoleHandler handler) {
        this.handler = handler;
        this.events = new EventStream(handler);
    }

    /** Ends the open event streams (the bundle is stopping). */
    void close() {
        events.close();
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = req.getPathInfo() == null ? "/" : req.getPathInfo();
        Map<String, String> query = new HashMap<>();
        req.getParameterMap().forEach((k, v) -> {
            if (v.length > 0) {
                query.put(k, v[0]);
            }
        });
        ConsoleRequest request = new ConsoleRequest(req.getMethod(), path, query, req::getHeader, req.getRemoteAddr());
        if (path.equals(EventStream.PATH) && req.getMethod().equals("GET")) {
            GameHost host = handler.host();
            if (host == null) {
                resp.sendError(503, "no game host is running");
                return;
            }
            resp.setStatus(200);
            resp.setContentType(EventStream.CONTENT_TYPE);
            resp.setHeader("Cache-Control", "no-store");
            events.run(host, request, resp.getOutputStream());
            return;
        }
        ConsoleResponse r = handler.handle(request);
        resp.setStatus(r.status());
        resp.setContentType(r.contentType());
        resp.setHeader("Cache-Control", "no-store");
        resp.setHeader("X-Content-Type-Options", "nosniff");
        resp.setContentLength(r.body().length);
        resp.getOutputStream().write(r.body());
    }
}
