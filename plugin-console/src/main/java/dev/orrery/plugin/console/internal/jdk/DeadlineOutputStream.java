package dev.orrery.plugin.console.internal.jdk;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A response body whose every write, flush and close is a {@link WorkerWatch#writing()} phase: one that
 * blocks past the write time-out (the client reads nothing) is interrupted, which drops the connection.
 */
final class DeadlineOutputStream extends FilterOutputStream {
    private final WorkerWatch watch;

    DeadlineOutputStream(OutputStream out, WorkerWatch watch) {
        super(out);
        this.watch = watch;
    }

    @Override
    public void write(int b) throws IOException {
        watch.writing();
        try {
            out.write(b);
        } finally {
            watch.handling();
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        watch.writing();
        try {
            out.write(b, off, len);
        } finally {
            watch.handling();
        }
    }

    @Override
    public void flush() throws IOException {
        watch.writing();
        try {
            out.flush();
        } finally {
            watch.handling();
        }
    }

    @Override
    public void close() throws IOException {
        watch.writing();
        try {
            out.close();
        } finally {
            watch.handling();
        }
    }
}
