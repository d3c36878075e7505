package dev.orrery.world.snapshot;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The bytes of one section while it is encoded, with their length and CRC-32 kept as they come, so
 * that the section's frame line is known once the document ends and its bytes go to the file as they
 * are: no copy into one array, no growing copies.
 *
 * <p>Implementation notes. The bytes are kept in chunks that are never copied again: the first ones
 * small (most sections are short), doubling to {@value #MAX_CHUNK} bytes, so that a large section is
 * many small arrays rather than a few large ones, which a garbage collector with regions would have to
 * place as humongous objects. Full-size chunks come from and go back to the caller's
 * {@link SnapshotBuffers} ({@link #release}): an autosave then writes into arrays that already sit in
 * the old generation, instead of allocating its whole size again, which young collections would copy
 * while the section is still being written (tens of milliseconds for a 20 MB snapshot, on every
 * thread's time). A buffer is used by one thread at a time.
 */
final class SectionBuffer extends OutputStream {
    private static final int FIRST_CHUNK = 512;
    static final int MAX_CHUNK = SnapshotBuffers.CHUNK;

    private final SnapshotBuffers buffers;
    private final List<byte[]> chunks = new ArrayList<>();
    private final CRC32 crc = new CRC32();
    private byte[] current = new byte[FIRST_CHUNK];
    private int used;
    private long size;

    /** A buffer whose memory is not kept for later ones. */
    SectionBuffer() {
        this(SnapshotBuffers.none());
    }

    /** @param buffers where full-size chunks come from and go back to */
    SectionBuffer(SnapshotBuffers buffers) {
        this.buffers = buffers;
    }

    @Override
    public void write(int b) {
        if (used == current.length) {
            next();
        }
        current[used++] = (byte) b;
        crc.update(b);
        size++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        crc.update(b, off, len);
        size += len;
        while (len > 0) {
            if (used == current.length) {
                next();
            }
            int n = Math.min(len, current.length - used);
            System.arraycopy(b, off, current, used, n);
            used += n;
            off += n;
            len -= n;
        }
    }

    private void next() {
        chunks.add(current);
        int length = Math.min(current.length * 2, MAX_CHUNK);
        current = length == MAX_CHUNK ? buffers.take() : new byte[length];
        used = 0;
    }

    /**
     * Gives the full-size chunks back to the {@link SnapshotBuffers} (class notes); this buffer is
     * empty afterwards.
     */
    void release() {
        chunks.add(current);
        chunks.forEach(buffers::give);
        chunks.clear();
        current = new byte[FIRST_CHUNK];
        used = 0;
        size = 0;
        crc.reset();
    }

    /** @return how many bytes were written */
    long size() {
        return size;
    }

    /** @return the CRC-32 of the bytes written */
    long crc() {
        return crc.getValue();
    }

    /** Writes the bytes written so far to {@code out}, in order. */
    void writeTo(OutputStream out) throws IOException {
        for (byte[] chunk : chunks) {
            out.write(chunk);
        }
        out.write(current, 0, used);
    }

    /** @return the bytes written, as one array (for tests and small sections) */
    byte[] toByteArray() {
        byte[] all = new byte[Math.toIntExact(size)];
        int at = 0;
        for (byte[] chunk : chunks) {
            System.arraycopy(chunk, 0, all, at, chunk.length);
            at += chunk.length;
        }
        System.arraycopy(current, 0, all, at, used);
        return all;
    }
}
