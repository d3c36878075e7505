package dev.orrery.host.internal.rebuild;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * A {@link DelayedExecutor} and clock driven by the test: tasks run on the test's thread when
 * {@link #advanceMillis} moves the clock past their due time. Not thread-safe; one test thread only.
 */
final class ManualExecutor implements DelayedExecutor {
    private record Task(long due, long seq, Runnable body, CompletableFuture<Void> handle) {
    }

    private final List<Task> tasks = new ArrayList<>();
    private long now = 1_000_000_000L;
    private long seq;
    private boolean shutdown;
    private boolean uncancellable;
    private int ran;

    /** @return the clock, in nanoseconds */
    long nanoTime() {
        return now;
    }

    /**
     * From now on, {@code cancel} of a scheduled task fails as if it had already started (the race of a
     * request with a rebuild that is starting); the task still runs when due.
     */
    void makeTasksUncancellable() {
        uncancellable = true;
    }

    /** @return how many tasks have run */
    int ran() {
        return ran;
    }

    /** @return how many tasks wait, not cancelled */
    long waiting() {
        return tasks.stream().filter(t -> !t.handle().isDone()).count();
    }

    @Override
    public Future<?> schedule(Runnable task, long delayNanos) {
        if (shutdown) {
            throw new java.util.concurrent.RejectedExecutionException("shut down");
        }
        CompletableFuture<Void> handle = uncancellable ? new CompletableFuture<>() {
            @Override
            public boolean cancel(boolean mayInterruptIfRunning) {
                return false;
            }
        } : new CompletableFuture<>();
        tasks.add(new Task(now + Math.max(0, delayNanos), seq++, task, handle));
        return handle;
    }

    @Override
    public void shutdown(long timeoutMillis) {
        shutdown = true;
        tasks.clear();
    }

    /**
     * Moves the clock forward, running each task that falls due on the way at its due time (tasks
     * scheduled by a running task included).
     *
     * @param millis how far
     */
    void advanceMillis(long millis) {
        long end = now + TimeUnit.MILLISECONDS.toNanos(millis);
        while (true) {
            tasks.removeIf(t -> t.handle().isDone());
            Task next = tasks.stream().filter(t -> t.due() <= end)
                    .min(Comparator.comparingLong(Task::due).thenComparingLong(Task::seq)).orElse(null);
            if (next == null) {
                break;
            }
            tasks.remove(next);
            now = Math.max(now, next.due());
            next.handle().complete(null);
            ran++;
            next.body().run();
        }
        now = end;
    }
}
