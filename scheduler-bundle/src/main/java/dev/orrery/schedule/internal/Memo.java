package dev.orrery.schedule.internal;

import dev.orrery.schedule.graph.OrderGraph;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A value computed on first use, once, for introspection a built schedule publishes but its own
 * build and run do not need (building the order graph inside {@code build()} cost a third of it,
 * though only tools read it).
 *
 * <p>Implementation notes: thread-safe. {@link #get()} reads a volatile field; the first callers
 * synchronize on this object, so the source runs until it first returns a value (once, unless it
 * throws) and every caller sees that value. After that the source is dropped, with whatever build data
 * it held.
 *
 * @param <T> the value type
 */
final class Memo<T> implements Supplier<T> {
    /** Guarded by {@code this}; null once {@link #value} is set. */
    private Supplier<? extends T> source;
    private volatile T value;

    /**
     * @param source computes the value; called until it first returns one; must not return null
     * @throws NullPointerException if {@code source} is null
     */
    Memo(Supplier<? extends T> source) {
        this.source = Objects.requireNonNull(source, "source");
    }

    /**
     * @return the value, computed on the first call
     * @throws NullPointerException if the source returned null
     * @throws RuntimeException what the source threw; a later call tries again
     */
    @Override
    public T get() {
        T v = value;
        if (v != null) {
            return v;
        }
        synchronized (this) {
            v = value;
            if (v == null) {
                v = Objects.requireNonNull(source.get(), "the memo's source returned null");
                value = v;
                source = null;
            }
            return v;
        }
    }
}
