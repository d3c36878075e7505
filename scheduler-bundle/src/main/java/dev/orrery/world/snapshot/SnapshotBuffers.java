package dev.orrery.world.snapshot;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Memory that repeated saves reuse to hold their encoded sections between encoding and the file
 * write, for a caller that saves the same world again and again (an autosave). Without it each save
 * allocates its whole encoded size anew, which a 60 Hz game pays for in young-generation collections
 * while the save is still being written. Kept by the caller for as long as it saves, and given to
 * {@link WorldSnapshot#writeTo(java.io.OutputStream, SnapshotBuffers)} or
 * {@link SnapshotFiles#write(java.nio.file.Path, WorldSnapshot, SnapshotBuffers)}.
 *
 * <p>Thread-safe: any number of saves on any threads may share one; each takes its own memory. What
 * is kept is bounded by {@link #upTo(long)}'s argument; the buffers hold no reference to a world, a
 * value or a plugin class, only byte arrays.
 */
public final class SnapshotBuffers {
    /** The size of the arrays kept, in bytes: a section's chunks grow to this size and stay there. */
    static final int CHUNK = 1 << 16;
    private static final SnapshotBuffers NONE = new SnapshotBuffers(0);

    private final int capacity;
    private final ConcurrentLinkedQueue<byte[]> free = new ConcurrentLinkedQueue<>();
    private final AtomicInteger kept = new AtomicInteger();

    private SnapshotBuffers(int capacity) {
        this.capacity = capacity;
    }

    /**
     * @param bytes how much memory to keep at most between saves, in bytes (rounded down to whole
     *     64 KiB arrays); 32 MiB covers the CBOR save of 100,000 entities with 4 traits
     * @return new buffers that keep up to {@code bytes}, empty until the first save returns its memory
     * @throws IllegalArgumentException if {@code bytes} is negative
     */
    public static SnapshotBuffers upTo(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("SnapshotBuffers.upTo: bytes is " + bytes + "; give 0 or more");
        }
        return new SnapshotBuffers((int) Math.min(Integer.MAX_VALUE, bytes / CHUNK));
    }

    /** @return buffers that keep nothing: every save allocates its own memory (what the overloads without buffers use) */
    public static SnapshotBuffers none() {
        return NONE;
    }

    /** @return how many bytes these buffers keep right now, at most {@link #upTo}'s argument */
    public long keptBytes() {
        return (long) kept.get() * CHUNK;
    }

    /** @return a full-size array, one kept before or a new one; its content is undefined */
    byte[] take() {
        byte[] chunk = free.poll();
        if (chunk == null) {
            return new byte[CHUNK];
        }
        kept.decrementAndGet();
        return chunk;
    }

    /** Keeps a full-size array for a later save, unless the bound is reached; other sizes are left to the collector. */
    void give(byte[] chunk) {
        if (chunk.length != CHUNK || capacity == 0) {
            return;
        }
        if (kept.incrementAndGet() <= capacity) {
            free.offer(chunk);
        } else {
            kept.decrementAndGet();
        }
    }

    @Override
    public String toString() {
        return "SnapshotBuffers[up to " + (long) capacity * CHUNK + " bytes, " + keptBytes() + " kept]";
    }
}
