package dev.orrery.schedule;

import dev.orrery.world.World;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Beyond the spec (Orrery's own): resumable systems. A system that needs a value that is not there
 * yet (a file, a socket, a database row) calls {@link #await} with the stage that will deliver it, or
 * {@link #supply} with the blocking work that computes it, and uses the value it returns. There is no
 * second kind of system, no callback and no future to poll across frames.
 *
 * <p><b>Inside a world update</b> (the run function of a system, one of its conditions or its init
 * function, while {@link Schedule#run} runs on the calling thread, or a nested run call of another
 * schedule from there):
 * <ul>
 *   <li>a stage that is already complete returns its value at once, on the calling thread, without
 *       allocating;</li>
 *   <li>otherwise the world update <em>parks</em> at the call: the world's thread (the thread that
 *       called {@code run}; a host's frame thread) blocks in it, so no later system, condition or phase
 *       of that world runs until the stage completes, and {@code run} does not return meanwhile. Other
 *       threads complete the stage. When it completes, the call returns the value and the system goes
 *       on with its locals and its query iteration as they were. Structural changes the phase staged
 *       before the wait stay staged (invisible to other readers) and are published at the phase's end,
 *       with those staged after it. The schedule's {@link RunProbe}, if it has one, publishes the wait
 *       ({@link RunProbe#parked()}) and tells its {@link ParkListener};</li>
 *   <li>a world update waits at most once at a time: a system that awaits while iterating ten thousand
 *       entities parks once, for that entity. Keep CPU-heavy work off the world's thread: give it to
 *       {@link #supply}.</li>
 * </ul>
 *
 * <p><b>Outside a world update</b> (startup, shutdown, a test, a task a host runs between frames, or
 * {@link Schedule#runPhase}/{@link Schedule#runPhases} called directly rather than from a system),
 * {@code await} blocks the calling thread up to {@link #OUTSIDE_BUDGET} (or the timeout given), then
 * cancels the stage and throws a {@link WaitTimeoutException}.
 *
 * <p><b>What the calls throw.</b> {@link WaitFailedException} when the stage completed exceptionally
 * (the cause is the stage's exception); {@link WaitCancelledException} when the wait was cancelled
 * ({@link RunProbe#cancelWait}: a host cancels when the parked system's plugin departs or when it stops;
 * or the thread was interrupted); {@link WaitTimeoutException} when the time ran out. Cancelled and
 * timed-out waits cancel the stage. Uncaught, each is a failure of the system like any other: the
 * phase's transaction is discarded.
 *
 * <p><b>Threads.</b> Any thread may call these methods; only a thread inside a world update parks one.
 *
 * <p>Implementation notes. A schedule's run engine tells this class that the current thread is inside a
 * world update through the thread's {@link Seat}: the outermost {@code run} call seats its
 * {@link Site} (which world, schedule and phase, and the probe), and any run call nested in it seats
 * its own until it returns. The seat is found through one thread-local per thread, cached by the engine
 * per world, so a run call costs a few field writes. The completed-stage path reads neither: it
 * checks the stage and returns. A park is a {@link ParkedWait}: the world's thread parks itself with
 * {@link java.util.concurrent.locks.LockSupport}; completion, cancellation and interrupts unpark it.
 *
 * @since 0.4
 */
public final class Cooperative {
    /**
     * How long {@link #await} and {@link #supply} without a timeout wait outside a world update before
     * they give up: 30 seconds.
     */
    public static final Duration OUTSIDE_BUDGET = Duration.ofSeconds(30);

    private static final ThreadLocal<Seat> SEATS = ThreadLocal.withInitial(Seat::new);

    private Cooperative() {
    }

    /**
     * Returns the value of {@code stage}, parking the world update until it is there when the stage is
     * not complete (see the class description); outside a world update, waits at most
     * {@link #OUTSIDE_BUDGET}.
     *
     * @param stage what delivers the value; completed by another thread
     * @param label what is awaited, in words, for status and log lines (e.g. {@code player profile})
     * @param <T> the value's type
     * @return the value the stage completed with (possibly null)
     * @throws NullPointerException if an argument is null
     * @throws WaitFailedException if the stage completed exceptionally (its exception is the cause)
     * @throws WaitCancelledException if the wait was cancelled
     * @throws WaitTimeoutException outside a world update, after {@link #OUTSIDE_BUDGET}
     */
    public static <T> T await(CompletionStage<T> stage, String label) {
        Objects.requireNonNull(stage, "Cooperative.await: stage is null");
        Objects.requireNonNull(label, "Cooperative.await: label is null");
        if (stage instanceof CompletableFuture<T> f && f.isDone() && !f.isCompletedExceptionally()) {
            return f.getNow(null); // complete: inline, no allocation
        }
        return wait(stage, label, 0, false);
    }

    /**
     * As {@link #await(CompletionStage, String)}, giving up after {@code timeout} inside and outside a
     * world update.
     *
     * @param stage what delivers the value
     * @param label what is awaited, in words
     * @param timeout how long to wait at most; positive
     * @param <T> the value's type
     * @return the value the stage completed with
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if the timeout is zero or negative
     * @throws WaitFailedException if the stage completed exceptionally
     * @throws WaitCancelledException if the wait was cancelled
     * @throws WaitTimeoutException if the stage did not complete within the timeout (it is cancelled)
     */
    public static <T> T await(CompletionStage<T> stage, String label, Duration timeout) {
        Objects.requireNonNull(stage, "Cooperative.await: stage is null");
        Objects.requireNonNull(label, "Cooperative.await: label is null");
        Objects.requireNonNull(timeout, "Cooperative.await: timeout is null");
        if (timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("Cooperative.await '" + label + "': timeout " + timeout
                    + " is not positive");
        }
        if (stage instanceof CompletableFuture<T> f && f.isDone() && !f.isCompletedExceptionally()) {
            return f.getNow(null);
        }
        return wait(stage, label, saturatedNanos(timeout), true);
    }

    /**
     * Runs blocking work on a worker and awaits its result as {@link #await(CompletionStage, String)}.
     * The worker is the executor of the schedule's {@link RunProbe} ({@link RunProbe.Builder#workers}; a
     * host owns a bounded one), or the common fork-join pool outside a world update and for schedules
     * without a probe. A cancelled or timed-out wait interrupts the work.
     *
     * @param label what is computed, in words
     * @param work the blocking work; runs on a worker thread, never on the world's thread
     * @param <T> the value's type
     * @return what the work returned
     * @throws NullPointerException if an argument is null
     * @throws WaitFailedException if the work threw (its exception is the cause), or the executor refused it
     * @throws WaitCancelledException if the wait was cancelled
     * @throws WaitTimeoutException outside a world update, after {@link #OUTSIDE_BUDGET}
     */
    public static <T> T supply(String label, Callable<T> work) {
        Objects.requireNonNull(label, "Cooperative.supply: label is null");
        Objects.requireNonNull(work, "Cooperative.supply: work is null");
        Site site = SEATS.get().current;
        RunProbe probe = site == null ? null : site.probe();
        Executor workers = probe == null ? ForkJoinPool.commonPool() : probe.workers();
        WorkerCall<T> call = new WorkerCall<>(work);
        try {
            workers.execute(call);
        } catch (RejectedExecutionException e) {
            throw new WaitFailedException(label, e);
        }
        return await(call, label);
    }

    /** @return whether the calling thread is inside a world update (an {@link #await} there parks it) */
    public static boolean inWorldUpdate() {
        return SEATS.get().current != null;
    }

    private static <T> T wait(CompletionStage<T> stage, String label, long timeoutNanos, boolean timed) {
        Site site = SEATS.get().current;
        long start = System.nanoTime();
        boolean limited = timed || site == null;
        long budget = timed ? timeoutNanos : saturatedNanos(OUTSIDE_BUDGET);
        ParkedWait<T> w = new ParkedWait<>(Thread.currentThread());
        stage.whenComplete(w);
        int end;
        if (w.ended()) {
            end = ParkedWait.DONE;
        } else if (site == null || site.probe() == null) {
            end = w.block(start + budget, limited);
        } else {
            end = parked(site, stage, label, w, start + budget, limited);
        }
        switch (end) {
            case ParkedWait.DONE:
                if (w.error() != null) {
                    throw new WaitFailedException(label, unwrap(w.error()));
                }
                return w.value();
            case ParkedWait.CANCELLED:
                cancel(stage);
                throw new WaitCancelledException(label, w.reason());
            default:
                cancel(stage);
                throw new WaitTimeoutException(label, Duration.ofNanos(System.nanoTime() - start),
                        site == null ? "outside a world update" : "in a world update");
        }
    }

    private static <T> int parked(Site site, CompletionStage<T> stage, String label, ParkedWait<T> w, long deadline,
                                  boolean timed) {
        RunProbe probe = site.probe();
        RunProbe.Running running = probe.slot().read();
        ParkedUpdate update = new ParkedUpdate(site.world(), site.schedule(), site.phase(),
                running == null ? null : running.system(), running == null ? null : running.plugin(), label,
                stage instanceof WorkerCall<?> ? "worker task" : stage.getClass().getName(), probe.clock().instant());
        probe.park(update, w);
        try {
            return w.block(deadline, timed);
        } finally {
            probe.unpark(update, w);
        }
    }

    private static void cancel(CompletionStage<?> stage) {
        if (stage instanceof Future<?> f) {
            f.cancel(true);
            return;
        }
        try {
            stage.toCompletableFuture().cancel(true);
        } catch (UnsupportedOperationException e) {
            // a stage that cannot be cancelled from here: nothing more to release
        }
    }

    private static Throwable unwrap(Throwable t) {
        if (t instanceof CompletionException && t.getCause() != null) {
            return t.getCause();
        }
        return t;
    }

    private static long saturatedNanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException e) {
            return TimeUnit.DAYS.toNanos(365 * 100);
        }
    }

    /**
     * Where a world update is: what a schedule's run engine seats on its thread while it runs a world
     * ({@link Seat#enter}). For run engines; game code never implements it.
     *
     * @since 0.4
     */
    public interface Site {
        /** @return the world being run */
        World world();

        /** @return the name of the schedule being run */
        String schedule();

        /** @return the phase being run */
        Phase phase();

        /** @return the schedule's probe, or null when it was built without one */
        RunProbe probe();
    }

    /**
     * The current thread's seat: which world update it is inside, if any. For run engines: a run call
     * that begins a world update, or runs inside one, enters its {@link Site} and exits when it returns
     * or throws; game code never calls these methods. Confined to its thread.
     *
     * @since 0.4
     */
    public static final class Seat {
        private Site current;

        private Seat() {
        }

        /** @return the seat of the calling thread */
        public static Seat ofCurrentThread() {
            return SEATS.get();
        }

        /** @return the site seated now, or null outside a world update */
        public Site current() {
            return current;
        }

        /**
         * A run call begins on this seat's thread.
         *
         * @param site its site
         * @return the site seated before, to give back to {@link #exit}
         */
        public Site enter(Site site) {
            Site outer = current;
            current = site;
            return outer;
        }

        /**
         * The run call ended.
         *
         * @param outer what {@link #enter} returned
         */
        public void exit(Site outer) {
            current = outer;
        }
    }
}
