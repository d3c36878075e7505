package dev.orrery.plugin.console;

import dev.orrery.host.GameHost;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.function.Supplier;

/**
 * Starts {@link ConsoleHttpServer}s: the seam between the console's API and its implementation, which
 * provides it as a {@link java.util.ServiceLoader} service of the console's own module (bundle and JPMS
 * module {@code dev.orrery.plugin.console}). Callers use {@link ConsoleHttpServer#start}, which finds
 * the provider; they never implement or look up this interface themselves.
 *
 * @since 0.1
 */
public interface ConsoleHttpServerFactory {
    /**
     * Binds and starts a server; see {@link ConsoleHttpServer#start}.
     *
     * @param host the host, looked up per request; not null
     * @param timings the timings feed, looked up per request; not null
     * @param address where to listen; not null
     * @return the running server
     * @throws IOException if the address cannot be bound
     */
    ConsoleHttpServer start(Supplier<GameHost> host, Supplier<TimingsFeed> timings, InetSocketAddress address)
            throws IOException;
}
