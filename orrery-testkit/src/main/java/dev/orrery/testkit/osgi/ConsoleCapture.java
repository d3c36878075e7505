package dev.orrery.testkit.osgi;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Records what is printed to {@code System.out} and {@code System.err} while open, instead of
 * printing it: for what does not go through a logger a {@link LogCapture} can attach to, such as
 * SCR's stack trace of a component whose activate throws, pax-logging's framework events, or Felix
 * FileInstall's messages. A test that provokes such a fault on purpose asserts on the lines, and a
 * green run prints no stack trace.
 *
 * <pre>{@code
 * try (ConsoleCapture console = ConsoleCapture.open()) {
 *     ... install the plugin whose activate throws ...
 *     host.awaitCondition(() -> ..., () -> "not excluded; console: " + console.lines());
 * }
 * }</pre>
 *
 * <p>{@code System.out} and {@code System.err} are JVM-wide: output of every thread is recorded, and
 * captures must not overlap (close one before opening the next). Pax Exam's native container runs in
 * the test's JVM, so this captures the framework's output too.
 *
 * <p>Beyond the spec (Orrery's own). Implementation notes: writes come from any thread; guarded by
 * the buffer itself.
 *
 * @since 0.1
 */
public final class ConsoleCapture implements AutoCloseable {
    private final PrintStream out = System.out;
    private final PrintStream err = System.err;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(); // guarded by itself

    private ConsoleCapture() {
        System.setOut(new PrintStream(recorder(), true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(recorder(), true, StandardCharsets.UTF_8));
    }

    /** @return an open capture of {@code System.out} and {@code System.err}; close it to restore them */
    public static ConsoleCapture open() {
        return new ConsoleCapture();
    }

    private OutputStream recorder() {
        return new OutputStream() {
            @Override
            public void write(int b) {
                synchronized (buffer) {
                    buffer.write(b);
                }
            }

            @Override
            public void write(byte[] b, int off, int len) {
                synchronized (buffer) {
                    buffer.write(b, off, len);
                }
            }
        };
    }

    /** @return the lines printed so far, in order */
    public List<String> lines() {
        synchronized (buffer) {
            return buffer.toString(StandardCharsets.UTF_8).lines().toList();
        }
    }

    /** Stops recording and puts the previous {@code System.out} and {@code System.err} back. */
    @Override
    public void close() {
        System.setOut(out);
        System.setErr(err);
    }
}
