package dev.orrery.schedule;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiConsumer;

/**
 * One blocking wait of {@link Cooperative}: the waiting thread parks until the stage completes (this
 * object is the stage's completion action), the wait is cancelled ({@link #cancel}, any thread), the
 * thread is interrupted, or the deadline passes.
 *
 * <p>Implementation notes: {@link #state} goes from {@link #WAITING} to exactly one end state with one
 * compare-and-set, so a completion racing a cancellation has one winner. The completion writes the
 * value and the exception before its compare-and-set, whose volatile write publishes them to the
 * waiter; a losing completion's writes are never read.
 */
final class ParkedWait<T> implements BiConsumer<T, Throwable> {
    static final int WAITING = 0;
    static final int DONE = 1;
    static final int CANCELLED = 2;
    static final int TIMED_OUT = 3;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(ParkedWait.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Thread waiter;
    @SuppressWarnings("unused") // through STATE
    private volatile int state;
    private T value;
    private Throwable error;
    private volatile String reason;

    ParkedWait(Thread waiter) {
        this.waiter = waiter;
    }

    /** The stage completed: wakes the waiter, unless the wait already ended. */
    @Override
    public void accept(T v, Throwable e) {
        value = v;
        error = e;
        if (STATE.compareAndSet(this, WAITING, DONE)) {
            LockSupport.unpark(waiter);
        }
    }

    /**
     * Cancels the wait, unless it already ended; any thread.
     *
     * @param why why, for the exception
     * @return whether this call ended the wait
     */
    boolean cancel(String why) {
        reason = why;
        if (STATE.compareAndSet(this, WAITING, CANCELLED)) {
            LockSupport.unpark(waiter);
            return true;
        }
        return false;
    }

    /** @return whether the wait has ended */
    boolean ended() {
        return state != WAITING;
    }

    /**
     * Waiter: blocks until the wait ends. An interrupt cancels the wait and is set again before this
     * returns.
     *
     * @param deadline the {@link System#nanoTime()} at which the wait times out; ignored unless timed
     * @param timed whether the wait has a deadline
     * @return the end state: {@link #DONE}, {@link #CANCELLED} or {@link #TIMED_OUT}
     */
    int block(long deadline, boolean timed) {
        boolean interrupted = false;
        while (state == WAITING) {
            if (Thread.interrupted()) {
                interrupted = true;
                cancel("the waiting thread was interrupted");
                break;
            }
            if (timed) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    STATE.compareAndSet(this, WAITING, TIMED_OUT);
                    break;
                }
                LockSupport.parkNanos(this, left);
            } else {
                LockSupport.park(this);
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return state;
    }

    /** @return the value the stage completed with (after {@link #DONE}) */
    T value() {
        return value;
    }

    /** @return the exception the stage completed with, or null (after {@link #DONE}) */
    Throwable error() {
        return error;
    }

    /** @return why the wait was cancelled (after {@link #CANCELLED}) */
    String reason() {
        return reason;
    }
}
