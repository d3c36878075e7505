package dev.orrery.host.internal.frame;

import dev.orrery.host.ParkedFrame;
import dev.orrery.host.StuckFrame;
import dev.orrery.host.internal.plugins.ObserverProbe;
import dev.orrery.schedule.RunProbe;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Notices frames that run long, with two limits:
 * <ul>
 *   <li>longer than the warning limit ({@code frameWarnMillis}): one WARNING line per such frame naming
 *       what runs at that moment ({@link Activity}: the system and its plugin, or the observer's hook
 *       around it, which is then blamed instead of the system);</li>
 *   <li>longer than the stuck limit ({@code stuckMillis}): the frame is marked stuck ({@link Stuck#stuck}
 *       with the {@link StuckFrame}, one ERROR line), until it returns ({@link Stuck#returned}, one INFO
 *       line).</li>
 * </ul>
 * A frame whose world update is parked (a system waits in {@code Cooperative.await}) is neither warned
 * about nor marked stuck: it is parked on something, and {@link ParkedFrames} says so (one ERROR line
 * after 5 s, then about once a minute). Frames are not interrupted.
 *
 * <p>Implementation notes: the frame thread calls {@link #frameStarted}/{@link #frameEnded} (one volatile
 * write each per frame, and one volatile read at the end); another thread calls {@link #check()}
 * periodically (the executor of {@link #checkPeriodically()}, started with the frame thread; tests call
 * it directly with a fake clock). {@code warnedFrame} is written by the checking thread only. Marking a
 * frame stuck races its end: under the monitor, the checker publishes {@code stuckFrame} and then looks
 * whether the frame still runs (else it takes the mark back, untold); the frame thread clears
 * {@code startedNanos} and then looks whether a frame is marked (then it clears the mark under the
 * monitor). With volatile accesses at least one of them sees the other's write, so a mark never
 * outlives its frame, and the owner hears {@link Stuck#returned} exactly once after each
 * {@link Stuck#stuck} (both told, and logged, under the monitor, so never out of order).
 */
final class FrameWatchdog {
    /** Told when a frame is marked stuck and when it returns. */
    interface Stuck {
        /**
         * A frame has run longer than the stuck limit; called on the checking thread.
         *
         * @param frame what runs in it
         */
        void stuck(StuckFrame frame);

        /**
         * The stuck frame returned (or the mark was undone because it had just returned); called on the
         * frame thread or the checking thread.
         *
         * @param frame the frame as it was marked
         */
        void returned(StuckFrame frame);

        /** Nobody to tell. */
        Stuck NONE = new Stuck() {
            @Override
            public void stuck(StuckFrame frame) {
            }

            @Override
            public void returned(StuckFrame frame) {
            }
        };
    }

    private final Logger log;
    private final LongSupplier nanoTime;
    private final RunProbe probe;
    private final ObserverProbe observers;
    private final ParkedFrames parked;
    /** Checking thread only: the frame last seen parked, and when; a frame's run counts from its wait's end. */
    private long parkedFrame = -1;
    private long parkedSeenNanos;
    private final Stuck owner;
    private volatile long startedNanos;
    private volatile long frame;
    private volatile long limitNanos;
    private volatile long stuckNanos;
    /** The frame marked stuck, or null; see the class's notes. */
    private volatile StuckFrame stuckFrame;
    private long warnedFrame = -1; // checking thread only

    /**
     * A watchdog that only warns (no stuck limit).
     *
     * @param log where the line goes
     * @param nanoTime the clock, nanoseconds
     * @param probe tells which system runs
     * @param limitMillis frames longer than this are reported; 0 turns the warning off
     */
    FrameWatchdog(Logger log, LongSupplier nanoTime, RunProbe probe, long limitMillis) {
        this(log, nanoTime, probe, new ObserverProbe(), limitMillis, 0, Stuck.NONE);
    }

    /**
     * @param log where the lines go
     * @param nanoTime the clock, nanoseconds
     * @param probe tells which system runs
     * @param observers tells which observer's hook runs
     * @param limitMillis frames longer than this are reported; 0 turns the warning off
     * @param stuckMillis frames longer than this are marked stuck; 0 never
     * @param owner told when a frame is marked stuck and when it returns
     */
    FrameWatchdog(Logger log, LongSupplier nanoTime, RunProbe probe, ObserverProbe observers, long limitMillis,
                  long stuckMillis, Stuck owner) {
        this.log = log;
        this.nanoTime = nanoTime;
        this.probe = probe;
        this.observers = observers;
        this.parked = new ParkedFrames(probe, log);
        this.owner = owner;
        limit(limitMillis);
        stuckLimit(stuckMillis);
    }

    /** @param limitMillis the new warning limit; 0 turns the warning off */
    void limit(long limitMillis) {
        this.limitNanos = limitMillis * 1_000_000L;
    }

    /** @param limitMillis the new stuck limit; 0 never marks a frame stuck */
    void stuckLimit(long limitMillis) {
        this.stuckNanos = limitMillis * 1_000_000L;
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

    /** Frame thread: the frame ended (returned, threw, or the thread is dying). */
    void frameEnded() {
        long started = startedNanos;
        startedNanos = 0;
        if (stuckFrame != null) {
            clearStuck((nanoTime.getAsLong() - started) / 1_000_000L);
        }
    }

    /** @return the parked frame running now (a system waits in {@code Cooperative.await}), or null; any thread */
    ParkedFrame parked() {
        return startedNanos == 0 ? null : parked.current(frame);
    }

    /** @return the frame marked stuck now, or null */
    StuckFrame stuck() {
        return stuckFrame;
    }

    /**
     * Marks the frame running now stuck at once, whatever the limit (the host stops and will not wait
     * for it). Any thread.
     *
     * @param why why it will not return, for the log line, e.g. {@code its thread is inside System.exit}
     * @return the stuck frame, or null when no frame runs
     */
    StuckFrame markStuckNow(String why) {
        long started = startedNanos;
        if (started == 0) {
            return null;
        }
        StuckFrame already = stuckFrame;
        if (already != null) {
            return already;
        }
        return mark(frame, started, nanoTime.getAsLong() - started, why);
    }

    /**
     * Checking thread: logs one line if the frame running now has run longer than the warning limit and
     * was not reported yet; marks it stuck once it has run longer than the stuck limit.
     *
     * @return whether it logged
     */
    boolean check() {
        long limit = limitNanos;
        long stuckLimit = stuckNanos;
        long started = startedNanos;
        long frameNo = frame;
        if (started == 0) {
            return false;
        }
        long now = nanoTime.getAsLong();
        if (parked.parked()) {
            // parked on a wait, not stuck in a system: its own lines, never a stuck mark
            parkedFrame = frameNo;
            parkedSeenNanos = now;
            return parked.check(frameNo);
        }
        // a frame that waited counts its run from the wait's end (as last seen), not from its start
        long ran = now - (parkedFrame == frameNo ? Math.max(started, parkedSeenNanos) : started);
        boolean logged = false;
        if (limit > 0 && frameNo != warnedFrame && ran > limit) {
            warnedFrame = frameNo;
            log.log(Level.WARNING, "frame " + frameNo + " has run for " + ran / 1_000_000L + " ms (limit "
                    + limit / 1_000_000L + " ms, orrery.host.frameWarnMillis): " + Activity.now(probe, observers).describe());
            logged = true;
        }
        if (stuckLimit > 0 && ran > stuckLimit && stuckFrame == null) {
            logged |= mark(frameNo, started, ran, "limit " + stuckLimit / 1_000_000L + " ms, orrery.host.stuckMillis") != null;
        }
        return logged;
    }

    /**
     * Marks a frame stuck and tells the owner, unless it ended meanwhile (see the class's notes).
     *
     * @param why why the frame counts as stuck, for the log line
     * @return the mark, or null when the frame had ended
     */
    private StuckFrame mark(long frameNo, long started, long ranNanos, String why) {
        StuckFrame s = Activity.now(probe, observers).stuck(frameNo, Duration.ofMillis(ranNanos / 1_000_000L));
        synchronized (this) {
            if (stuckFrame != null) {
                return stuckFrame;
            }
            stuckFrame = s;
            if (startedNanos != started) {
                stuckFrame = null; // the frame ended while we marked it
                return null;
            }
            // The line goes out before the status changes, so whoever sees STUCK also finds the line.
            log.log(Level.ERROR, "the host is STUCK: " + s.describe() + " (" + why + "); nothing else runs on the frame"
                    + " thread until it returns: a departure of its plugin cannot complete, and stopping the host does not"
                    + " wait for it");
            owner.stuck(s);
        }
        return s;
    }

    /**
     * Frame thread: the stuck frame returned; undoes the mark, if there still is one.
     *
     * @param ranMillis how long the frame ran in all
     */
    private void clearStuck(long ranMillis) {
        StuckFrame s;
        synchronized (this) {
            s = stuckFrame;
            if (s == null) {
                return;
            }
            stuckFrame = null;
            log.log(Level.INFO, "frame " + s.frame() + " returned after " + ranMillis + " ms; the host is no longer stuck");
            owner.returned(s);
        }
    }
}
