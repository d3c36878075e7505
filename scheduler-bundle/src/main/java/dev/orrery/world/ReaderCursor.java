package dev.orrery.world;

/**
 * Where one reader is in one message type's channel: the sequence number of the next message it
 * reads, the start of the view it holds while its run function runs, and its counters. Moved from a
 * reader to its successor when the reader's schedule is replaced and the system keeps its name, so the
 * cursor survives rebuilds.
 *
 * <p>Confined to the world's thread.
 */
final class ReaderCursor {
    /** {@link #viewFrom} when the reader holds no view. */
    static final long NO_VIEW = Long.MAX_VALUE;

    final MessageType<?> type;
    final Messages<Object> view = new Messages<>();
    /** The channel it reads, or null once the type was forgotten (attached again on the next read). */
    MessageChannel channel;
    /** Sequence number of the next message to read. */
    long next;
    /** The first message of the view handed out during the current run of the reader, or {@link #NO_VIEW}. */
    long viewFrom = NO_VIEW;
    long read;
    long missed;
    /** Messages were dropped before this reader read them since its last read. */
    boolean lostSinceRead;
    /** A WARNING was logged for this reader's losses; cleared by a read with no loss before it. */
    boolean warned;
    /** The reader runs in fixed steps: frames do not age the messages it has not read yet. */
    boolean stepped;
    /** For messages: the reader's schedule and system names. */
    final String schedule;
    final String system;

    ReaderCursor(MessageType<?> type, String schedule, String system) {
        this.type = type;
        this.schedule = schedule;
        this.system = system;
    }

    /** @return the view of every message since the previous read, which this read consumes */
    Messages<Object> read(MessageBus bus) {
        MessageChannel c = channel;
        if (c == null) {
            c = bus.attach(this);
        }
        long from = next;
        long to = c.tail;
        if (viewFrom == NO_VIEW) {
            viewFrom = from;
        }
        next = to;
        read += to - from;
        if (!lostSinceRead) {
            warned = false;
        }
        lostSinceRead = false;
        view.show(c, from, to);
        return view;
    }

    /** The reader's run function returned: its view ends; the channel releases what all have read. */
    void endView() {
        if (viewFrom != NO_VIEW) {
            viewFrom = NO_VIEW;
            MessageChannel c = channel;
            if (c != null) {
                c.release();
            }
        }
    }

    /** @return the lowest sequence number this cursor still needs */
    long needed() {
        return Math.min(next, viewFrom);
    }
}
