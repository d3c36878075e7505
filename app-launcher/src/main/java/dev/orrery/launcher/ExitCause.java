package dev.orrery.launcher;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Why the JVM is shutting down, read in a shutdown hook from the other threads' stacks: the thread that
 * started the shutdown waits inside {@code java.lang.Shutdown.exit} for the hooks. Below that frame it
 * is either {@code java.lang.Terminator} (a signal: Ctrl-C, SIGTERM) or {@code Runtime.exit} and
 * {@code System.exit}, whose caller is the code that asked to exit (a plugin's system, a component
 * constructor). No such thread: the last non-daemon thread ended. When a signal and an exit call meet
 * (both threads are in {@code Shutdown.exit}, one waiting for the other), the signal is the cause: the
 * exit call then is either the launcher's own, whose code the hook applies, or one that the run's end
 * answers as a signal's would.
 *
 * @param kind what started the shutdown
 * @param thread the name of the thread that started it, or null
 * @param caller the first frame that called {@code System.exit} (or {@code Runtime.exit}) from outside
 *     the JDK, or null
 * @param frames that thread's frames below {@code System.exit}, innermost first (empty unless an exit call)
 */
record ExitCause(Kind kind, String thread, StackTraceElement caller, List<StackTraceElement> frames) {
    /** What started the shutdown. */
    enum Kind {
        /** A signal (Ctrl-C, SIGTERM, SIGHUP). */
        SIGNAL,
        /** Code called {@code System.exit} or {@code Runtime.exit}. */
        EXIT_CALL,
        /** The last non-daemon thread ended, or the cause is unknown. */
        OTHER
    }

    /** Copies the list. */
    ExitCause {
        frames = List.copyOf(frames);
    }

    /**
     * @param stacks every live thread's stack ({@link Thread#getAllStackTraces()}); the hook's own thread is
     *     not in {@code java.lang.Shutdown.exit}, so it is never taken
     * @return the cause
     */
    static ExitCause of(Map<Thread, StackTraceElement[]> stacks) {
        ExitCause call = null;
        for (Map.Entry<Thread, StackTraceElement[]> e : stacks.entrySet()) {
            ExitCause c = of(e.getKey(), e.getValue());
            if (c.kind() == Kind.SIGNAL) {
                return c; // a signal wins over an exit call that waits behind it (or that it waits behind)
            }
            if (call == null && c.kind() == Kind.EXIT_CALL) {
                call = c;
            }
        }
        return call != null ? call : new ExitCause(Kind.OTHER, null, null, List.of());
    }

    /** @return what one thread's stack says: a signal, an exit call, or OTHER when it is not in {@code Shutdown.exit} */
    private static ExitCause of(Thread thread, StackTraceElement[] s) {
        for (int i = 0; i < s.length; i++) {
            if (!is(s[i], "java.lang.Shutdown", "exit")) {
                continue;
            }
            int j = i + 1;
            while (j < s.length && s[j].getClassName().startsWith("java.lang.Shutdown")) {
                j++;
            }
            if (j < s.length && s[j].getClassName().startsWith("java.lang.Terminator")) {
                return new ExitCause(Kind.SIGNAL, thread.getName(), null, List.of());
            }
            while (j < s.length && (is(s[j], "java.lang.Runtime", "exit") || is(s[j], "java.lang.System", "exit"))) {
                j++;
            }
            List<StackTraceElement> below = Arrays.asList(s).subList(Math.min(j, s.length), s.length);
            StackTraceElement caller = below.stream().filter(f -> !jdk(f.getClassName())).findFirst().orElse(null);
            return new ExitCause(Kind.EXIT_CALL, thread.getName(), caller, below);
        }
        return new ExitCause(Kind.OTHER, null, null, List.of());
    }

    /**
     * @param owner names the bundle or module of a frame's class (empty when it is none of them)
     * @return one line for an exit call, e.g. {@code System.exit was called by bundle my.game/1.0.0 (thread
     *     orrery-frame, at my.game.Quit.run(Quit.java:12))}; the first frame (innermost) an owner is found for
     *     is named
     */
    String describe(Function<StackTraceElement, Optional<String>> owner) {
        String who = "unknown code";
        for (StackTraceElement f : frames) {
            if (jdk(f.getClassName())) {
                continue;
            }
            Optional<String> o = owner.apply(f);
            if (o.isPresent()) {
                who = o.get();
                break;
            }
        }
        return "System.exit was called by " + who + " (thread " + thread + (caller == null ? "" : ", at " + frame(caller))
                + ")";
    }

    /** @return the frame without its class loader and module, e.g. {@code p.Quit.run(Quit.java:12)} */
    static String frame(StackTraceElement f) {
        return f.getClassName() + "." + f.getMethodName() + "(" + (f.getFileName() == null ? "Unknown Source"
                : f.getFileName() + (f.getLineNumber() >= 0 ? ":" + f.getLineNumber() : "")) + ")";
    }

    private static boolean is(StackTraceElement f, String type, String method) {
        return f.getClassName().equals(type) && f.getMethodName().equals(method);
    }

    private static boolean jdk(String className) {
        return className.startsWith("java.") || className.startsWith("javax.") || className.startsWith("jdk.")
                || className.startsWith("sun.");
    }
}
