package dev.orrery.host.itest;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Records what is printed to {@code System.out} and {@code System.err} (where pax-logging, SCR's
 * fallback logger and the JDK's logging print in the container) while it is open, instead of printing
 * it: the faults a test provokes on purpose (SCR's stack trace of a failing activate) stay out of a
 * green run's output. Tests put the lines in their failure messages. Used in the container, around the
 * steps whose console output a test asserts on.
 */
final class ConsoleCapture implements AutoCloseable {
    private final PrintStream out = System.out;
    private final PrintStream err = System.err;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(); // guarded by itself

    ConsoleCapture() {
        System.setOut(new PrintStream(recorder(), true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(recorder(), true, StandardCharsets.UTF_8));
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

    /** @return the lines printed so far */
    List<String> lines() {
        synchronized (buffer) {
            return buffer.toString(StandardCharsets.UTF_8).lines().toList();
        }
    }

    @Override
    public void close() {
        System.setOut(out);
        System.setErr(err);
    }
}
