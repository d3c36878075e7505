package dev.orrery.host.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The host's change signal behind {@code GameHost.changes()} and {@code GameHost.awaitChange}: a
 * token that grows by one on every observable change ({@link #changed()}, from any thread), and the
 * waits for it to move past a value.
 *
 * <p>A wait whose token already moved completes at once; the others complete on the notifier
 * executor ({@link #notifierThread()} in the host: one daemon thread {@value #THREAD}, started on
 * demand and ended when idle), never on the thread that reported the change (often the frame thread,
 * which a waiter's action must not block) and never while a lock is held. After {@link #close()} the
 * token no longer moves: the waits still open, and those asked for later whose token did not move,
 * fail with an {@link IllegalStateException}.
 *
 * <p>Implementation notes: {@code token} is read and written by any thread without a lock; the
 * waiters, {@code releasing} and {@code closed} are guarded by {@code lock}. A change reads the waiter
 * list under the lock only to decide whether to hand a release to the notifier ({@code releasing}
 * coalesces a burst of changes into one release); a wait re-reads the token after adding itself, so a
 * change between its first read and its registration is not missed. A cancelled wait is removed at
 * once (a waiter that timed out leaves nothing behind).
 */
final class HostChanges {
    /** The notifier thread's name. */
    static final String THREAD = "orrery-host-changes";

    private final AtomicLong token = new AtomicLong();
    private final Executor notifier;
    private final Object lock = new Object();
    private final List<Waiter> waiters = new ArrayList<>(); // guarded by lock
    private boolean releasing; // guarded by lock
    private boolean closed; // guarded by lock

    /** A wait for the token to move past {@code since}. */
    private record Waiter(long since, CompletableFuture<Long> future) {
    }

    /** @param notifier completes the waits whose token moved; tests pass one they run by hand */
    HostChanges(Executor notifier) {
        this.notifier = notifier;
    }

    /**
     * @return the host's notifier: at most one daemon thread ({@value #THREAD}), started when a wait
     *     is to be completed and ended after a second without work, so an idle or forgotten host keeps no
     *     thread
     */
    static Executor notifierThread() {
        ThreadPoolExecutor executor = new ThreadPoolExecutor(0, 1, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                r -> {
                    Thread t = new Thread(r, THREAD);
                    t.setDaemon(true);
                    t.setContextClassLoader(HostChanges.class.getClassLoader());
                    return t;
                });
        return executor;
    }

    /** @return the token now; any thread */
    long current() {
        return token.get();
    }

    /** Something observable changed: the token grows, and the waits it passes complete. Any thread; never blocks. */
    void changed() {
        token.incrementAndGet();
        releaseSoon();
    }

    /**
     * @param since a token
     * @return completes with the token once it is greater than {@code since} (see the class comment)
     */
    CompletionStage<Long> await(long since) {
        long now = token.get();
        if (now > since) {
            return CompletableFuture.completedFuture(now);
        }
        CompletableFuture<Long> f = new CompletableFuture<>();
        Waiter w = new Waiter(since, f);
        synchronized (lock) {
            if (closed) {
                return CompletableFuture.failedFuture(stopped());
            }
            waiters.add(w);
        }
        f.whenComplete((value, failure) -> {
            if (f.isCancelled()) {
                synchronized (lock) {
                    waiters.remove(w);
                }
            }
        });
        if (token.get() > since) {
            releaseSoon(); // a change came between the first read and the registration
        }
        return f;
    }

    /** The host stopped: one last change, and the waits its token does not pass fail. Idempotent. */
    void close() {
        List<Waiter> open;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
        }
        long last = token.incrementAndGet();
        synchronized (lock) {
            open = new ArrayList<>(waiters);
            waiters.clear();
        }
        if (open.isEmpty()) {
            return;
        }
        notifier.execute(() -> {
            for (Waiter w : open) {
                if (w.since() < last) {
                    w.future().complete(last);
                } else {
                    w.future().completeExceptionally(stopped());
                }
            }
        });
    }

    private void releaseSoon() {
        synchronized (lock) {
            if (waiters.isEmpty() || releasing) {
                return;
            }
            releasing = true;
        }
        notifier.execute(this::release);
    }

    /** On the notifier: completes the waits the token passed. */
    private void release() {
        List<Waiter> ready = new ArrayList<>();
        long now;
        synchronized (lock) {
            releasing = false;
            now = token.get();
            waiters.removeIf(w -> {
                if (w.since() < now) {
                    ready.add(w);
                    return true;
                }
                return false;
            });
        }
        for (Waiter w : ready) {
            w.future().complete(now);
        }
    }

    private static IllegalStateException stopped() {
        return new IllegalStateException("the Orrery host is stopped: its change token no longer moves");
    }
}
