package dev.orrery.host;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Plugin code that needs the running {@link GameHost} in JPMS mode, where there is no Declarative
 * Services to inject it: a {@link java.util.ServiceLoader} provider of this interface in a plugin jar
 * ({@code provides dev.orrery.host.HostClient with ...}) is made when the jar's module layer is
 * defined and {@linkplain #start started} with the host; when the layer is dropped (the jar deleted
 * or replaced) or the host stops, it is {@linkplain #stop stopped} and let go of. It is the JPMS
 * counterpart of a DS component with a {@code @Reference GameHost} (e.g. the demo's end-of-battle
 * watcher); in OSGi mode nothing calls it.
 *
 * <p>Both calls come from a front-end thread, never the frame thread; neither may block for long
 * (start a thread of your own for waiting). Beyond the spec (Orrery's own).
 *
 * @since 0.1
 */
@ConsumerType
public interface HostClient {
    /**
     * @param host the running host
     */
    void start(GameHost host);

    /** Lets go of the host and stops the client's threads; the default does nothing. */
    default void stop() {
    }
}
