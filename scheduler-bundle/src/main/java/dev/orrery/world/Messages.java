package dev.orrery.world;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The messages of one type that one reading system got from {@link World#messages(MessageType)}: every
 * message sent since that system's previous read, in send order.
 *
 * <p>A view, not a copy: each reader has one such object per declared type, reused by every read, so
 * reading allocates nothing. It is valid until the reading system's run function returns, or until the
 * same system reads the same type again (the object then shows the new messages); do not keep it.
 * {@link #size()}, {@link #get(int)} and {@link #forEach(Consumer)} allocate nothing; {@link #iterator()}
 * (and so a for-each loop) allocates an iterator unless the JIT removes it.
 *
 * <p><b>Threading:</b> confined to the world's thread, like the world.
 *
 * @param <T> the type of the message values
 * @since 0.1
 */
public final class Messages<T> implements Iterable<T> {
    private MessageChannel channel;
    private long from;
    private long to;

    Messages() {
    }

    /** Shows messages {@code from} (inclusive) to {@code to} (exclusive) of the channel. */
    void show(MessageChannel channel, long from, long to) {
        this.channel = channel;
        this.from = from;
        this.to = to;
    }

    /** @return how many messages this read got */
    public int size() {
        return (int) (to - from);
    }

    /** @return whether this read got no message */
    public boolean isEmpty() {
        return to == from;
    }

    /**
     * @param index 0 for the oldest message of this read, up to {@code size() - 1}
     * @return that message's value
     * @throws IndexOutOfBoundsException if {@code index} is out of range; the message names the type
     */
    @SuppressWarnings("unchecked")
    public T get(int index) {
        if (index < 0 || index >= to - from) {
            throw new IndexOutOfBoundsException("Messages.get: index " + index + " out of range for " + size()
                    + " messages of type '" + channel.type.name() + "'");
        }
        return (T) channel.at(from + index);
    }

    /**
     * Calls {@code action} with each message, oldest first.
     *
     * @param action called once per message, on this thread; not null
     */
    @Override
    @SuppressWarnings("unchecked")
    public void forEach(Consumer<? super T> action) {
        Objects.requireNonNull(action, "Messages.forEach: action is null");
        MessageChannel c = channel;
        for (long s = from, end = to; s < end; s++) {
            action.accept((T) c.at(s));
        }
    }

    /** @return an iterator over the messages, oldest first (a new object) */
    @Override
    public Iterator<T> iterator() {
        return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < size();
            }

            @Override
            public T next() {
                if (!hasNext()) {
                    throw new NoSuchElementException("Messages: no more messages");
                }
                return get(next++);
            }
        };
    }

    @Override
    public String toString() {
        return channel == null ? "Messages[]" : "Messages[" + channel.type.name() + ", " + size() + "]";
    }
}
