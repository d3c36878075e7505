package dev.orrery.testsupport.host;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The change token of a {@link FakeGameHost} and the waits on it, with the real host's rules: it moves
 * on each change, a wait completes once it moves past the waiter's token, closing moves it one last
 * time, and a wait for a token past the last then fails.
 *
 * <p>Threads: any. Guarded by {@code this}: every field. Waits are completed on the notifier, with no
 * lock held.
 */
final class FakeChangeToken {
    private final List<Wait> waits = new ArrayList<>();
    private long token;
    private boolean closed;
    private Executor notifier = Runnable::run;

    private record Wait(long since, CompletableFuture<Long> future) {
    }

    synchronized long now() {
        return token;
    }

    synchronized void notifier(Executor executor) {
        notifier = Objects.requireNonNull(executor, "FakeGameHost.setNotifier: executor");
    }

    /** Moves the token and completes the waits it moved past; nothing once closed. */
    void move() {
        release(false);
    }

    /** The host stopped: one last move that completes every open wait; later waits past it fail. Idempotent. */
    void close() {
        release(true);
    }

    private void release(boolean last) {
        List<Wait> due = new ArrayList<>();
        long now;
        Executor executor;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = last;
            now = ++token;
            for (Wait w : waits) {
                if (w.since() < now) {
                    due.add(w);
                }
            }
            waits.removeAll(due);
            executor = notifier;
        }
        for (Wait w : due) {
            executor.execute(() -> w.future().complete(now));
        }
    }

    /**
     * @return a stage completed at once when the token is past {@code since}, failed at once when it is
     *     closed and is not, else open until a move
     */
    synchronized CompletableFuture<Long> await(long since) {
        if (token > since) {
            return CompletableFuture.completedFuture(token);
        }
        if (closed) {
            return CompletableFuture.failedFuture(
                    new IllegalStateException("the Orrery host is stopped: its change token no longer moves"));
        }
        CompletableFuture<Long> f = new CompletableFuture<>();
        waits.add(new Wait(since, f));
        return f;
    }

    /** @return the waits neither completed nor cancelled */
    synchronized long open() {
        return waits.stream().filter(w -> !w.future().isDone()).count();
    }
}
