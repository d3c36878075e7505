package dev.orrery.host.core;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Makes plugin objects for a front end (a Declarative Services component's service object, a JPMS
 * provider) off the caller's thread, each call on a worker thread of its own, so that a constructor that
 * blocks holds up nothing but itself: not the thread that discovered the plugin (FileInstall's, the
 * folder watch's), not the other plugins. A call still running after the threshold (the host's
 * {@code frameWarnMillis}, {@link dev.orrery.host.HostSettings#frameWarnLimit()}) is named in one
 * WARNING line, with the plugin frame it is at, and counts as settled ({@link Call#settled()}), so a
 * front end that waits for a call or a batch of them waits at most that long; its result is still
 * handed over when it comes. With a threshold of 0 no call is named, and a call settles only when its
 * result is there.
 *
 * <p>{@link #call} returns at once. {@link #afterAll} runs a task once every call made before it has
 * settled (e.g. the first rebuild after the initial plugins). {@link #checkSlow()} names the slow
 * calls; {@link #start} runs it every 250 ms on a daemon thread, a test calls it with a fake clock.
 *
 * <p>Thread-safe. Workers are daemon threads named {@code <name>-<n>}, whose context class loader is the
 * host module's; {@link #close()} lets a call in
 * progress finish (it is never interrupted) and refuses new ones. Beyond the spec (Orrery's own).
 *
 * @since 0.1
 */
public final class PluginCalls implements AutoCloseable {
    private static final long CHECK_MILLIS = 250;

    private final Logger log;
    private final LongSupplier nanoTime;
    private final LongSupplier thresholdMillis;
    private final ExecutorService workers;
    private final ConcurrentHashMap<Call<?>, Boolean> running = new ConcurrentHashMap<>();
    private volatile ScheduledExecutorService checker;

    /**
     * Calls whose slowness only {@link #checkSlow()} notices (tests drive it; {@link #start} for a front end).
     *
     * @param name the workers' thread name prefix, e.g. {@code orrery-plugin-services}
     * @param log where a slow call is named
     * @param nanoTime the clock, nanoseconds
     * @param thresholdMillis how long a call may run before it is named (read at each check); 0 or less:
     *     none is named, and a call settles only with its result
     */
    public PluginCalls(String name, Logger log, LongSupplier nanoTime, LongSupplier thresholdMillis) {
        Objects.requireNonNull(name, "name");
        this.log = Objects.requireNonNull(log, "log");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
        this.thresholdMillis = Objects.requireNonNull(thresholdMillis, "thresholdMillis");
        this.workers = Executors.newCachedThreadPool(threads(name, PluginCalls.class.getClassLoader()));
    }

    /**
     * Calls named slow by a check every 250 ms on a daemon thread ({@code <name>-watch}), with
     * {@code System.nanoTime}.
     *
     * @param name the workers' thread name prefix
     * @param log where a slow call is named
     * @param thresholdMillis how long a call may run before it is named (read at each check)
     * @return the calls, checked
     */
    public static PluginCalls start(String name, Logger log, LongSupplier thresholdMillis) {
        PluginCalls calls = new PluginCalls(name, log, System::nanoTime, thresholdMillis);
        ScheduledExecutorService c = Executors.newSingleThreadScheduledExecutor(threads(name + "-watch", null));
        c.scheduleWithFixedDelay(() -> {
            try {
                calls.checkSlow();
            } catch (RuntimeException e) {
                log.log(Level.DEBUG, "plugin call check failed: " + e);
            }
        }, CHECK_MILLIS, CHECK_MILLIS, TimeUnit.MILLISECONDS);
        calls.checker = c;
        return calls;
    }

    /**
     * One call: its result, and when it counts as settled.
     *
     * @param <T> the result's type
     */
    public static final class Call<T> {
        private final String what;
        private final long startedNanos;
        private final CompletableFuture<T> result = new CompletableFuture<>();
        private final CompletableFuture<Void> settled = new CompletableFuture<>();
        private volatile Thread worker;

        private Call(String what, long startedNanos) {
            this.what = what;
            this.startedNanos = startedNanos;
        }

        /** @return what the call makes, as given to {@link PluginCalls#call} */
        public String what() {
            return what;
        }

        /**
         * @return completes with the work's result, or exceptionally with what it threw (also an
         *     {@link Error}) or with an {@link IllegalStateException} when the calls were closed first
         */
        public CompletableFuture<T> result() {
            return result;
        }

        /** @return completes when the result is there, or when the call was named slow, whichever comes first */
        public CompletableFuture<Void> settled() {
            return settled;
        }
    }

    /**
     * Runs {@code work} on a worker thread of its own.
     *
     * @param what what it makes, for the slow line, e.g. {@code plugin service 42 of bundle my.game/1.0.0}
     * @param work the plugin code
     * @param <T> the result's type
     * @return the call
     */
    public <T> Call<T> call(String what, Supplier<T> work) {
        Call<T> c = new Call<>(what, nanoTime.getAsLong());
        running.put(c, Boolean.TRUE);
        c.result.whenComplete((r, t) -> {
            running.remove(c);
            c.settled.complete(null);
        });
        try {
            workers.execute(() -> {
                c.worker = Thread.currentThread();
                try {
                    c.result.complete(work.get());
                } catch (Throwable t) {
                    c.result.completeExceptionally(t);
                } finally {
                    c.worker = null;
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            c.result.completeExceptionally(new IllegalStateException("the host is stopping: " + what + " was not made"));
        }
        return c;
    }

    /**
     * Runs a task once every call made before this one has settled (at once when none is running),
     * on the thread that settles the last of them.
     *
     * @param task what to run
     * @return completes after the task ran
     */
    public CompletionStage<Void> afterAll(Runnable task) {
        List<CompletableFuture<Void>> pending = new ArrayList<>();
        running.keySet().forEach(c -> pending.add(c.settled));
        return CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).thenRun(task);
    }

    /**
     * Names each call running longer than the threshold, once, in one WARNING line ("{@code what}: still
     * being made after N ms (thread T at the plugin frame F); the other plugins go on without it"), and
     * marks it settled.
     *
     * @return how many calls were named now
     */
    public int checkSlow() {
        long limit = thresholdMillis.getAsLong();
        if (limit <= 0) {
            return 0;
        }
        long now = nanoTime.getAsLong();
        int named = 0;
        for (Call<?> c : running.keySet()) {
            long ran = (now - c.startedNanos) / 1_000_000L;
            if (ran > limit && !c.settled.isDone() && c.settled.complete(null)) {
                Thread t = c.worker;
                log.log(Level.WARNING, c.what + ": still being made after " + ran + " ms (limit " + limit
                        + " ms, orrery.host.frameWarnMillis" + (t == null ? "" : "; thread " + t.getName() + at(t))
                        + "); the other plugins go on without it");
                named++;
            }
        }
        return named;
    }

    /** @return the innermost frame of the thread outside the JDK, as {@code " at frame"}, or "" */
    private static String at(Thread t) {
        for (StackTraceElement e : t.getStackTrace()) {
            String c = e.getClassName();
            if (!(c.startsWith("java.") || c.startsWith("javax.") || c.startsWith("jdk.") || c.startsWith("sun."))) {
                return " at " + c + "." + e.getMethodName() + "(" + (e.getFileName() == null ? "Unknown Source"
                        : e.getFileName() + (e.getLineNumber() >= 0 ? ":" + e.getLineNumber() : "")) + ")";
            }
        }
        return "";
    }

    /** Refuses new calls; a call in progress finishes (never interrupted). Idempotent. */
    @Override
    public void close() {
        workers.shutdown();
        ScheduledExecutorService c = checker;
        if (c != null) {
            c.shutdownNow();
        }
    }

    private static ThreadFactory threads(String name, ClassLoader context) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            if (context != null) {
                t.setContextClassLoader(context);
            }
            return t;
        };
    }
}
