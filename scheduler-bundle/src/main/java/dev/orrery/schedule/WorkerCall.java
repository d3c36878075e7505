package dev.orrery.schedule;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/**
 * The blocking work of {@link Cooperative#supply} on a worker: completes with what the callable
 * returns or throws; cancelling it before it starts keeps it from running, cancelling it while it
 * runs interrupts its worker.
 *
 * <p>Implementation notes: the worker thread is recorded under the object's monitor while the call
 * runs, and the interrupt is given under the same monitor, so a pooled worker is never interrupted
 * after it moved on to other work; an interrupt that arrived for this call is cleared before the
 * worker is handed back.
 */
final class WorkerCall<T> extends CompletableFuture<T> implements Runnable {
    private final Callable<T> work;
    private Thread worker; // guarded by this

    WorkerCall(Callable<T> work) {
        this.work = work;
    }

    @Override
    public void run() {
        synchronized (this) {
            if (isDone()) {
                return; // cancelled before it started
            }
            worker = Thread.currentThread();
        }
        try {
            complete(work.call());
        } catch (Throwable t) {
            completeExceptionally(t);
        } finally {
            synchronized (this) {
                worker = null;
                if (isCancelled()) {
                    Thread.interrupted(); // ours: not handed to the worker's next task
                }
            }
        }
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        boolean cancelled = super.cancel(mayInterruptIfRunning);
        synchronized (this) {
            if (cancelled && worker != null) {
                worker.interrupt();
            }
        }
        return cancelled;
    }

    @Override
    public String toString() {
        return "worker task";
    }
}
