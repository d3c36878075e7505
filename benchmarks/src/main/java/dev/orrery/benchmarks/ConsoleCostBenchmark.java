package dev.orrery.benchmarks;

import dev.orrery.host.FrameMode;
import dev.orrery.host.HostSettings;
import dev.orrery.host.core.HostCore;
import dev.orrery.host.core.PluginSource;
import dev.orrery.host.jpms.JpmsConsole;
import dev.orrery.plugin.console.ConsoleHttpServer;
import dev.orrery.plugin.console.TimingsFeed;
import dev.orrery.plugin.devtools.SystemTiming;
import dev.orrery.plugin.devtools.SystemTimings;
import dev.orrery.schedule.Plugin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What the web console adds to a frame. Score: nanoseconds per frame of the real host core
 * ({@link HostCore}, fixed mode, unpaced) running one plugin of {@value #SYSTEMS} empty systems, each of
 * its own class (the dispatch benchmark's systems, {@link Fixtures#emptySystems}). The host is paused and
 * each benchmark call asks it for {@value #FRAMES} frames ({@code GameHost.step}) and waits for them: the
 * frames run on the host's own frame thread, exactly as the frame loop runs every frame (watchdog, the
 * host's system tracker as hooks, frame-boundary tasks); the hand-off is paid once per {@value #FRAMES}
 * frames. Secondary metrics ({@link FrameThreadCpu}): the frame thread's CPU time and frames per
 * iteration, whose quotient is CPU nanoseconds per frame.
 *
 * <p>{@code console}: {@code none} (no console), {@code idle} (the console started and serving on a
 * free loopback port, no page open), {@code page} (a page open: an {@code HttpClient} reads the live
 * timings stream {@code /orrery/api/events}; measured once the stream's first event arrived and the
 * schedule rebuilt for it is in force), {@code closed} (a page was open and is closed again: measured
 * once the server's stream has ended and the schedule rebuilt without the console's hooks is in force),
 * {@code toggled} (no page; the console started and stopped between iterations, see {@link #toggle()}).
 *
 * <p>{@code devtools}: {@code false} is the JPMS arrangement, the console of the JPMS front end ({@link JpmsConsole}, whose timings hooks reach the host core only while
 * a page listens; the OSGi console without plugin-devtools does the same through a
 * {@code ScheduleHooks} service); {@code true} is the OSGi arrangement with plugin-devtools: the
 * devtools' {@link SystemTimings} are an observer in every frame whatever the console does, and the
 * console's handler reads them (as the console's OSGi component does), served here by the JDK server
 * instead of Jetty.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ConsoleCostBenchmark {
    /** Systems in the plugin. */
    static final int SYSTEMS = 1000;
    /** Frames per benchmark call. */
    static final int FRAMES = 200;

    /** {@code none}, {@code idle}, {@code page}, {@code closed} or {@code toggled}. */
    @Param({"none", "idle", "page", "closed", "toggled"})
    public String console;

    /** Whether plugin-devtools' timings observe every frame (the OSGi arrangement with devtools). */
    @Param({"false", "true"})
    public boolean devtools;

    private HostCore host;
    private long frameThread;
    private TimingsFeed devtoolsFeed;
    private AutoCloseable served;
    /** The served console's count of open event streams. */
    private IntSupplier openStreams = () -> 0;
    private Stream<String> page;
    private final AtomicLong events = new AtomicLong();
    private final AtomicReference<String> lastEvent = new AtomicReference<>("");

    /**
     * Starts a paused host with the plugin (and the devtools' observer), waits for its schedule, then
     * starts the console and opens the page as the parameters say.
     *
     * @throws Exception when the host, the console or the page does not come up
     */
    @Setup
    public void setUp() throws Exception {
        host = HostCore.create(HostSettings.builder().mode(FrameMode.FIXED).rate(0).startPaused(true).build(),
                after -> { }, Quiet.LOG);
        host.start();
        host.pluginBound(1);
        host.pluginAdded(new PluginSource(1, "benchmark", null),
                Plugin.builder("bench").systems(Fixtures.emptySystems(SYSTEMS, null, true)).build());
        SystemTimings devtoolsTimings = new SystemTimings();
        if (devtools) {
            host.hooksAdded(new PluginSource(2, "dev.orrery.plugin.devtools (timings)", null), devtoolsTimings);
        }
        host.requestRebuild();
        await("the host's first schedule", () -> host.schedule("main").isPresent());
        host.step(FRAMES).toCompletableFuture().join();
        frameThread = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("orrery-frame"))
                .findFirst().orElseThrow().getId();
        devtoolsFeed = new TimingsFeed() {
            @Override
            public Source source() {
                return Source.DEVTOOLS;
            }

            @Override
            public List<SystemTiming> snapshot() {
                return devtoolsTimings.snapshot();
            }
        };
        if (console.equals("none") || console.equals("toggled")) {
            return;
        }
        int port = startConsole();
        if (console.equals("page") || console.equals("closed")) {
            openPage(port);
            await("the first timings event", () -> events.get() > 0 && streaming());
            if (!devtools) {
                await("the console's hooks in force", () -> !host.observers().isEmpty());
            }
        }
        if (console.equals("closed")) {
            page.close();
            page = null;
            await("the end of the server's timings stream", () -> !streaming());
            if (!devtools) {
                await("the console's hooks gone", () -> host.observers().isEmpty());
            }
        }
        if (!devtools && host.observers().isEmpty() != !console.equals("page")) {
            throw new IllegalStateException("console=" + console + " but the host's observers are " + host.observers());
        }
    }

    /** @return whether the console's server holds an open event stream */
    private boolean streaming() {
        return openStreams.getAsInt() > 0;
    }

    /**
     * {@code toggled}: the console is started before every odd iteration and stopped before every even
     * one (warm-up included), so that iterations with and without an idle console alternate under the
     * same machine load; the aux counter {@code consoleFrames} says which iterations had it.
     *
     * @throws Exception when the console cannot be started or stopped
     */
    @Setup(Level.Iteration)
    public void toggle() throws Exception {
        if (console.equals("toggled")) {
            if (served == null) {
                startConsole();
            } else {
                served.close();
                served = null;
            }
        }
    }

    /**
     * Starts the console on a free loopback port: with devtools, the console's handler over their
     * timings on the JDK server; without, the JPMS front end's {@link JpmsConsole}.
     *
     * @return the port
     * @throws IOException when it cannot be started
     */
    private int startConsole() throws IOException {
        int port = freePort();
        if (devtools) {
            ConsoleHttpServer server = ConsoleHttpServer.start(() -> host, () -> devtoolsFeed,
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            served = server;
            openStreams = server::openStreams;
        } else {
            AtomicLong ids = new AtomicLong(1000);
            JpmsConsole console = JpmsConsole.start(host, Map.of("orrery.console.port", String.valueOf(port))::get,
                    ids::incrementAndGet, Quiet.LOG).orElseThrow(() -> new IllegalStateException("console not served"));
            served = console;
            openStreams = console::openStreams;
        }
        return port;
    }

    private void openPage(int port) throws IOException, InterruptedException {
        HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/orrery/api/events")).build();
        page = HttpClient.newHttpClient().send(req, HttpResponse.BodyHandlers.ofLines()).body();
        Thread reader = new Thread(() -> {
            try {
                page.forEach(line -> {
                    if (line.startsWith("data: ")) {
                        lastEvent.set(line);
                        events.incrementAndGet();
                    }
                });
            } catch (UncheckedIOException e) {
                // the stream was closed at tear-down
            }
        }, "benchmark-page");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * {@value #FRAMES} frames of the host; the score is wall-clock time per frame.
     *
     * @param cpu where the frame thread's CPU time is counted
     * @return the host's frame count, consumed by JMH
     */
    @Benchmark
    @OperationsPerInvocation(FRAMES)
    public long frames(FrameThreadCpu cpu) {
        long frame = host.step(FRAMES).toCompletableFuture().join();
        cpu.add(frameThread, FRAMES, served != null);
        return frame;
    }

    /**
     * A second view, less sensitive to the other processes of a shared machine than wall-clock time:
     * the host frame thread's CPU time ({@code ThreadMXBean.getThreadCpuTime}, read once per
     * {@value #FRAMES} frames) per iteration, and the frames run in it. CPU time per frame =
     * {@code cpuNanos / frames} of each iteration. It leaves out what other threads (the console's HTTP
     * server, the page) spend, and includes the frame thread's frame-boundary work (the page's timings
     * reads run there).
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class FrameThreadCpu {
        private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
        /** The frame thread's CPU time in this iteration, nanoseconds. */
        public long cpuNanos;
        /** Frames run in this iteration. */
        public long frames;
        /** Frames run in this iteration while a console was served. */
        public long consoleFrames;
        private long last = -1;

        /** Zeroes the counters before each iteration (JMH does not). */
        @Setup(Level.Iteration)
        public void reset() {
            cpuNanos = 0;
            frames = 0;
            consoleFrames = 0;
            last = -1;
        }

        void add(long threadId, int ran, boolean console) {
            long now = THREADS.getThreadCpuTime(threadId);
            if (last >= 0) {
                cpuNanos += now - last;
                frames += ran;
            }
            consoleFrames += console ? ran : 0;
            last = now;
        }
    }

    /**
     * Closes the page and the console and stops the host. With a page open, checks that its last event
     * timed every system (so the page did see live timings while frames were measured).
     *
     * @throws Exception when closing fails, or when the page saw no timings of every system
     */
    @TearDown
    public void tearDown() throws Exception {
        String last = lastEvent.get();
        int timed = last.split("\"system\":", -1).length - 1;
        if (page != null) {
            page.close();
        }
        if (served != null) {
            served.close();
        }
        host.stop();
        if (console.equals("page") && timed != SYSTEMS) {
            throw new IllegalStateException("the page's last timings event has " + timed + " systems, not " + SYSTEMS);
        }
        if (console.equals("page")) {
            System.out.println("page: " + events.get() + " timings events, the last of " + timed + " systems");
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static void await(String what, BooleanSupplier done) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new IllegalStateException("benchmark set-up: no " + what + " within 30 s");
            }
            Thread.sleep(5);
        }
    }

    /** A logger that prints warnings and errors only (the host's and console's INFO lines are dropped). */
    private static final class Quiet implements System.Logger {
        static final Quiet LOG = new Quiet();

        @Override
        public String getName() {
            return "benchmark";
        }

        @Override
        public boolean isLoggable(Level level) {
            return level.getSeverity() >= Level.WARNING.getSeverity();
        }

        @Override
        public void log(Level level, java.util.ResourceBundle bundle, String msg, Throwable thrown) {
            if (isLoggable(level)) {
                System.err.println(level + " " + msg + (thrown == null ? "" : ": " + thrown));
            }
        }

        @Override
        public void log(Level level, java.util.ResourceBundle bundle, String format, Object... params) {
            if (isLoggable(level)) {
                System.err.println(level + " " + (params == null ? format : java.text.MessageFormat.format(format, params)));
            }
        }
    }
}
