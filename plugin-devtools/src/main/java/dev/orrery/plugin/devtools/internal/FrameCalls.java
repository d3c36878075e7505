package dev.orrery.plugin.devtools.internal;

import dev.orrery.host.GameHost;
import dev.orrery.host.SystemFaultException;
import dev.orrery.world.World;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Hands work to the host's frame thread ({@link GameHost#submit}) and waits for it, at most a fixed
 * timeout, from a shell thread. Failures become a {@link CommandException} whose message is what the
 * shell prints.
 *
 * <p>Threading: called on the shell's threads; the work itself runs on the frame thread, the only
 * thread that touches the world. Immutable.
 */
final class FrameCalls {
    private final GameHost host;
    private final Duration timeout;

    /**
     * @param host the host; not null
     * @param timeout how long to wait for the frame thread; positive
     * @throws IllegalArgumentException if the timeout is zero or negative
     */
    FrameCalls(GameHost host, Duration timeout) {
        this.host = Objects.requireNonNull(host, "host");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("devtools: the frame-thread timeout must be positive, got " + timeout);
        }
    }

    GameHost host() {
        return host;
    }

    Duration timeout() {
        return timeout;
    }

    /**
     * Runs work on the frame thread at its next frame boundary and returns its result.
     *
     * @throws CommandException if the frame thread does not take the work within the timeout (the
     *     work is then cancelled and never runs), the waiting thread is interrupted (its interrupt
     *     status is set again), or the work threw
     */
    <T> T call(Function<World, T> work) {
        return wait(host.submit(work).toCompletableFuture());
    }

    /**
     * Reads the world ({@link GameHost#read}): at the next frame boundary, or at once while the world
     * update is parked, so the reports answer during a long wait.
     *
     * @throws CommandException as {@link #call}
     */
    <T> T read(Function<World, T> work) {
        return wait(host.read(work).toCompletableFuture());
    }

    private <T> T wait(CompletableFuture<T> f) {
        try {
            return await(f, timeout);
        } catch (StillWaiting e) {
            f.cancel(false);
            throw new CommandException("the frame thread did not take the request within " + timeout.toMillis()
                    + " ms (is a system stuck in a frame?); the request is cancelled, nothing was done");
        } catch (Interrupted e) {
            f.cancel(false);
            Thread.currentThread().interrupt();
            throw new CommandException("interrupted while waiting for the frame thread; the request is cancelled");
        }
    }

    /** The wait timed out; the caller decides what that means. */
    static final class StillWaiting extends Exception {
        private static final long serialVersionUID = 1L;

        StillWaiting() {
            super(null, null, false, false);
        }
    }

    /** The waiting thread was interrupted (its interrupt status is cleared). */
    static final class Interrupted extends Exception {
        private static final long serialVersionUID = 1L;

        Interrupted() {
            super(null, null, false, false);
        }
    }

    /**
     * @return the future's value
     * @throws StillWaiting if it did not complete within {@code wait}
     * @throws Interrupted if the thread was interrupted while waiting
     * @throws CommandException if it was cancelled or completed exceptionally; the message is the
     *     host's for a fault, a state or an argument problem, else names the exception
     */
    static <T> T await(CompletableFuture<T> future, Duration wait) throws StillWaiting, Interrupted {
        try {
            return future.get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new StillWaiting();
        } catch (InterruptedException e) {
            throw new Interrupted();
        } catch (CancellationException e) {
            throw new CommandException("cancelled");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof CommandException ce) {
                throw ce;
            }
            if (cause instanceof SystemFaultException || cause instanceof IllegalStateException
                    || cause instanceof IllegalArgumentException) {
                throw new CommandException(cause.getMessage());
            }
            throw new CommandException("failed on the frame thread: " + cause);
        }
    }
}
