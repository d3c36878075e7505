package dev.orrery.world;

import java.util.List;

/**
 * One entity table of a {@link World} as {@link World#copyTables} took it, for a snapshot: the handles
 * of the table's live entities, its traits, and for the traits asked for, the references to their
 * values row by row. The values themselves are not copied: the copy shares them with the world.
 *
 * <p>Not a value: a buffer the caller owns. Its arrays are returned, not copied, so that the caller
 * can replace values in place (a snapshot replaces a mutable value by a copy of it, or by its tree)
 * without a second copy; the world never reads or writes them. Safe to hand to another thread once
 * taken.
 *
 * @since 0.5
 */
public final class TableCopy {
    private final List<Trait<?>> traits;
    private final long[] entities;
    private final Object[][] columns;

    TableCopy(List<Trait<?>> traits, long[] entities, Object[][] columns) {
        this.traits = traits;
        this.entities = entities;
        this.columns = columns;
    }

    /** @return every trait of the table, in column order (the order {@link World#traitsOf} gives) */
    public List<Trait<?>> traits() {
        return traits;
    }

    /** @return how many entities (rows) the table had */
    public int size() {
        return entities.length;
    }

    /** @return the handles of the table's entities, by row; the caller's array, of length {@link #size()} */
    public long[] entities() {
        return entities;
    }

    /**
     * @param column a column, {@code 0 <= column < traits().size()}
     * @return the values of that column's trait, by row (the caller's array, of length {@link #size()}),
     *     or {@code null} if the trait was not asked for
     * @throws IndexOutOfBoundsException for another column
     */
    public Object[] column(int column) {
        return columns[column];
    }
}
