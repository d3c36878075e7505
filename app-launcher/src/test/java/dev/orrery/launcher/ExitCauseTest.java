package dev.orrery.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The shutdown hook tells a signal from an exit call by the other threads' stacks, and names the caller. */
class ExitCauseTest {
    private static StackTraceElement f(String type, String method) {
        return new StackTraceElement(type, method, type.substring(type.lastIndexOf('.') + 1) + ".java", 12);
    }

    private static final StackTraceElement[] SHUTDOWN = {f("java.lang.Object", "wait"), f("java.lang.Thread", "join"),
        f("java.lang.ApplicationShutdownHooks", "runHooks"), f("java.lang.Shutdown", "runHooks"),
        f("java.lang.Shutdown", "exit")};

    private static StackTraceElement[] stack(StackTraceElement... below) {
        StackTraceElement[] s = new StackTraceElement[SHUTDOWN.length + below.length];
        System.arraycopy(SHUTDOWN, 0, s, 0, SHUTDOWN.length);
        System.arraycopy(below, 0, s, SHUTDOWN.length, below.length);
        return s;
    }

    @Test
    @DisplayName("a plugin's System.exit: the frame after System.exit is the caller, its bundle is named")
    void exitCall() {
        Thread frame = new Thread(() -> { }, "orrery-frame");
        ExitCause c = ExitCause.of(Map.of(frame, stack(f("java.lang.Runtime", "exit"), f("java.lang.System", "exit"),
                f("my.game.Quit", "run"), f("dev.orrery.schedule.internal.Dispatch", "run"))));
        assertEquals(ExitCause.Kind.EXIT_CALL, c.kind());
        assertEquals("System.exit was called by bundle my.game/1.0.0 (thread orrery-frame, at my.game.Quit.run(Quit.java:12))",
                c.describe(e -> e.getClassName().startsWith("my.game") ? Optional.of("bundle my.game/1.0.0") : Optional.empty()));
        assertEquals("System.exit was called by unknown code (thread orrery-frame, at my.game.Quit.run(Quit.java:12))",
                c.describe(e -> Optional.empty()));
    }

    @Test
    @DisplayName("a signal and the launcher's own System.exit meet in Shutdown.exit: the signal is the cause, in either order")
    void signalAndExitCallMeet() {
        Thread main = new Thread(() -> { }, "main");
        Thread handler = new Thread(() -> { }, "SIGTERM handler");
        StackTraceElement[] exit = stack(f("java.lang.Runtime", "exit"), f("java.lang.System", "exit"),
                f("dev.orrery.launcher.Main", "main"));
        StackTraceElement[] signal = stack(f("java.lang.Terminator$1", "handle"), f("jdk.internal.misc.Signal$1", "run"),
                f("java.lang.Thread", "run"));
        java.util.Map<Thread, StackTraceElement[]> exitFirst = new java.util.LinkedHashMap<>();
        exitFirst.put(main, exit);
        exitFirst.put(handler, signal);
        java.util.Map<Thread, StackTraceElement[]> signalFirst = new java.util.LinkedHashMap<>();
        signalFirst.put(handler, signal);
        signalFirst.put(main, exit);
        assertEquals(ExitCause.Kind.SIGNAL, ExitCause.of(exitFirst).kind());
        assertEquals("SIGTERM handler", ExitCause.of(exitFirst).thread());
        assertEquals(ExitCause.Kind.SIGNAL, ExitCause.of(signalFirst).kind());
    }

    @Test
    @DisplayName("a signal: Shutdown.exit called by the Terminator; no such thread: the last thread ended")
    void signalAndOther() {
        Thread handler = new Thread(() -> { }, "SIGTERM handler");
        assertEquals(ExitCause.Kind.SIGNAL, ExitCause.of(Map.of(handler, stack(f("java.lang.Terminator$1", "handle"),
                f("jdk.internal.misc.Signal$1", "run"), f("java.lang.Thread", "run")))).kind());
        assertEquals(ExitCause.Kind.OTHER, ExitCause.of(Map.of(handler, new StackTraceElement[] {f("java.lang.Thread", "run")}))
                .kind());
    }
}
