package dev.orrery.launcher;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * The launcher's shutdown hook, in both modes: whatever ends the JVM, the process exits with the code it
 * was asked for, and the host stops cleanly first when it can.
 * <ul>
 *   <li>The launcher's own exit ({@link #decided}, then {@code System.exit}): its code stands; the hook
 *       only flushes the log. A signal that comes once the code is decided (the run ended by itself at the
 *       same moment) does not replace it with 128 + signal: the hook ends the JVM with the decided code.</li>
 *   <li>A signal (Ctrl-C, SIGTERM): "orrery: stopping", the application is stopped, and the hook waits for
 *       the launcher to decide the code of the run (0 for a clean stop, 1 when the frame thread died or the
 *       host is stuck: the same rules as any run's end) and ends the JVM with it. Without a run to stop
 *       (the launcher was still starting) the JVM ends as the signal says (128 + signal).</li>
 *   <li>A {@code System.exit} called by other code (a plugin's system, a component's constructor): one
 *       line names the bundle or module that called it ({@link ExitCause}), the application is stopped,
 *       and the hook returns, so the JVM exits with the code that code gave.</li>
 * </ul>
 * The hook also holds the {@link DistributionLock}, so the lock stays reachable for the life of the
 * process.
 *
 * <p>Threads: {@link #running} and {@link #decided} are called by the launcher's main thread; the hook
 * runs on its own thread. The stopper must not block for long (it asks the application to stop).
 */
final class ExitHook {
    /** Why the application is asked to stop on Ctrl-C or SIGTERM (JPMS mode prints it in its last line). */
    static final String SIGNAL = "a stop signal";
    /** How long the hook waits for the run to end and its code to be decided. */
    private static final long DECIDE_WAIT_MILLIS = 25_000;

    private final DistributionLock lock;
    private final CompletableFuture<Integer> code = new CompletableFuture<>();
    private volatile java.util.function.Consumer<String> stopper;
    private volatile Function<StackTraceElement, Optional<String>> owner = f -> Optional.empty();

    private ExitHook(DistributionLock lock) {
        this.lock = lock;
    }

    /**
     * Registers the hook with the JVM.
     *
     * @param lock the distribution folder's lock, held by the hook for the life of the process
     * @return the hook
     */
    static ExitHook install(DistributionLock lock) {
        ExitHook h = new ExitHook(lock);
        Runtime.getRuntime().addShutdownHook(new Thread(h::run, "orrery-shutdown"));
        return h;
    }

    /**
     * The application runs.
     *
     * @param stop asks it to stop, given why ({@value #SIGNAL}, or the line naming an exit call); returns at
     *     once: the run's end is the launcher's main thread's to see
     * @param whoOwns names the bundle or module of a stack frame's class, for an exit call
     */
    void running(java.util.function.Consumer<String> stop, Function<StackTraceElement, Optional<String>> whoOwns) {
        this.owner = whoOwns;
        this.stopper = stop;
    }

    /**
     * The launcher is about to exit with this code (call it right before {@code System.exit}).
     *
     * @param exitCode the code
     */
    void decided(int exitCode) {
        code.complete(exitCode);
    }

    /** @return the lock this hook holds */
    DistributionLock lock() {
        return lock;
    }

    private void run() {
        ExitCause cause = ExitCause.of(Thread.getAllStackTraces());
        Optional<Integer> decided = decidedCode(code.getNow(null), cause.kind());
        if (decided.isPresent()) {
            // a signal came after the launcher decided its code (the run ended by itself meanwhile), and
            // started the shutdown before (or while) the launcher's own System.exit: that code stands
            end();
            Runtime.getRuntime().halt(decided.get());
        }
        if (code.isDone()) {
            ShutdownSafeLogManager.resetIfInstalled();
            return; // the launcher's own exit: its code stands
        }
        java.util.function.Consumer<String> stop = stopper;
        switch (cause.kind()) {
            case SIGNAL -> {
                if (stop == null) {
                    return;
                }
                System.out.println("orrery: stopping");
                stop.accept(SIGNAL);
                int c = await().orElse(Main.FAILED);
                end();
                Runtime.getRuntime().halt(c);
            }
            case EXIT_CALL -> {
                String call = cause.describe(owner);
                System.out.println("orrery: " + call + "; the host stops, then the process exits with the code it gave");
                if (stop != null) {
                    stop.accept(call);
                    await();
                }
                end();
            }
            default -> end();
        }
    }

    /**
     * @param decided the code the launcher decided for the run, or null while it has not
     * @param cause what started the shutdown
     * @return the code the hook must end the JVM with itself: the decided one when a signal started the
     *     shutdown after the launcher decided it (the JVM would otherwise exit with the signal's 128 + n);
     *     empty when the JVM's own exit status is right (the launcher's {@code System.exit} started it) or
     *     the run is still going
     */
    static Optional<Integer> decidedCode(Integer decided, ExitCause.Kind cause) {
        return decided != null && cause == ExitCause.Kind.SIGNAL ? Optional.of(decided) : Optional.empty();
    }

    private Optional<Integer> await() {
        try {
            return Optional.of(code.get(DECIDE_WAIT_MILLIS, TimeUnit.MILLISECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (ExecutionException | TimeoutException e) {
            System.out.println("orrery: the run did not end within " + DECIDE_WAIT_MILLIS + " ms of the stop request");
            return Optional.empty();
        }
    }

    private static void end() {
        System.out.flush();
        System.err.flush();
        ShutdownSafeLogManager.resetIfInstalled();
    }
}
