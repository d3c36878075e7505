package dev.orrery.host.internal.frame;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The executor the host owns for {@code Cooperative.supply}: at most {@link #THREADS} daemon threads,
 * {@code orrery-supply-N}, that end after 30 s without work, and a queue of at most {@link #QUEUE}
 * tasks; a task beyond that is refused (the system's {@code supply} then throws). Shut down when the
 * host stops.
 */
public final class SupplyWorkers {
    /** Worker threads at most. */
    public static final int THREADS = 4;
    /** Queued tasks at most. */
    public static final int QUEUE = 256;

    private SupplyWorkers() {
    }

    /** @return a new bounded executor */
    public static ExecutorService create() {
        AtomicInteger n = new AtomicInteger();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(THREADS, THREADS, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(QUEUE), r -> {
                    Thread t = new Thread(r, "orrery-supply-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }
}
