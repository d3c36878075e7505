package dev.orrery.host.itest;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Records what is printed to {@code System.out} and {@code System.err} (where pax-logging, SCR's
 * fallback logger and the JDK's logging print in the container) while it is open, and still prints it.
 * Used in the container, around the steps whose console output a test asserts on.
 */
final class ConsoleCapture implements AutoCloseable {
    private final PrintStream out = System.out;
    private final PrintStream err = System.err;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(); // guarded by itself

    ConsoleCapture() {
        System.setOut(new PrintStream(tee(out), true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(tee(err), true, StandardCharsets.UTF_8));
    }

    private OutputStream tee(PrintStream original) {
        return new OutputStream() {
            @Override
            public void write(int b) {
                synchronized (buffer) {
                    buffer.write(b);
                }
                original.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                synchronized (buffer) {
                    buffer.write(b, off, len);
                }
                original.write(b, off, len);
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
