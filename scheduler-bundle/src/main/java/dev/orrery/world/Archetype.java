package dev.orrery.world;

import java.util.Arrays;

/**
 * One table of the entity store: every entity with exactly this set of traits, one row per entity,
 * one column (an {@code Object[]}) per trait. Rows are dense outside iteration; during iteration a
 * removed row becomes a hole ({@link Entity#NONE} in {@link #entities}) until {@link EntityStore}
 * compacts it.
 */
final class Archetype {
    private static final int INITIAL_CAPACITY = 8;
    private static final Archetype[] NO_EDGES = new Archetype[0];

    final int id;
    /** World trait ids of the columns, ascending. */
    final int[] traitIds;
    /** The traits of the columns, in {@link #traitIds} order. */
    final Trait<?>[] traits;
    /** Bit set of {@link #traitIds}. */
    final long[] mask;
    /** Column index by world trait id, -1 where absent; ids past the end are absent. */
    private final int[] columnOfTrait;

    long[] entities = new long[INITIAL_CAPACITY];
    Object[][] columns;
    int size;
    /**
     * Rows of entities spawned inside the open transaction, after the committed ones: rows
     * {@code [size, size + staged)}. Queries read only {@code [0, size)}; a publish commits them
     * ({@code size += staged}), a discard clears them. Zero outside a transaction.
     */
    int staged;
    /** Whether it has holes left by a removal during iteration (it is then in the store's dirty list). */
    boolean dirty;
    /** Number of holes among the first {@link #size} rows. */
    int holes;

    private Archetype[] addEdges = NO_EDGES;
    private Archetype[] removeEdges = NO_EDGES;

    Archetype(int id, int[] traitIds, Trait<?>[] traits) {
        this.id = id;
        this.traitIds = traitIds;
        this.traits = traits;
        int maxId = traitIds.length == 0 ? -1 : traitIds[traitIds.length - 1];
        this.mask = new long[(maxId >> 6) + 1];
        this.columnOfTrait = new int[maxId + 1];
        Arrays.fill(columnOfTrait, -1);
        this.columns = new Object[traitIds.length][INITIAL_CAPACITY];
        for (int c = 0; c < traitIds.length; c++) {
            columnOfTrait[traitIds[c]] = c;
            mask[traitIds[c] >> 6] |= 1L << traitIds[c];
        }
    }

    int columnOf(int traitId) {
        return traitId < columnOfTrait.length ? columnOfTrait[traitId] : -1;
    }

    boolean hasTrait(int traitId) {
        return traitId < columnOfTrait.length && columnOfTrait[traitId] >= 0;
    }

    /**
     * Appends a committed row for {@code entity} with null values and returns its index.
     *
     * @throws IllegalStateException if the table holds staged rows (a publish commits them first)
     */
    int append(long entity) {
        if (staged != 0) {
            throw new IllegalStateException(this + ": a committed row appended before the staged rows were committed");
        }
        grow();
        entities[size] = entity;
        return size++;
    }

    /** Appends a staged row (a spawn inside a transaction) after the committed and staged rows. */
    int appendStaged(long entity) {
        grow();
        int row = size + staged++;
        entities[row] = entity;
        return row;
    }

    private void grow() {
        int used = size + staged;
        if (used == entities.length) {
            int capacity = used + (used >> 1) + 1;
            entities = Arrays.copyOf(entities, capacity);
            for (int c = 0; c < columns.length; c++) {
                columns[c] = Arrays.copyOf(columns[c], capacity);
            }
        }
    }

    /** Clears a row's handle and values, leaving a hole. */
    void clearRow(int row) {
        entities[row] = Entity.NONE;
        for (Object[] column : columns) {
            column[row] = null;
        }
    }

    /** Copies row {@code from} to row {@code to} (handle and values); row {@code from} is not cleared. */
    void copyRow(int from, int to) {
        entities[to] = entities[from];
        for (Object[] column : columns) {
            column[to] = column[from];
        }
    }

    Archetype addEdge(int traitId) {
        return traitId < addEdges.length ? addEdges[traitId] : null;
    }

    Archetype removeEdge(int traitId) {
        return traitId < removeEdges.length ? removeEdges[traitId] : null;
    }

    void linkAdd(int traitId, Archetype target) {
        if (traitId >= addEdges.length) {
            addEdges = Arrays.copyOf(addEdges, traitId + 1);
        }
        addEdges[traitId] = target;
    }

    void linkRemove(int traitId, Archetype target) {
        if (traitId >= removeEdges.length) {
            removeEdges = Arrays.copyOf(removeEdges, traitId + 1);
        }
        removeEdges[traitId] = target;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("archetype [");
        for (int i = 0; i < traits.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(traits[i].name());
        }
        return sb.append(']').toString();
    }
}
