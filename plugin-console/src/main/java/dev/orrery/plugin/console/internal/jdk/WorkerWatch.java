package dev.orrery.plugin.console.internal.jdk;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Watches the HTTP threads of a {@link JdkConsoleServer} and interrupts one that has waited too long for
 * a client: reading a request ({@link Limits#requestTimeout()}) or blocked in one write
 * ({@link Limits#writeTimeout()}). The JDK server reads and writes with blocking socket channels,
 * which an interrupt closes, so the thread gets an {@code IOException}, drops the connection and
 * returns to the pool. A thread handling a request (waiting for the frame thread, which has its own
 * time-outs) is never interrupted. Thread-safe.
 *
 * <p>Implementation notes: one {@link Worker} per pool thread, its phase and deadline guarded by the
 * worker itself; the watch thread interrupts only under that lock and only while the phase is the one
 * whose deadline passed, so an interrupt never reaches a thread that has moved on. The pool clears a
 * leftover interrupt after each task ({@link BoundedExecutor}).
 */
final class WorkerWatch implements AutoCloseable {
    private final Limits limits;
    private final Map<Thread, Worker> workers = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer;
    private final AtomicLong dropped = new AtomicLong();

    /** @param limits the time-outs; not null */
    WorkerWatch(Limits limits) {
        this.limits = limits;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "orrery-console-watch");
            t.setDaemon(true);
            return t;
        });
        long tick = Math.max(10, Math.min(250, Math.min(limits.requestTimeout().toMillis(),
                limits.writeTimeout().toMillis()) / 4));
        timer.scheduleWithFixedDelay(this::check, tick, tick, TimeUnit.MILLISECONDS);
    }

    /** The calling pool thread starts a task: the JDK server reads the request line and headers first. */
    void reading() {
        worker().enter(Phase.READ, limits.requestTimeout().toNanos());
    }

    /** The calling thread handles a request (no deadline). */
    void handling() {
        worker().enter(Phase.HANDLE, 0);
    }

    /** The calling thread is about to write to the client. */
    void writing() {
        worker().enter(Phase.WRITE, limits.writeTimeout().toNanos());
    }

    /** The calling pool thread finished its task. */
    void idle() {
        worker().enter(Phase.IDLE, 0);
    }

    /** @return how many pool threads are reading, handling or writing a request now */
    int busy() {
        return (int) workers.values().stream().filter(Worker::busy).count();
    }

    /** @return how many connections were dropped for a time-out so far */
    long dropped() {
        return dropped.get();
    }

    private Worker worker() {
        return workers.computeIfAbsent(Thread.currentThread(), Worker::new);
    }

    /** Forgets a pool thread that ended. */
    void forget(Thread t) {
        workers.remove(t);
    }

    private void check() {
        long now = System.nanoTime();
        for (Worker w : workers.values()) {
            if (w.interruptIfLate(now)) {
                dropped.incrementAndGet();
            }
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }

    private enum Phase { IDLE, READ, HANDLE, WRITE }

    private static final class Worker {
        private final Thread thread;
        private Phase phase = Phase.IDLE; // guarded by this
        private long deadline; // guarded by this; nanoTime, meaningful in READ and WRITE

        Worker(Thread thread) {
            this.thread = thread;
        }

        synchronized void enter(Phase p, long timeoutNanos) {
            phase = p;
            deadline = System.nanoTime() + timeoutNanos;
        }

        synchronized boolean busy() {
            return phase != Phase.IDLE;
        }

        synchronized boolean interruptIfLate(long now) {
            if ((phase == Phase.READ || phase == Phase.WRITE) && now - deadline >= 0) {
                phase = Phase.HANDLE; // once: the thread is on its way out of the blocked call
                thread.interrupt();
                return true;
            }
            return false;
        }
    }
}
