package dev.orrery.plugin.console.internal.web;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The body of an answer that takes longer than the frame-thread timeout (a long {@code /api/step}):
 * the front end has sent status 200, and {@link #writeTo} writes one space every
 * {@value #PROBE_MILLIS} ms (JSON allows leading white space) until the outcome is known, then the
 * outcome's JSON, whose {@code ok} says whether it worked. A write that fails means the client went
 * away: the work is cancelled at once, so no HTTP thread waits for a client that left. When the time
 * allowed passes first, the work is cancelled and the late answer written. Beyond the spec (Orrery's
 * own). One thread calls {@link #writeTo}, once.
 */
public final class PendingAnswer {
    /** How often a space is written while the outcome is not known, in milliseconds. */
    public static final long PROBE_MILLIS = 250;

    private final CompletableFuture<ConsoleResponse> outcome;
    private final long allowedMillis;
    private final Runnable cancel;
    private final ConsoleResponse late;

    /**
     * @param outcome completes with the answer (its body is written, its status is not); not null
     * @param allowedMillis how long {@link #writeTo} waits for it at most; not negative
     * @param cancel cancels the work (the client left, or the time is up); not null
     * @param late the answer when the time is up; not null
     */
    PendingAnswer(CompletableFuture<ConsoleResponse> outcome, long allowedMillis, Runnable cancel, ConsoleResponse late) {
        this.outcome = Objects.requireNonNull(outcome, "outcome");
        this.allowedMillis = allowedMillis;
        this.cancel = Objects.requireNonNull(cancel, "cancel");
        this.late = Objects.requireNonNull(late, "late");
    }

    /**
     * Writes the body as the class comment says, flushing each write.
     *
     * @param out the response body, after status 200 was sent; not closed here
     * @throws IOException if a write fails (the work was cancelled), or the thread was interrupted
     *     ({@link InterruptedIOException}; the work was cancelled and the interrupt kept)
     */
    public void writeTo(OutputStream out) throws IOException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(allowedMillis);
        try {
            while (true) {
                ConsoleResponse answer;
                try {
                    answer = outcome.get(PROBE_MILLIS, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    if (System.nanoTime() - end >= 0) {
                        cancel.run();
                        answer = late;
                    } else {
                        out.write(' ');
                        out.flush();
                        continue;
                    }
                } catch (ExecutionException e) {
                    answer = late; // the outcome maps every failure to an answer: not reached
                }
                out.write(answer.body());
                out.flush();
                return;
            }
        } catch (InterruptedException e) {
            cancel.run();
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the outcome");
        } catch (IOException e) {
            cancel.run();
            throw e;
        }
    }
}
