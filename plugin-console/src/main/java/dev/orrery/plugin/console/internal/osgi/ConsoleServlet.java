package dev.orrery.plugin.console.internal.osgi;

import dev.orrery.plugin.console.internal.web.ConsoleHandler;
import dev.orrery.plugin.console.internal.web.ConsoleRequest;
import dev.orrery.plugin.console.internal.web.ConsoleResponse;
import dev.orrery.plugin.console.internal.web.EventStream;
import dev.orrery.plugin.console.internal.web.MalformedRequestException;
import dev.orrery.plugin.console.internal.web.QueryString;
import dev.orrery.plugin.console.internal.web.SecurityHeaders;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Adapts the servlet API to {@link ConsoleHandler}, and streams the live timings and the host's
 * changes as server-sent events ({@code GET /orrery/api/events}, {@link EventStream}, at most
 * {@link EventStream#MAX_STREAMS} at once: past it 503 with {@code Retry-After}). Every answer carries
 * {@link SecurityHeaders}. The query is decoded by {@link QueryString} from the raw query string (never
 * by the servlet container, whose errors on a bad escape are exceptions): a bad one is answered 400.
 * A write to a client that reads nothing is bounded by the HTTP server's idle time-out (Felix HTTP
 * Jetty's {@code org.apache.felix.http.timeout}, 60 s by default), which fails the blocked write.
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

    /** @return how many event streams are open now */
    int openStreams() {
        return events.open();
    }

    /**
     * Answers one request. A client that goes away while the answer is written (a failed write) ends
     * the request with one DEBUG line; nothing is thrown to the container, which would log it as severe.
     */
    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) {
        try {
            answer(req, resp);
        } catch (IOException e) {
            System.getLogger(ConsoleHandler.LOGGER).log(System.Logger.Level.DEBUG, "console: the client of " + req.getMethod()
                    + " " + req.getPathInfo() + " went away: " + e);
        }
    }

    private void answer(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = req.getPathInfo() == null ? "/" : req.getPathInfo();
        ConsoleRequest request;
        try {
            request = new ConsoleRequest(req.getMethod(), path, QueryString.parse(req.getQueryString()), req::getHeader,
                    req.getRemoteAddr());
        } catch (MalformedRequestException e) {
            send(resp, handler.refuse(400, req.getMethod(), path, e.getMessage()));
            return;
        }
        if (path.equals(EventStream.PATH) && req.getMethod().equals("GET")) {
            stream(request, resp);
            return;
        }
        send(resp, handler.handle(request));
    }

    private void stream(ConsoleRequest request, HttpServletResponse resp) throws IOException {
        EventStream.Opening opening = events.admit(request);
        if (opening.refusal() != null) {
            if (opening.retryLater()) {
                resp.setHeader("Retry-After", String.valueOf(EventStream.RETRY_AFTER_SECONDS));
            }
            send(resp, opening.refusal());
            return;
        }
        try {
            SecurityHeaders.ALL.forEach(resp::setHeader);
            resp.setStatus(200);
            resp.setContentType(EventStream.CONTENT_TYPE);
            events.run(opening.slot(), opening.host(), request, resp.getOutputStream());
        } finally {
            opening.slot().release();
        }
    }

    private static void send(HttpServletResponse resp, ConsoleResponse r) throws IOException {
        SecurityHeaders.ALL.forEach(resp::setHeader);
        resp.setStatus(r.status());
        resp.setContentType(r.contentType());
        if (r.pending() != null) {
            resp.flushBuffer();
            r.pending().writeTo(resp.getOutputStream());
            return;
        }
        resp.setContentLength(r.body().length);
        resp.getOutputStream().write(r.body());
    }
}
