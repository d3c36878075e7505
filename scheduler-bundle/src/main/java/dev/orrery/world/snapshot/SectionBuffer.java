package dev.orrery.world.snapshot;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;

/**
 * The bytes of one section while it is encoded, with their length and CRC-32 kept as they come, so
 * that the section's frame line is known once the document ends and its bytes go to the file as they
 * are: no copy into one array, no growing copies.
 *
 * <p>Implementation notes. The bytes are kept in chunks that are never copied again: the first ones
 * small (most sections are short), doubling to {@value #MAX_CHUNK} bytes, so that a large section is
 * many small arrays rather than a few large ones, which a garbage collector with regions would have to
 * place as humongous objects. Full-size chunks are kept between snapshots, up to {@value #POOL_CHUNKS}
 * of them ({@link #release}): a save then writes into arrays that already sit in the old generation,
 * instead of allocating its whole size again, which young collections would copy while the section
 * is still being written (tens of milliseconds for a 20 MB snapshot, on every thread's time). The pool
 * keeps at most {@value #POOL_CHUNKS} times {@value #MAX_CHUNK} bytes for the process's lifetime.
 */
final class SectionBuffer extends OutputStream {
    private static final int FIRST_CHUNK = 512;
    static final int MAX_CHUNK = 1 << 16;
    static final int POOL_CHUNKS = 512;
    private static final ConcurrentLinkedQueue<byte[]> POOL = new ConcurrentLinkedQueue<>();
    private static final AtomicInteger POOLED = new AtomicInteger();

    private final List<byte[]> chunks = new ArrayList<>();
    private final CRC32 crc = new CRC32();
    private byte[] current = new byte[FIRST_CHUNK];
    private int used;
    private long size;

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
        byte[] reused = length == MAX_CHUNK ? POOL.poll() : null;
        if (reused != null) {
            POOLED.decrementAndGet();
        }
        current = reused != null ? reused : new byte[length];
        used = 0;
    }

    /**
     * Gives the full-size chunks to the next buffers (class notes); this buffer is empty afterwards
     * and must not be read or written again.
     */
    void release() {
        chunks.add(current);
        for (byte[] chunk : chunks) {
            if (chunk.length == MAX_CHUNK) {
                if (POOLED.incrementAndGet() <= POOL_CHUNKS) {
                    POOL.offer(chunk);
                } else {
                    POOLED.decrementAndGet();
                }
            }
        }
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
