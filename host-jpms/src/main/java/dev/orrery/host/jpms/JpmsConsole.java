package dev.orrery.host.jpms;

import dev.orrery.host.core.HostCore;
import dev.orrery.plugin.console.ConsoleHttpServer;
import dev.orrery.plugin.console.ConsoleSettings;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * The web console in JPMS mode: the same pages and endpoints as in OSGi mode (where the console's
 * DS component serves them through the HTTP Whiteboard), over the host core, served by
 * {@link ConsoleHttpServer} (the JDK's HTTP server). Devtools in JPMS mode is this console; the
 * Gogo shell commands stay OSGi-only.
 *
 * <p>Settings: the same {@code orrery.console.*} properties ({@link ConsoleSettings#from}; on by
 * default at 127.0.0.1:8420; {@code orrery.console.enabled=false} turns it off). Logged on
 * {@value #LOGGER} (the console's logger in OSGi mode too): "web console at http://host:port/orrery/"
 * only once the server is bound, else one SEVERE line naming host:port and the cause (the host keeps
 * running). Timings: {@link HookTimingsFeed} (hooks only while a page listens).
 * Loaded only when the platform layer holds the console module. Beyond the spec (Orrery's own).
 *
 * @since 0.1
 */
public final class JpmsConsole implements AutoCloseable {
    /** The console's logger name (as in OSGi mode). */
    public static final String LOGGER = "dev.orrery.console";
    private final ConsoleHttpServer server;
    private final HookTimingsFeed feed;

    private JpmsConsole(ConsoleHttpServer server, HookTimingsFeed feed) {
        this.server = server;
        this.feed = feed;
    }

    /**
     * Starts the console unless the settings say not to (one line says why).
     *
     * @param host the running host core; not null
     * @param properties the settings lookup (null when unset), e.g. {@code System::getProperty}
     * @param ids new ids for the host's hooks (unique among the front end's ids)
     * @param log where the lines go
     * @return the served console, or empty when it is off, refused by its settings or not bound
     */
    public static Optional<JpmsConsole> start(HostCore host, Function<String, String> properties, LongSupplier ids,
            System.Logger log) {
        Objects.requireNonNull(host, "host");
        ConsoleSettings settings;
        try {
            settings = ConsoleSettings.from(properties);
        } catch (IllegalArgumentException e) {
            log.log(Level.ERROR, "web console not served: " + e.getMessage());
            return Optional.empty();
        }
        // The JDK server binds exactly the configured address, so it is the bound address too.
        ConsoleSettings.Decision d = settings.decide(settings.host());
        if (!d.serve()) {
            log.log(settings.enabled() ? Level.ERROR : Level.INFO, d.refusal());
            return Optional.empty();
        }
        if (d.warning() != null) {
            log.log(Level.WARNING, d.warning());
        }
        HookTimingsFeed feed = new HookTimingsFeed(host, ids);
        ConsoleHttpServer server;
        try {
            server = ConsoleHttpServer.start(() -> host, () -> feed, new InetSocketAddress(settings.host(), settings.port()));
        } catch (IOException | RuntimeException e) {
            log.log(Level.ERROR, "web console: cannot listen on " + hostPort(settings.host(), settings.port()) + ": " + cause(e)
                    + "; set " + ConsoleSettings.PORT + " (or " + ConsoleSettings.HOST + ")");
            return Optional.empty();
        }
        log.log(Level.INFO, "web console at http://" + hostPort(settings.host(), server.address().getPort()) + "/orrery/");
        return Optional.of(new JpmsConsole(server, feed));
    }

    private static String hostPort(String host, int port) {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    /** The failure's message in lower case without the JDK's "(Bind failed)" tail, e.g. "address already in use". */
    private static String cause(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int paren = m.indexOf(" (");
        if (paren > 0) {
            m = m.substring(0, paren);
        }
        return m.toLowerCase(java.util.Locale.ROOT);
    }

    /** @return the bound address (with the actual port) */
    public InetSocketAddress address() {
        return server.address();
    }

    /** @return how many event streams (open console pages) the server holds now */
    public int openStreams() {
        return server.openStreams();
    }

    /** Ends the open streams, stops the server and removes the timings hooks. */
    @Override
    public void close() {
        server.close();
        feed.close();
    }
}
