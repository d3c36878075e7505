package dev.orrery.launcher;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.util.function.Supplier;

/**
 * Standard output or error while the interactive shell runs: each complete line goes through the shell's
 * JLine line reader, {@code LineReader.printAbove(String)}, which prints it above the {@code g!} prompt
 * and redraws the prompt and what was typed so far, instead of writing over them. Without a reader (no
 * shell, or not started yet) bytes go straight through.
 *
 * <p>Threads: any thread may print; writes are serialized on this object.
 */
final class AboveThePrompt extends OutputStream {
    private final OutputStream direct;
    private final Supplier<Object> reader;
    private final Charset charset;
    // guarded by this: the current line while a reader is there
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    /**
     * @param direct where bytes go without a reader (the original stream)
     * @param reader supplies the line reader, or null
     * @param charset the charset the printing stream encodes with
     */
    AboveThePrompt(OutputStream direct, Supplier<Object> reader, Charset charset) {
        this.direct = direct;
        this.reader = reader;
        this.charset = charset;
    }

    @Override
    public synchronized void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        Object r = reader.get();
        if (r == null) {
            drainPartialLine();
            direct.write(b, off, len);
            return;
        }
        int start = off;
        for (int i = off; i < off + len; i++) {
            if (b[i] == '\n') {
                line.write(b, start, i - start);
                emit(r);
                start = i + 1;
            }
        }
        line.write(b, start, off + len - start);
    }

    @Override
    public synchronized void flush() throws IOException {
        if (reader.get() == null) {
            drainPartialLine();
        }
        direct.flush();
    }

    private void emit(Object r) throws IOException {
        String text = line.toString(charset);
        line.reset();
        if (text.endsWith("\r")) {
            text = text.substring(0, text.length() - 1);
        }
        try {
            Reflect.call(r, "printAbove", text);
        } catch (ReflectiveOperationException | RuntimeException e) {
            direct.write((text + System.lineSeparator()).getBytes(charset));
            direct.flush();
        }
    }

    private void drainPartialLine() throws IOException {
        if (line.size() > 0) {
            line.writeTo(direct);
            line.reset();
        }
    }
}
