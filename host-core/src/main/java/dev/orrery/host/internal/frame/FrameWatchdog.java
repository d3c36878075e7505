package dev.orrery.host.internal.frame;

import dev.orrery.schedule.RunProbe;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Notices frames that run longer than a limit ({@code frameWarnMillis}) and logs one line per such
 * frame naming the system running at that moment and its plugin, so a system stuck in a loop or a
 * blocking call is named while it is stuck. Frames are not interrupted.
 *
 * <p>Implementation notes: the frame thread calls {@link #frameStarted}/{@link #frameEnded} (one
 * volatile write each per frame); another thread calls {@link #check()} periodically (the executor of
 * {@link #checkPeriodically()}, started with the frame thread; tests call it directly with a fake
 * clock). {@code warnedFrame} is written by the checking thread only.
 */
final class FrameWatchdog {
    private final Logger log;
    private final LongSupplier nanoTime;
    private final RunProbe probe;
    private volatile long startedNanos;
    private volatile long frame;
    private volatile long limitNanos;
    private long warnedFrame = -1; // checking thread only

    /**
     * @param log where the line goes
     * @param nanoTime the clock, nanoseconds
     * @param probe tells which system runs
     * @param limitMillis frames longer than this are reported; 0 turns the watchdog off
     */
    FrameWatchdog(Logger log, LongSupplier nanoTime, RunProbe probe, long limitMillis) {
        this.log = log;
        this.nanoTime = nanoTime;
        this.probe = probe;
        limit(limitMillis);
    }

    /** @param limitMillis the new limit; 0 turns the watchdog off */
    void limit(long limitMillis) {
        this.limitNanos = limitMillis * 1_000_000L;
    }

    /** @return the limit in milliseconds (0: off) */
    long limitMillis() {
        return limitNanos / 1_000_000L;
    }

    /**
     * Starts checking every 250 ms on a daemon thread, {@code orrery-frame-watchdog}; a check that throws
     * a {@link RuntimeException} is logged at DEBUG and the checks after it go on.
     *
     * @return the checking executor; its owner shuts it down when the frame thread ends
     */
    ScheduledExecutorService checkPeriodically() {
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "orrery-frame-watchdog");
            t.setDaemon(true);
            return t;
        });
        executor.scheduleWithFixedDelay(() -> {
            try {
                check();
            } catch (RuntimeException e) {
                // a check that fails must not cancel the ones after it
                log.log(Level.DEBUG, "frame watchdog check failed: " + e);
            }
        }, 250, 250, TimeUnit.MILLISECONDS);
        return executor;
    }

    /**
     * Frame thread: a frame starts.
     *
     * @param frameNo its number
     */
    void frameStarted(long frameNo) {
        frame = frameNo;
        startedNanos = nanoTime.getAsLong();
    }

    /** Frame thread: the frame ended. */
    void frameEnded() {
        startedNanos = 0;
    }

    /**
     * Checking thread: logs one line if the frame running now has run longer than the limit and was not
     * reported yet.
     *
     * @return whether it logged
     */
    boolean check() {
        long limit = limitNanos;
        long started = startedNanos;
        long frameNo = frame;
        if (limit <= 0 || started == 0 || frameNo == warnedFrame) {
            return false;
        }
        long ran = nanoTime.getAsLong() - started;
        if (ran <= limit) {
            return false;
        }
        warnedFrame = frameNo;
        RunProbe.Running r = probe.running().orElse(null);
        String who;
        if (r == null) {
            who = "no system is running (a run condition, an observer or the host itself is busy)";
        } else {
            who = "system '" + r.system().name() + "' of plugin '" + r.plugin() + "' in schedule '" + r.schedule()
                    + "' is running";
        }
        log.log(Level.WARNING, "frame " + frameNo + " has run for " + ran / 1_000_000L + " ms (limit "
                + limit / 1_000_000L + " ms, orrery.host.frameWarnMillis): " + who);
        return true;
    }
}
