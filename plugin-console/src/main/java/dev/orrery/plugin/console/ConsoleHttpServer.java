package dev.orrery.plugin.console;

import aQute.bnd.annotation.Resolution;
import aQute.bnd.annotation.spi.ServiceConsumer;
import dev.orrery.host.GameHost;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ServiceLoader;
import java.util.function.Supplier;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The web console served under {@code /orrery} by the JDK's own HTTP server ({@code com.sun.net.httpserver},
 * module {@code jdk.httpserver}), for a front end without an OSGi HTTP Whiteboard (the JPMS front end's
 * {@code JpmsConsole}); the OSGi bundle serves the same pages and endpoints through the Whiteboard and
 * does not use this. Pages, JSON, the schedule picture, steering and the event stream are documented in
 * the README's "Web console" section. Beyond the spec (Orrery's own).
 *
 * <p>Security: every path answers only requests addressed to a loopback name ({@code Host}:
 * {@code localhost}, {@code 127.x.x.x}, {@code [::1]}) from the console's own page ({@code Origin},
 * {@code Sec-Fetch-Site}); every answer forbids framing; see the README's "Console security" section.
 *
 * <p>Threading: requests run on a bounded pool of daemon threads ({@code orrery-console-http}, at most
 * 16); each open event stream holds one, and at most 8 streams are open (the next is answered 503). A
 * client that takes more than 10 s to send its request, or leaves one write blocked for 10 s, is
 * dropped. World reads and changes go to the host's frame thread and are waited for at most 2 s (a
 * request that times out answers 503). All methods may be called from any thread.
 *
 * @since 0.1
 */
@ProviderType
@ServiceConsumer(value = ConsoleHttpServerFactory.class, resolution = Resolution.OPTIONAL)
public interface ConsoleHttpServer extends AutoCloseable {
    /**
     * Binds and starts a server, with the implementation this module provides
     * ({@link ConsoleHttpServerFactory}, found with {@link ServiceLoader} through this interface's class
     * loader).
     *
     * @param host the host, looked up per request (null while there is none: 503); not null
     * @param timings the timings feed, looked up per request; not null
     * @param address where to listen (port 0: any free port); the caller checks it with
     *     {@link ConsoleSettings#decide(String)} first; not null
     * @return the running server
     * @throws IOException if the address cannot be bound (e.g. the port is taken)
     * @throws NullPointerException if an argument is null
     * @throws IllegalStateException if no implementation is found (the module is incomplete)
     */
    static ConsoleHttpServer start(Supplier<GameHost> host, Supplier<TimingsFeed> timings, InetSocketAddress address)
            throws IOException {
        ConsoleHttpServerFactory factory = ServiceLoader.load(ConsoleHttpServerFactory.class,
                ConsoleHttpServerFactory.class.getClassLoader()).findFirst().orElseThrow(() -> new IllegalStateException(
                "no " + ConsoleHttpServerFactory.class.getName() + " provider found with the class loader of "
                        + ConsoleHttpServerFactory.class.getName() + ": the console module is incomplete"));
        return factory.start(host, timings, address);
    }

    /** @return the bound address, with the actual port */
    InetSocketAddress address();

    /** @return how many event streams ({@code /orrery/api/events}) are open now */
    int openStreams();

    /** Ends the open event streams and stops the server (waits at most 1 s for exchanges in progress); idempotent. */
    @Override
    void close();
}
