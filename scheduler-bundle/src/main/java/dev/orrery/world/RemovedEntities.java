package dev.orrery.world;

import java.util.Arrays;
import java.util.Objects;

/**
 * The entities that lost a trait in a window, as returned by {@link World#removed(Trait)}: an
 * immutable list of entity handles in removal order. An entity that lost the trait, got it back and
 * lost it again in the window appears once per removal. The handles may name dead entities (an
 * entity destroyed with the trait is listed, and so is one destroyed after it lost it): check
 * {@link World#isAlive(long)} before using one with the world.
 *
 * @since 0.3
 */
public final class RemovedEntities {
    private static final RemovedEntities NONE = new RemovedEntities(new long[0]);

    private final long[] handles;

    private RemovedEntities(long[] handles) {
        this.handles = handles;
    }

    /** Wraps an array the caller hands over (not copied). */
    static RemovedEntities of(long[] handles) {
        return handles.length == 0 ? NONE : new RemovedEntities(handles);
    }

    /** @return the number of removals */
    public int size() {
        return handles.length;
    }

    /** @return whether there is none */
    public boolean isEmpty() {
        return handles.length == 0;
    }

    /**
     * @param index from 0 to {@link #size()} (exclusive)
     * @return the entity of that removal
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    public long get(int index) {
        Objects.checkIndex(index, handles.length);
        return handles[index];
    }

    /**
     * @param entity a handle
     * @return whether it is among the removals
     */
    public boolean contains(long entity) {
        for (long e : handles) {
            if (e == entity) {
                return true;
            }
        }
        return false;
    }

    /**
     * Calls {@code action} once per removal, in removal order.
     *
     * @param action the callback; not null
     */
    public void forEach(EntityAction action) {
        Objects.requireNonNull(action, "action");
        for (long e : handles) {
            action.accept(e);
        }
    }

    /** @return the handles, in removal order (a new array) */
    public long[] toArray() {
        return handles.clone();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("removed [");
        for (int i = 0; i < handles.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(Entity.toString(handles[i]));
        }
        return sb.append(']').toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RemovedEntities r && Arrays.equals(handles, r.handles);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(handles);
    }
}
