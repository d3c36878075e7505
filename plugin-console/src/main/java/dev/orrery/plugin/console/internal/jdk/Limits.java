package dev.orrery.plugin.console.internal.jdk;

import java.time.Duration;
import java.util.Objects;

/**
 * The resource bounds of a {@link JdkConsoleServer}.
 *
 * @param threads how many HTTP threads at most (requests being read, handled or written, and open
 *     event streams); at least 2
 * @param queue how many requests may wait for a thread; past it a new connection is closed at once
 * @param requestTimeout how long a thread waits for a request's line and headers before it drops the
 *     connection (a client that sends slowly, or not at all, after its first byte); positive
 * @param writeTimeout how long one write to a client may block (a client that does not read)
 *     before the connection is dropped; positive
 */
record Limits(int threads, int queue, Duration requestTimeout, Duration writeTimeout) {
    /** The bounds of the console: 16 threads, 64 waiting requests, 10 s to send a request, 10 s per write. */
    static final Limits DEFAULT = new Limits(16, 64, Duration.ofSeconds(10), Duration.ofSeconds(10));

    /** Checks the bounds. */
    Limits {
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        Objects.requireNonNull(writeTimeout, "writeTimeout");
        if (threads < 2 || queue < 0 || requestTimeout.isZero() || requestTimeout.isNegative() || writeTimeout.isZero()
                || writeTimeout.isNegative()) {
            throw new IllegalArgumentException("console limits: threads >= 2, queue >= 0 and positive time-outs, got "
                    + threads + ", " + queue + ", " + requestTimeout + ", " + writeTimeout);
        }
    }
}
