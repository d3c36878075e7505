package dev.orrery.host.internal.rebuild;

import java.util.concurrent.Future;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Runs tasks once after a delay, one at a time: the {@link RebuildCoordinator}'s builder thread. Tests
 * use a manual implementation driven by a fake clock.
 */
interface DelayedExecutor {
    /**
     * @param task what to run
     * @param delayNanos how long from now, in nanoseconds (0 or less: as soon as possible)
     * @return a handle whose {@code cancel(false)} keeps the task from starting
     */
    Future<?> schedule(Runnable task, long delayNanos);

    /**
     * Runs no more tasks; interrupts the one running and waits for it to end.
     *
     * @param timeoutMillis how long to wait at most
     */
    void shutdown(long timeoutMillis);

    /**
     * @param threadName the name of the one daemon thread
     * @return an executor on a new daemon thread whose context class loader is the host's
     */
    static DelayedExecutor newThread(String threadName) {
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            t.setContextClassLoader(DelayedExecutor.class.getClassLoader());
            return t;
        });
        executor.setRemoveOnCancelPolicy(true);
        return new DelayedExecutor() {
            @Override
            public Future<?> schedule(Runnable task, long delayNanos) {
                return executor.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
            }

            @Override
            public void shutdown(long timeoutMillis) {
                executor.shutdownNow();
                try {
                    executor.awaitTermination(timeoutMillis, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
    }
}
