package dev.orrery.plugin.console.internal.jdk;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The HTTP threads of a {@link JdkConsoleServer}: at most {@link Limits#threads()} daemon threads
 * ({@code orrery-console-http}, ended after 30 s idle), at most {@link Limits#queue()} requests waiting;
 * past that the task is refused and the JDK server closes the connection. Each task is reported to the
 * {@link WorkerWatch}.
 */
final class BoundedExecutor extends ThreadPoolExecutor {
    private final WorkerWatch watch;

    BoundedExecutor(Limits limits, WorkerWatch watch) {
        super(limits.threads(), limits.threads(), 30, TimeUnit.SECONDS, queue(limits.queue()), threads(watch),
                new ThreadPoolExecutor.AbortPolicy());
        this.watch = watch;
        allowCoreThreadTimeOut(true);
    }

    private static ThreadFactory threads(WorkerWatch watch) {
        return r -> {
            Thread t = new Thread(() -> {
                try {
                    r.run();
                } finally {
                    watch.forget(Thread.currentThread());
                }
            }, "orrery-console-http");
            t.setDaemon(true);
            return t;
        };
    }

    private static BlockingQueue<Runnable> queue(int size) {
        return size == 0 ? new SynchronousQueue<>() : new ArrayBlockingQueue<>(size);
    }

    @Override
    protected void beforeExecute(Thread t, Runnable r) {
        watch.reading();
    }

    @Override
    protected void afterExecute(Runnable r, Throwable failure) {
        watch.idle();
        Thread.interrupted(); // a time-out's interrupt, delivered as the task ended
    }

    @Override
    protected void terminated() {
        watch.close();
    }
}
