package dev.orrery.plugin.console.internal.web;

import dev.orrery.host.GameHost;
import dev.orrery.host.HostStatus;
import dev.orrery.host.ParkedFrame;
import dev.orrery.host.SystemFaultException;
import dev.orrery.plugin.console.TimingsFeed;
import dev.orrery.plugin.devtools.SystemTiming;
import dev.orrery.plugin.devtools.report.ClocksReport;
import dev.orrery.plugin.devtools.report.CommitsReport;
import dev.orrery.plugin.devtools.report.MessagesReport;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Answers the console's requests: pages, JSON, the SVG picture and steering. Free of servlet types, so
 * any HTTP front end can serve it. Beyond the spec (Orrery's own).
 *
 * <p>Routes (paths below {@code /orrery}), documented in the README's "Web console" section:
 * {@code GET /}, {@code /schedule.html}, {@code /timings.html}, {@code /plugins.html}, {@code /console.js},
 * {@code /console.css}; {@code GET /api/schedules}, {@code /api/timings[?schedule=]}, {@code /api/plugins},
 * {@code /api/commits}, {@code /api/messages}, {@code /api/clocks}, {@code /api/token}; {@code GET /graph.svg?schedule=[&empty=true]}; {@code POST /api/system/enable|disable?schedule=&system=}, {@code POST /api/save|load?file=NAME} (a file name in the host's save directory, {@link ConsoleSaves}),
 * {@code /api/phase/enable|disable?schedule=&phase=}, {@code /api/pause}, {@code /api/resume},
 * {@code /api/step?frames=}; the event stream {@code GET /api/events} is {@link EventStream}'s, since it
 * holds its thread.
 *
 * <p>Admission, before anything else and for every path ({@link #admit}): a parameter that must be a
 * number and is not, or is out of range, is answered 400; a request that {@link LoopbackGate} refuses
 * (a {@code Host} that is not a loopback name, a foreign {@code Origin}, {@code Sec-Fetch-Site} other
 * than {@code same-origin} or {@code none}) is answered 403, the token endpoint included, so no token
 * is issued to another site's page. Each refusal is one DEBUG line on logger {@value #LOGGER} and a JSON
 * {@code {"ok":false,"message"}} naming the fault; none throws or logs a stack trace. Steering then
 * passes {@link MutationGuard} and runs on the host's
 * frame thread through {@link GameHost#submit}, {@link GameHost#pause()}, {@link GameHost#resume()} and
 * {@link GameHost#step(int)}, the path of the shell's {@code orrery:*} commands.
 *
 * <p>While the world update is parked ({@code RunState.PARKED}) every route still answers: reads run
 * through {@link GameHost#read} against the world as the frame left it at the wait; a toggle, pause or
 * resume is checked, queued for the next frame boundary and answered at once with 202 and where the
 * update waits; a step is answered when its frames have run, or late (503) as for a stuck frame.
 *
 * <p>Threading: called on the HTTP server's threads; world reads and changes go to the frame thread
 * (reads: or run at once while parked) and are waited for at most the timeout. Thread-safe.
 */
public final class ConsoleHandler {
    /** The logger of the refusal lines (DEBUG). */
    public static final String LOGGER = "dev.orrery.console";
    /** The most frames one {@code /api/step} may ask for (a minute at 60 frames per second). */
    public static final int MAX_STEP_FRAMES = 3600;
    /** The longest header value or message quoted in a refusal line, in characters. */
    private static final int MAX_QUOTED = 200;

    private final System.Logger log = System.getLogger(LOGGER);
    private final Supplier<GameHost> host;
    private final Supplier<TimingsFeed> timings;
    private final SessionTokens tokens;
    private final MutationGuard guard;
    private final ConsoleSaves saves;
    private final Duration timeout;

    /**
     * @param host the host (looked up per request; null when it is gone); not null
     * @param timings the timings feed (looked up per request); not null
     * @param timeout how long to wait for the frame thread; positive
     * @throws IllegalArgumentException if the timeout is zero or negative
     */
    public ConsoleHandler(Supplier<GameHost> host, Supplier<TimingsFeed> timings, Duration timeout) {
        this(host, timings, new SessionTokens(), timeout);
    }

    /**
     * @param tokens the session tokens (tests issue their own); not null
     */
    ConsoleHandler(Supplier<GameHost> host, Supplier<TimingsFeed> timings, SessionTokens tokens, Duration timeout) {
        this.host = Objects.requireNonNull(host, "host");
        this.timings = Objects.requireNonNull(timings, "timings");
        this.tokens = Objects.requireNonNull(tokens, "tokens");
        this.guard = new MutationGuard(tokens);
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        if (timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("console: the frame-thread timeout must be positive, got " + timeout);
        }
        this.saves = new ConsoleSaves(timeout);
    }

    /**
     * @param r the request; not null
     * @return the answer; never throws for bad input (a 4xx answer names what is wrong)
     */
    public ConsoleResponse handle(ConsoleRequest r) {
        ConsoleResponse refused = admit(r);
        if (refused != null) {
            return refused;
        }
        String path = r.path();
        if (path.startsWith("/api/") && !path.equals("/api/token") && !isRead(path)) {
            MutationGuard.Refusal no = guard.check(r);
            if (no != null) {
                return refuse(no.status(), r, no.message());
            }
            return steer(r);
        }
        if (!r.method().equals("GET")) {
            return refuse(405, r, r.method() + " " + path + ": only GET here");
        }
        GameHost h = host.get();
        try {
            return switch (path) {
                case "/", "/index.html" -> page("schedule.html");
                case "/schedule.html", "/timings.html", "/plugins.html", "/console.js", "/console.css" -> page(path.substring(1));
                case "/api/token" -> ConsoleResponse.json(200, Json.write(Map.of("token", tokens.issue(), "header", SessionTokens.HEADER)));
                case "/api/schedules" -> h == null ? noHost() : ConsoleResponse.json(200, ConsoleJson.schedules(views(h)));
                case "/api/timings" -> h == null ? noHost() : ConsoleResponse.json(200, timingsJson(h, r.param("schedule")));
                case "/api/plugins" -> h == null ? noHost() : ConsoleResponse.json(200, pluginsJson(h));
                case "/api/commits" -> h == null ? noHost() : ConsoleResponse.json(200, ConsoleJson.commits(commits(h)));
                case "/api/messages" -> h == null ? noHost()
                        : ConsoleResponse.json(200, ConsoleJson.messages(onRead(h, MessagesReport::read)));
                case "/api/clocks" -> h == null ? noHost()
                        : ConsoleResponse.json(200, ConsoleJson.clocks(onRead(h, ClocksReport::read)));
                case "/graph.svg" -> h == null ? noHost() : graph(h, r.param("schedule"),
                        "true".equals(r.param("empty")) ? GraphSvg.EmptyLanes.SHOWN : GraphSvg.EmptyLanes.HIDDEN);
                default -> ConsoleResponse.json(404, ConsoleJson.outcome(false, "no console page " + path));
            };
        } catch (FrameThreadException e) {
            return ConsoleResponse.json(503, ConsoleJson.outcome(false, e.getMessage()));
        }
    }

    /**
     * The checks every request passes first, whatever its path (the event stream's too): parameters,
     * then {@link LoopbackGate}.
     *
     * @param r the request; not null
     * @return null when admitted, else the refusal (400 or 403), already logged
     */
    public ConsoleResponse admit(ConsoleRequest r) {
        if (r.path().equals("/api/step") && r.param("frames") != null) {
            String frames = r.param("frames").trim();
            if (!frames.matches("[0-9]{1,9}")) {
                return refuse(400, r, "step: frames must be a whole number from 1 to " + MAX_STEP_FRAMES + ", got '"
                        + frames + "'");
            }
            int n = Integer.parseInt(frames);
            if (n < 1) {
                return refuse(400, r, "step: frames must be at least 1, got " + n);
            }
            if (n > MAX_STEP_FRAMES) {
                return refuse(400, r, "step: frames must be at most " + MAX_STEP_FRAMES + ", got " + n);
            }
        }
        MutationGuard.Refusal no = LoopbackGate.check(r);
        return no == null ? null : refuse(no.status(), r, no.message());
    }

    /**
     * A refusal answer, logged as one DEBUG line (method, path, status, message; quoted text cut to
     * {@value #MAX_QUOTED} characters, non-printable characters replaced).
     *
     * @param status the HTTP status (4xx or 503)
     * @param r the request; not null
     * @param message one line naming the fault
     * @return the JSON answer {@code {"ok":false,"message"}}
     */
    public ConsoleResponse refuse(int status, ConsoleRequest r, String message) {
        return refuse(status, r.method(), r.path(), message);
    }

    /**
     * As {@link #refuse(int, ConsoleRequest, String)}, for a request that could not be read into a
     * {@link ConsoleRequest} (e.g. a bad percent escape).
     *
     * @param status the HTTP status
     * @param method the request's method
     * @param path the request's raw path
     * @param message one line naming the fault
     * @return the JSON answer
     */
    public ConsoleResponse refuse(int status, String method, String path, String message) {
        if (log.isLoggable(System.Logger.Level.DEBUG)) {
            log.log(System.Logger.Level.DEBUG, "console refused " + quoted(method) + " " + quoted(path) + " (" + status
                    + "): " + quoted(message));
        }
        return ConsoleResponse.json(status, ConsoleJson.outcome(false, message));
    }

    private static String quoted(String s) {
        String p = QueryString.printable(s);
        return p.length() <= MAX_QUOTED ? p : p.substring(0, MAX_QUOTED) + "…";
    }

    private static boolean isRead(String path) {
        return path.equals("/api/schedules") || path.equals("/api/timings") || path.equals("/api/plugins")
                || path.equals("/api/commits") || path.equals("/api/messages") || path.equals("/api/clocks");
    }

    /**
     * The timings as JSON (for the live stream too).
     *
     * @param h the host; not null
     * @param schedule a schedule name to keep only its systems, or null for all
     * @return the JSON of {@link ConsoleJson#timings}
     * @throws FrameThreadException if the frame thread does not answer in time
     */
    String timingsJson(GameHost h, String schedule) {
        TimingsFeed feed = timings.get();
        List<SystemTiming> all = onRead(h, w -> feed.snapshot());
        List<SystemTiming> list = schedule == null ? all : all.stream().filter(t -> t.schedule().equals(schedule)).toList();
        return ConsoleJson.timings(feed.source(), h.status().frames(), list);
    }

    /**
     * The host's status, plugins and recent rebuilds as JSON, read from the host (no frame-thread work).
     *
     * @param h the host; not null
     * @return the JSON of {@code /api/plugins} ({@link ConsoleJson#plugins})
     */
    String pluginsJson(GameHost h) {
        return ConsoleJson.plugins(h.status(), h.plugins(), h.rebuilds());
    }

    /** @return the host now, or null when it is gone */
    public GameHost host() {
        return host.get();
    }

    /** @return the timings feed now */
    TimingsFeed feed() {
        return timings.get();
    }

    /** The world's transaction counters and every schedule's barriers, read on the frame thread. */
    private CommitsReport commits(GameHost h) {
        return onRead(h, world -> {
            List<Schedule> schedules = new ArrayList<>();
            String main = h.mainSchedule();
            h.schedule(main).ifPresent(schedules::add);
            for (String name : h.schedules().names()) {
                if (!name.equals(main)) {
                    h.schedule(name).ifPresent(schedules::add);
                }
            }
            return CommitsReport.read(world, schedules);
        });
    }

    private List<ScheduleView> views(GameHost h) {
        return onRead(h, world -> {
            List<ScheduleView> out = new ArrayList<>();
            String main = h.mainSchedule();
            h.schedule(main).ifPresent(s -> out.add(ScheduleView.of(s, world, true)));
            for (String name : h.schedules().names()) {
                if (!name.equals(main)) {
                    h.schedule(name).ifPresent(s -> out.add(ScheduleView.of(s, world, false)));
                }
            }
            return out;
        });
    }

    private ConsoleResponse graph(GameHost h, String schedule, GraphSvg.EmptyLanes emptyLanes) {
        String name = schedule == null || schedule.isBlank() ? h.mainSchedule() : schedule;
        TimingsFeed feed = timings.get();
        record Read(ScheduleView view, Set<String> skipped) {
        }
        Read read = onRead(h, world -> {
            Schedule s = h.schedule(name).orElse(null);
            if (s == null) {
                return null;
            }
            Set<String> skipped = new HashSet<>();
            for (SystemTiming t : feed.snapshot()) {
                if (t.schedule().equals(name) && t.skippedCondition() > 0) {
                    skipped.add(t.system());
                }
            }
            return new Read(ScheduleView.of(s, world, name.equals(h.mainSchedule())), skipped);
        });
        if (read == null) {
            return ConsoleResponse.json(404, ConsoleJson.outcome(false, "no schedule '" + name + "'; schedules: "
                    + h.schedules().names()));
        }
        return new ConsoleResponse(200, "image/svg+xml; charset=utf-8",
                GraphSvg.render(read.view(), read.skipped(), emptyLanes).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    private ConsoleResponse steer(ConsoleRequest r) {
        GameHost h = host.get();
        if (h == null) {
            return noHost();
        }
        String path = r.path();
        try {
            return switch (path) {
                case "/api/system/enable", "/api/system/disable" -> setSystem(h, r, path.endsWith("/enable"));
                case "/api/phase/enable", "/api/phase/disable" -> setPhase(h, r, path.endsWith("/enable"));
                case "/api/pause" -> {
                    h.pause();
                    yield whileParked(h, "pause").orElseGet(() -> {
                        onFrame(h, w -> Boolean.TRUE);
                        return ok("paused at frame " + h.status().frames());
                    });
                }
                case "/api/resume" -> {
                    h.resume();
                    yield whileParked(h, "resume").orElseGet(() -> {
                        onFrame(h, w -> Boolean.TRUE);
                        return ok("resumed at frame " + h.status().frames());
                    });
                }
                case "/api/step" -> step(h, r.param("frames"));
                case "/api/save" -> saves.save(h, r.param("file"));
                case "/api/load" -> saves.load(h, r.param("file"));
                default -> ConsoleResponse.json(404, ConsoleJson.outcome(false, "no console action " + path));
            };
        } catch (FrameThreadException e) {
            return ConsoleResponse.json(e.status, ConsoleJson.outcome(false, e.getMessage()));
        }
    }

    private ConsoleResponse setSystem(GameHost h, ConsoleRequest r, boolean enabled) {
        return toggle(h, r, enabled, "system", Schedule::systems, EcsSystem::name, (s, world, sys) -> {
            boolean was = s.isEnabled(world, sys);
            if (enabled) {
                s.enable(world, sys);
            } else {
                s.disable(world, sys);
            }
            return was;
        });
    }

    private ConsoleResponse setPhase(GameHost h, ConsoleRequest r, boolean enabled) {
        return toggle(h, r, enabled, "phase", Schedule::phases, Phase::name, (s, world, p) -> {
            boolean was = s.isPhaseEnabled(world, p);
            if (enabled) {
                s.enablePhase(world, p);
            } else {
                s.disablePhase(world, p);
            }
            return was;
        });
    }

    /** Sets an enabled flag of a schedule's system or phase in the world; returns the flag before. */
    private interface Flip<T> {
        boolean apply(Schedule schedule, World world, T item);
    }

    /**
     * A toggle of a system's or phase's flag (parameters {@code schedule} and {@code kind}): checks the
     * names here (404 when unknown), then flips the flag on the frame thread, looking the item up again
     * there since a rebuild may have come in between. While the world update is parked the flip is left
     * queued for the next frame boundary and answered at once (202), rather than waiting for a frame
     * thread that takes no work until the wait ends.
     */
    private <T> ConsoleResponse toggle(GameHost h, ConsoleRequest r, boolean enabled, String kind,
                                       Function<Schedule, List<T>> items, Function<T, String> name, Flip<T> flip) {
        String schedule = r.param("schedule") == null ? h.mainSchedule() : r.param("schedule");
        String item = r.param(kind);
        if (item == null || item.isBlank()) {
            return bad("the " + kind + " to " + (enabled ? "enable" : "disable") + " is missing (parameter " + kind + ")");
        }
        String unknown = "no " + kind + " '" + item + "' in schedule " + schedule + "; nothing changed";
        Function<Schedule, T> find = s -> items.apply(s).stream().filter(x -> name.apply(x).equals(item)).findFirst()
                .orElse(null);
        Schedule found = h.schedule(schedule).orElse(null);
        if (found == null) {
            return notFound("no schedule '" + schedule + "'; nothing changed");
        }
        if (find.apply(found) == null) {
            return notFound(unknown);
        }
        Function<World, String> change = world -> {
            Schedule s = h.schedule(schedule).orElse(null);
            T now = s == null ? null : find.apply(s);
            if (now == null) {
                return null;
            }
            return flip.apply(s, world, now) == enabled ? " was already " : " is now ";
        };
        String what = kind + " '" + item + "' in schedule " + schedule;
        String state = enabled ? "enabled" : "disabled";
        Optional<ParkedFrame> parked = h.status().parked();
        if (parked.isPresent()) {
            h.submit(change);
            return ConsoleResponse.json(202, ConsoleJson.outcome(true, what + " will be " + state
                    + " at the next frame boundary; " + parkedOn(parked.get())));
        }
        String how = onFrame(h, change);
        return how == null ? notFound(unknown) : ok(what + how + state);
    }

    /**
     * While the world update is parked, the answer to a pause or resume request, which the host applies
     * at the next frame boundary: at once, without waiting for the frame thread.
     */
    private static Optional<ConsoleResponse> whileParked(GameHost h, String what) {
        return h.status().parked().map(p -> ConsoleResponse.json(202, ConsoleJson.outcome(true, what
                + " requested at frame " + h.status().frames() + "; it applies at the next frame boundary; "
                + parkedOn(p))));
    }

    /** @return where the update waits, for messages: {@code the world update is parked on 'label' in system S} */
    static String parkedOn(ParkedFrame p) {
        return "the world update is parked on '" + p.label() + "' in system " + p.system();
    }

    /**
     * Runs the frames (already checked by {@link #admit}: 1 to {@value #MAX_STEP_FRAMES}). When they have
     * not run within the frame-thread timeout, the answer goes on as a {@link PendingAnswer}, which
     * cancels the frames not run yet when the client goes away or the step's time is up.
     */
    private ConsoleResponse step(GameHost h, String frames) {
        int n = frames == null ? 1 : Integer.parseInt(frames.trim());
        HostStatus st = h.status();
        CompletableFuture<Long> f = h.step(n).toCompletableFuture();
        try {
            long last = f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return stepped(n, st, last);
        } catch (TimeoutException e) {
            CompletableFuture<ConsoleResponse> outcome = f.handle((last, failure) -> failure == null ? stepped(n, st, last)
                    : stepFailed(failure instanceof java.util.concurrent.CompletionException ? failure.getCause() : failure));
            ConsoleResponse late = ConsoleResponse.json(503,
                    ConsoleJson.outcome(false, "step: the frames did not run in time; the rest are cancelled"));
            return ConsoleResponse.pending(new PendingAnswer(outcome, n * 100L, () -> f.cancel(false), late));
        } catch (InterruptedException e) {
            f.cancel(false);
            Thread.currentThread().interrupt();
            return ConsoleResponse.json(503, ConsoleJson.outcome(false, "step: interrupted"));
        } catch (ExecutionException e) {
            return stepFailed(e.getCause());
        }
    }

    private static ConsoleResponse stepped(int n, HostStatus from, long last) {
        return ok("stepped " + n + " frame(s) from frame " + from.frames() + " to " + last);
    }

    private static ConsoleResponse stepFailed(Throwable c) {
        int status = c instanceof SystemFaultException ? 500 : 409;
        String why = String.valueOf(c.getMessage());
        // GameHost.step's own messages already start with "step: "
        return ConsoleResponse.json(status, ConsoleJson.outcome(false, why.startsWith("step: ") ? why : "step: " + why));
    }

    private <T> T onFrame(GameHost h, Function<World, T> work) {
        return waitFor(h.submit(work).toCompletableFuture());
    }

    /**
     * A read of the world: on the frame thread at its next boundary, or at once while the world update
     * is parked ({@link GameHost#read}), so the pages answer during a long wait with what the frame
     * published before it.
     */
    private <T> T onRead(GameHost h, Function<World, T> work) {
        return waitFor(h.read(work).toCompletableFuture());
    }

    private <T> T waitFor(CompletableFuture<T> f) {
        try {
            return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            f.cancel(false);
            throw new FrameThreadException(503, "the frame thread did not take the request within " + timeout.toMillis()
                    + " ms (is a system stuck in a frame?); nothing was done");
        } catch (InterruptedException e) {
            f.cancel(false);
            Thread.currentThread().interrupt();
            throw new FrameThreadException(503, "interrupted while waiting for the frame thread");
        } catch (ExecutionException e) {
            throw new FrameThreadException(500, "failed on the frame thread: " + e.getCause());
        }
    }

    private ConsoleResponse page(String name) {
        try (InputStream in = ConsoleHandler.class.getResourceAsStream("/static/" + name)) {
            if (in == null) {
                return ConsoleResponse.json(404, ConsoleJson.outcome(false, "no console page /" + name));
            }
            String type = name.endsWith(".html") ? "text/html; charset=utf-8"
                    : name.endsWith(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8";
            return new ConsoleResponse(200, type, in.readAllBytes());
        } catch (IOException e) {
            return ConsoleResponse.json(500, ConsoleJson.outcome(false, "cannot read console page /" + name + ": " + e));
        }
    }

    private static ConsoleResponse ok(String message) {
        return ConsoleResponse.json(200, ConsoleJson.outcome(true, message));
    }

    private static ConsoleResponse notFound(String message) {
        return ConsoleResponse.json(404, ConsoleJson.outcome(false, message));
    }

    private static ConsoleResponse bad(String message) {
        return ConsoleResponse.json(400, ConsoleJson.outcome(false, message));
    }

    private static ConsoleResponse noHost() {
        return ConsoleResponse.json(503, ConsoleJson.outcome(false, "no game host is running"));
    }

    /** The frame thread did not answer, or the work failed there. */
    static final class FrameThreadException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int status;

        FrameThreadException(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }
}
