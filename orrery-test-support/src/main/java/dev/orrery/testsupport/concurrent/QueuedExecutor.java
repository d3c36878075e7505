package dev.orrery.testsupport.concurrent;

import java.util.ArrayDeque;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.Executor;

/**
 * An {@link Executor} that runs nothing by itself: tasks wait in a queue until the test runs them
 * ({@link #runNext()}, {@link #runAll()}) on its own thread. It stands in for a thread the code under
 * test hands work to (a notifier, a worker), so that the test decides when that work happens and the
 * outcome never depends on scheduling.
 *
 * <p>Threads: tasks may be queued from any thread; they run on the thread that calls {@code run*}.
 * Guarded by {@code this}: the queue.
 */
public final class QueuedExecutor implements Executor {
    private final Queue<Runnable> tasks = new ArrayDeque<>(); // guarded by this

    /**
     * Queues a task.
     *
     * @throws NullPointerException if task is null
     */
    @Override
    public synchronized void execute(Runnable task) {
        tasks.add(Objects.requireNonNull(task, "QueuedExecutor.execute: task"));
    }

    /** @return how many tasks wait */
    public synchronized int pending() {
        return tasks.size();
    }

    /**
     * Runs the oldest waiting task on this thread, if any.
     *
     * @return whether a task ran
     */
    public boolean runNext() {
        Runnable next;
        synchronized (this) {
            next = tasks.poll();
        }
        if (next == null) {
            return false;
        }
        next.run();
        return true;
    }

    /**
     * Runs waiting tasks on this thread until none is left, those queued by the tasks themselves included.
     *
     * @return how many ran
     */
    public int runAll() {
        int ran = 0;
        while (runNext()) {
            ran++;
        }
        return ran;
    }
}
