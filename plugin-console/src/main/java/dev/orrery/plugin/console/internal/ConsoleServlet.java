package dev.orrery.plugin.console.internal;

import dev.orrery.host.GameHost;
import dev.orrery.plugin.console.ConsoleHandler;
import dev.orrery.plugin.console.ConsoleRequest;
import dev.orrery.plugin.console.ConsoleResponse;
import dev.orrery.plugin.console.TimingsFeed;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Adapts the servlet API to {@link ConsoleHandler}, and streams live timings as server-sent events
 * ({@code GET /orrery/api/events[?schedule=]}: an event {@code timings} with the JSON of
 * {@code /orrery/api/timings} every {@value #PERIOD_MILLIS} ms). A stream subscribes to the timings feed
 * while it is open, so the console's own timing hooks (when the devtools are absent) exist only while a
 * page listens.
 */
final class ConsoleServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    /** Period of the live timings, in milliseconds (4 per second). */
    static final long PERIOD_MILLIS = 250;
    /** A stream ends after this long; the browser's EventSource reconnects by itself. */
    private static final long STREAM_MILLIS = 10 * 60_000;

    private final transient ConsoleHandler handler;
    private final Object lock = new Object();
    private boolean closed;

    ConsoleServlet(ConsoleHandler handler) {
        this.handler = handler;
    }

    /** Ends the open event streams (the bundle is stopping). */
    void close() {
        synchronized (lock) {
            closed = true;
            lock.notifyAll();
        }
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = req.getPathInfo() == null ? "/" : req.getPathInfo();
        if (path.equals("/api/events") && req.getMethod().equals("GET")) {
            events(req, resp);
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

    private void events(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        GameHost host = handler.host();
        if (host == null) {
            resp.sendError(503, "no game host is running");
            return;
        }
        String schedule = req.getParameter("schedule");
        resp.setStatus(200);
        resp.setContentType("text/event-stream; charset=utf-8");
        resp.setHeader("Cache-Control", "no-store");
        OutputStream out = resp.getOutputStream();
        TimingsFeed feed = handler.feed();
        feed.subscribe();
        long end = System.currentTimeMillis() + STREAM_MILLIS;
        try {
            out.write("retry: 1000\n\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            while (System.currentTimeMillis() < end) {
                String json;
                try {
                    json = handler.timingsJson(host, schedule);
                } catch (ConsoleHandler.FrameThreadException e) {
                    json = null; // frame thread busy: skip this tick
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
        }
    }
}
