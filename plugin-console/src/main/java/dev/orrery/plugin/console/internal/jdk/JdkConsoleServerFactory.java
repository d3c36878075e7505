package dev.orrery.plugin.console.internal.jdk;

import dev.orrery.host.GameHost;
import dev.orrery.plugin.console.ConsoleHttpServer;
import dev.orrery.plugin.console.ConsoleHttpServerFactory;
import dev.orrery.plugin.console.TimingsFeed;
import dev.orrery.plugin.console.internal.web.ConsoleHandler;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * The {@link ConsoleHttpServerFactory} of this module: a {@link ConsoleHandler} served by the JDK's HTTP
 * server, waiting at most {@value #FRAME_THREAD_SECONDS} s for the frame thread. Registered as a
 * {@link java.util.ServiceLoader} provider
 * ({@code META-INF/services/dev.orrery.plugin.console.ConsoleHttpServerFactory}, which bnd also turns into
 * the module's {@code provides} clause), so that the API finds the implementation without importing it.
 * Public only for {@code ServiceLoader}; the package is not exported.
 */
public final class JdkConsoleServerFactory implements ConsoleHttpServerFactory {
    /** How long a request waits for the host's frame thread, in seconds (as the OSGi console). */
    static final int FRAME_THREAD_SECONDS = 2;

    /** Made by {@code ServiceLoader}. */
    public JdkConsoleServerFactory() {
    }

    @Override
    public ConsoleHttpServer start(Supplier<GameHost> host, Supplier<TimingsFeed> timings, InetSocketAddress address)
            throws IOException {
        return JdkConsoleServer.start(new ConsoleHandler(host, timings, Duration.ofSeconds(FRAME_THREAD_SECONDS)),
                address);
    }
}
