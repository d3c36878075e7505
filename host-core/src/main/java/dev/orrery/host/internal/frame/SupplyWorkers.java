package dev.orrery.host.internal.frame;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The executor the host owns for {@code Cooperative.supply}: at most {@link #THREADS} daemon threads,
 * {@code orrery-supply-N}, and a queue of at most {@link #QUEUE} tasks; a task beyond that is refused
 * (the system's {@code supply} then throws). Shut down when the host stops.
 *
 * <p>Implementation notes: every thread is started in {@link #create()}, on the host's own stack, and
 * never ends before shutdown. A thread the pool started later, on the first {@code supply} of a
 * plugin or after an idle timeout, would be made on that plugin's stack and keep its protection
 * domains (the thread's inherited access control context) and its context class loader: an
 * uninstalled or reloaded plugin's class loader could then never be collected. The context class
 * loader is the host's for the same reason.
 */
public final class SupplyWorkers {
    /** Worker threads at most. */
    public static final int THREADS = 4;
    /** Queued tasks at most. */
    public static final int QUEUE = 256;

    private SupplyWorkers() {
    }

    /** @return a new bounded executor whose {@link #THREADS} threads are already running */
    public static ExecutorService create() {
        AtomicInteger n = new AtomicInteger();
        ClassLoader host = SupplyWorkers.class.getClassLoader();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(THREADS, THREADS, 0, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(QUEUE), r -> {
                    Thread t = new Thread(r, "orrery-supply-" + n.incrementAndGet());
                    t.setDaemon(true);
                    t.setContextClassLoader(host);
                    return t;
                });
        pool.prestartAllCoreThreads();
        return pool;
    }
}
