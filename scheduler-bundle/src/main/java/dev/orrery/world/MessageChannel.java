package dev.orrery.world;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * The buffer of one message type in one world: a ring of values with the frame each was sent in,
 * numbered by 64-bit sequence numbers ({@link #head} the oldest held, {@link #tail} the next to send),
 * and the cursors of its readers.
 *
 * <p>Implementation notes. The ring's capacity is a power of two and only grows (doubling) when a
 * send finds it full after releasing what every reader has read, so a warm channel sends without
 * allocating. Messages leave in two ways: {@link #release()} drops the prefix every cursor has read
 * (and no cursor holds in a view), called when a reader's run function returns; {@link #age} drops the
 * prefix older than the type's maximum age when a frame begins, counting what readers missed. Slots
 * are set to null as messages leave, so the ring keeps no value alive. Confined to the world's thread.
 */
final class MessageChannel {
    private static final int INITIAL_CAPACITY = 16;
    private static final ReaderCursor[] NO_CURSORS = {};

    final MessageType<?> type;
    private Object[] ring = new Object[INITIAL_CAPACITY];
    private long[] frames = new long[INITIAL_CAPACITY];
    private int mask = INITIAL_CAPACITY - 1;
    long head;
    long tail;
    private ReaderCursor[] cursors = NO_CURSORS;
    long sent;
    long dropped;
    long expired;

    MessageChannel(MessageType<?> type) {
        this.type = type;
    }

    /** Appends a message sent in {@code frame}. */
    void send(Object value, long frame) {
        if (tail - head == ring.length) {
            release();
            if (tail - head == ring.length) {
                grow();
            }
        }
        int k = (int) tail & mask;
        ring[k] = value;
        frames[k] = frame;
        tail++;
        sent++;
    }

    /** @return the value of message {@code seq}, which must be held */
    Object at(long seq) {
        return ring[(int) seq & mask];
    }

    /** Drops the messages that every cursor has read and holds no view of; none without cursors. */
    void release() {
        ReaderCursor[] cs = cursors;
        if (cs.length == 0) {
            return;
        }
        long low = tail;
        for (ReaderCursor c : cs) {
            low = Math.min(low, c.needed());
        }
        clearTo(low);
    }

    /**
     * A frame begins: drops the messages sent in frame {@code frame - maxAge} or earlier, counting them
     * as dropped for the cursors that had not read them (or as expired when there is no cursor).
     *
     * @return the cursors that lost messages now and were not warned yet, or an empty list
     */
    List<ReaderCursor> age(long frame) {
        long limit = frame - type.maxAgeFrames();
        long to = head;
        while (to < tail && frames[(int) to & mask] <= limit) {
            to++;
        }
        for (ReaderCursor c : cursors) {
            if (c.stepped && c.next < to) {
                to = Math.max(head, c.next); // a stepped reader keeps what it has not read (see MessageBus)
            }
        }
        if (to == head) {
            return List.of();
        }
        List<ReaderCursor> warn = List.of();
        if (cursors.length == 0) {
            expired += to - head;
        } else {
            long low = tail;
            for (ReaderCursor c : cursors) {
                low = Math.min(low, c.next);
            }
            if (low < to) {
                dropped += to - Math.max(low, head);
            }
            for (ReaderCursor c : cursors) {
                if (c.next < to) {
                    c.missed += to - c.next;
                    c.next = to;
                    c.lostSinceRead = true;
                    if (!c.warned) {
                        c.warned = true;
                        if (warn.isEmpty()) {
                            warn = new ArrayList<>(2);
                        }
                        warn.add(c);
                    }
                }
            }
        }
        clearTo(to);
        return warn;
    }

    /** Ends every view (no run function is running): the views of readers that threw included. */
    void endViews() {
        for (ReaderCursor c : cursors) {
            c.viewFrom = ReaderCursor.NO_VIEW;
        }
        release();
    }

    /** @return how many messages are held */
    int buffered() {
        return (int) (tail - head);
    }

    void addCursor(ReaderCursor c) {
        c.channel = this;
        c.next = head;
        c.viewFrom = ReaderCursor.NO_VIEW;
        cursors = Arrays.copyOf(cursors, cursors.length + 1);
        cursors[cursors.length - 1] = c;
    }

    void removeCursor(ReaderCursor c) {
        for (int k = 0; k < cursors.length; k++) {
            if (cursors[k] == c) {
                ReaderCursor[] next = new ReaderCursor[cursors.length - 1];
                System.arraycopy(cursors, 0, next, 0, k);
                System.arraycopy(cursors, k + 1, next, k, cursors.length - k - 1);
                cursors = next;
                c.channel = null;
                release();
                return;
            }
        }
    }

    /** @return the cursors, in registration order (a copy) */
    List<ReaderCursor> cursors() {
        return List.of(cursors);
    }

    /** Drops every message held; the cursors skip them (they are counted nowhere). */
    void clear() {
        clearTo(tail);
        for (ReaderCursor c : cursors) {
            c.next = tail;
            c.viewFrom = ReaderCursor.NO_VIEW;
        }
    }

    /** Detaches every cursor and drops every message: the type is forgotten. @return messages dropped */
    int close() {
        int n = buffered();
        for (ReaderCursor c : cursors) {
            c.channel = null;
        }
        cursors = NO_CURSORS;
        clearTo(tail);
        return n;
    }

    /**
     * Removes the held messages whose value matches, keeping the others in order; each cursor keeps its
     * place among the kept messages. A cold path.
     *
     * @return how many were removed
     */
    int removeIf(Predicate<Object> which) {
        int n = buffered();
        Object[] keptValues = new Object[n];
        long[] keptFrames = new long[n];
        long[] keptBefore = new long[n + 1]; // keptBefore[i]: messages kept among the first i held
        int kept = 0;
        for (int i = 0; i < n; i++) {
            int k = (int) (head + i) & mask;
            keptBefore[i] = kept;
            if (!which.test(ring[k])) {
                keptValues[kept] = ring[k];
                keptFrames[kept] = frames[k];
                kept++;
            }
        }
        keptBefore[n] = kept;
        if (kept == n) {
            return 0;
        }
        for (ReaderCursor c : cursors) {
            c.next = head + keptBefore[(int) (Math.min(c.next, tail) - head)];
            c.viewFrom = ReaderCursor.NO_VIEW;
        }
        long start = head;
        clearTo(tail);
        head = start;
        tail = start;
        for (int i = 0; i < kept; i++) {
            int k = (int) tail & mask;
            ring[k] = keptValues[i];
            frames[k] = keptFrames[i];
            tail++;
        }
        return n - kept;
    }

    private void clearTo(long to) {
        for (long s = head; s < to; s++) {
            ring[(int) s & mask] = null;
        }
        if (to > head) {
            head = to;
        }
    }

    private void grow() {
        int n = ring.length;
        Object[] r = new Object[n * 2];
        long[] f = new long[n * 2];
        int newMask = r.length - 1;
        for (long s = head; s < tail; s++) {
            r[(int) s & newMask] = ring[(int) s & mask];
            f[(int) s & newMask] = frames[(int) s & mask];
        }
        ring = r;
        frames = f;
        mask = newMask;
    }
}
