package dev.orrery.host.internal.frame;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The work queue of the frame thread: other threads offer work, the frame thread runs it at frame
 * boundaries. Once closed (the loop ended) offers are refused, so nothing waits for a thread that is
 * gone.
 *
 * <p>Implementation notes: {@code closed} is guarded by {@code queue}'s monitor so that an offer and
 * {@link #close()} cannot interleave (an accepted task is always either run by the loop or returned by
 * {@code close}). Any thread may offer; only the frame thread polls.
 */
final class FrameTasks {
    private final BlockingQueue<Runnable> queue = new LinkedBlockingQueue<>();
    private boolean closed; // guarded by queue

    /**
     * @param task work for the frame thread
     * @return false when the queue is closed (the task will never run)
     */
    boolean offer(Runnable task) {
        synchronized (queue) {
            if (closed) {
                return false;
            }
            queue.offer(task);
            return true;
        }
    }

    /** Wakes the frame thread if it waits for work (also after close). */
    void wake() {
        queue.offer(() -> { });
    }

    /** @return the next task without waiting, or null. Frame thread only. */
    Runnable poll() {
        return queue.poll();
    }

    /**
     * @param nanos how long to wait at most
     * @return the next task, or null when none came in time. Frame thread only.
     * @throws InterruptedException if the frame thread is interrupted
     */
    Runnable poll(long nanos) throws InterruptedException {
        return queue.poll(nanos, TimeUnit.NANOSECONDS);
    }

    /**
     * Refuses further offers.
     *
     * @return the tasks accepted but not run yet, in order
     */
    List<Runnable> close() {
        synchronized (queue) {
            closed = true;
        }
        List<Runnable> left = new ArrayList<>();
        queue.drainTo(left);
        return left;
    }
}
