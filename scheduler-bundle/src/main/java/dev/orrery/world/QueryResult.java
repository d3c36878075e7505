package dev.orrery.world;

import java.util.Objects;

/**
 * A {@link Query} bound to one world: iterates the matching entities with a callback, without
 * allocating per entity. Obtained with {@link World#query(Query)}, which returns the same object for
 * equal queries for the life of the world, so a system can look it up each frame or keep it.
 *
 * <p><b>Iteration semantics (mutation during iteration).</b> Inside a schedule's run the world
 * stages structural changes (see {@link World}), so an iteration sees a stable set of entities and
 * tables: a callback's spawns, destroys, adds and removes take effect at the next publish, and only
 * value writes ({@code set} of a trait the entity has, changes in place) are visible at once. Outside a
 * transaction (or when a publish happens inside a callback, e.g. a nested run), callbacks may spawn,
 * destroy, add and remove traits and set values (on any entity, including the one being visited);
 * every change applies immediately and is visible to {@link World#get(long, Trait)} and
 * {@link World#has(long, Trait)} at once. An iteration works on the set of entities that match when it
 * starts:
 * <ul>
 *   <li>it visits each entity that matched at the start <em>and still matches when its turn comes</em>,
 *       exactly once;</li>
 *   <li>an entity destroyed before its turn is not visited; nor is one that stopped matching (a
 *       required trait removed, an excluded trait added) at any point before its turn, even if it
 *       matches again by then;</li>
 *   <li>an entity that changed traits before its turn but still matches (say an unrelated trait was
 *       added) is still visited once, after the others;</li>
 *   <li>entities spawned during the iteration, or that start to match during it, are not visited
 *       (the next iteration sees them);</li>
 *   <li>the values passed are those at the entity's turn, not at the start.</li>
 * </ul>
 * Order is otherwise unspecified (SCH notes for system authors): do not rely on it. Iterations may
 * nest (a callback may run another query, or the same one); each keeps its own start set.
 * {@link World#reset()} inside a callback throws {@link IllegalStateException}. If a callback throws,
 * the exception propagates and the world stays consistent.
 *
 * <p>How: a table's rows are only appended while any query iterates, and a removed row becomes a
 * hole, so the rows of the start set keep their places; an entity moved to another table before its
 * turn is remembered and visited at the end; holes are compacted when the outermost iteration ends.
 *
 * <p>Confined to the world's thread, like the world.
 *
 * @since 0.1
 */
public final class QueryResult {
    private final EntityStore store;
    private final QueryState state;

    QueryResult(EntityStore store, QueryState state) {
        this.store = store;
        this.state = state;
    }

    /** @return the query this result runs */
    public Query query() {
        return state.query;
    }

    /**
     * @return the number of entities that match now
     */
    public int count() {
        state.refresh(store.archetypes());
        int n = 0;
        for (int i = 0; i < state.matchedCount; i++) {
            Archetype a = state.matched[i];
            n += a.size - a.holes;
        }
        return n;
    }

    /** @return whether no entity matches now */
    public boolean isEmpty() {
        return count() == 0;
    }

    /**
     * Copies the handles of the entities that match now into a new array (allocates; for tests,
     * tools and one-off work, not for per-frame loops).
     *
     * @return the handles, in unspecified order
     */
    public long[] entities() {
        long[] out = new long[count()];
        int[] n = {0};
        forEach(e -> out[n[0]++] = e);
        return out;
    }

    /**
     * Calls {@code action} once per matching entity (semantics: class Javadoc).
     *
     * @param action the callback; not null
     */
    public void forEach(EntityAction action) {
        Objects.requireNonNull(action, "action");
        Cursor c = store.begin(state);
        try {
            for (int ai = 0; ai < c.count; ai++) {
                Archetype a = c.archetypes[ai];
                int n = c.sizes[ai];
                c.archIndex = ai;
                c.row = -1;
                for (int row = 0; row < n; row++) {
                    long e = a.entities[row];
                    if (e != Entity.NONE) {
                        c.row = row;
                        action.accept(e);
                    }
                }
            }
            c.archIndex = c.count;
            for (int i = 0; i < c.pendingCount; i++) {
                long e = c.pending[i];
                Archetype a = store.archetypeOfLive(e);
                if (a != null && state.matches(a)) {
                    action.accept(e);
                }
            }
        } finally {
            store.end(c);
        }
    }

    /**
     * Calls {@code action} once per matching entity with its value of {@code ta} (semantics: class
     * Javadoc).
     *
     * @param ta a trait of the query's {@link Query#allOf()}
     * @param action the callback; not null
     * @param <A> the value type
     * @throws IllegalArgumentException if {@code ta} is not in the query's allOf; the message names it
     *     and the query
     */
    @SuppressWarnings("unchecked")
    public <A> void forEach(Trait<A> ta, EntityAction1<A> action) {
        int ia = required(ta);
        Objects.requireNonNull(action, "action");
        Cursor c = store.begin(state);
        try {
            for (int ai = 0; ai < c.count; ai++) {
                Archetype a = c.archetypes[ai];
                int n = c.sizes[ai];
                int ca = a.columnOf(ia);
                c.archIndex = ai;
                c.row = -1;
                for (int row = 0; row < n; row++) {
                    long e = a.entities[row];
                    if (e != Entity.NONE) {
                        c.row = row;
                        action.accept(e, (A) a.columns[ca][row]);
                    }
                }
            }
            c.archIndex = c.count;
            for (int i = 0; i < c.pendingCount; i++) {
                long e = c.pending[i];
                Archetype a = store.archetypeOfLive(e);
                if (a != null && state.matches(a)) {
                    int row = store.rowOfLive(e);
                    action.accept(e, (A) a.columns[a.columnOf(ia)][row]);
                }
            }
        } finally {
            store.end(c);
        }
    }

    /**
     * Calls {@code action} once per matching entity with its values of {@code ta} and {@code tb}
     * (semantics: class Javadoc).
     *
     * @param ta a trait of the query's {@link Query#allOf()}
     * @param tb a trait of the query's {@link Query#allOf()}
     * @param action the callback; not null
     * @param <A> the first value type
     * @param <B> the second value type
     * @throws IllegalArgumentException if a trait is not in the query's allOf; the message names it
     *     and the query
     */
    @SuppressWarnings("unchecked")
    public <A, B> void forEach(Trait<A> ta, Trait<B> tb, EntityAction2<A, B> action) {
        int ia = required(ta);
        int ib = required(tb);
        Objects.requireNonNull(action, "action");
        Cursor c = store.begin(state);
        try {
            for (int ai = 0; ai < c.count; ai++) {
                Archetype a = c.archetypes[ai];
                int n = c.sizes[ai];
                int ca = a.columnOf(ia);
                int cb = a.columnOf(ib);
                c.archIndex = ai;
                c.row = -1;
                for (int row = 0; row < n; row++) {
                    long e = a.entities[row];
                    if (e != Entity.NONE) {
                        c.row = row;
                        Object[][] cols = a.columns;
                        action.accept(e, (A) cols[ca][row], (B) cols[cb][row]);
                    }
                }
            }
            c.archIndex = c.count;
            for (int i = 0; i < c.pendingCount; i++) {
                long e = c.pending[i];
                Archetype a = store.archetypeOfLive(e);
                if (a != null && state.matches(a)) {
                    int row = store.rowOfLive(e);
                    action.accept(e, (A) a.columns[a.columnOf(ia)][row], (B) a.columns[a.columnOf(ib)][row]);
                }
            }
        } finally {
            store.end(c);
        }
    }

    /**
     * Calls {@code action} once per matching entity with its values of {@code ta}, {@code tb} and
     * {@code tc} (semantics: class Javadoc).
     *
     * @param ta a trait of the query's {@link Query#allOf()}
     * @param tb a trait of the query's {@link Query#allOf()}
     * @param tc a trait of the query's {@link Query#allOf()}
     * @param action the callback; not null
     * @param <A> the first value type
     * @param <B> the second value type
     * @param <C> the third value type
     * @throws IllegalArgumentException if a trait is not in the query's allOf; the message names it
     *     and the query
     */
    @SuppressWarnings("unchecked")
    public <A, B, C> void forEach(Trait<A> ta, Trait<B> tb, Trait<C> tc, EntityAction3<A, B, C> action) {
        int ia = required(ta);
        int ib = required(tb);
        int ic = required(tc);
        Objects.requireNonNull(action, "action");
        Cursor c = store.begin(state);
        try {
            for (int ai = 0; ai < c.count; ai++) {
                Archetype a = c.archetypes[ai];
                int n = c.sizes[ai];
                int ca = a.columnOf(ia);
                int cb = a.columnOf(ib);
                int cc = a.columnOf(ic);
                c.archIndex = ai;
                c.row = -1;
                for (int row = 0; row < n; row++) {
                    long e = a.entities[row];
                    if (e != Entity.NONE) {
                        c.row = row;
                        Object[][] cols = a.columns;
                        action.accept(e, (A) cols[ca][row], (B) cols[cb][row], (C) cols[cc][row]);
                    }
                }
            }
            c.archIndex = c.count;
            for (int i = 0; i < c.pendingCount; i++) {
                long e = c.pending[i];
                Archetype a = store.archetypeOfLive(e);
                if (a != null && state.matches(a)) {
                    int row = store.rowOfLive(e);
                    Object[][] cols = a.columns;
                    action.accept(e, (A) cols[a.columnOf(ia)][row], (B) cols[a.columnOf(ib)][row],
                            (C) cols[a.columnOf(ic)][row]);
                }
            }
        } finally {
            store.end(c);
        }
    }

    private int required(Trait<?> trait) {
        Objects.requireNonNull(trait, "trait");
        if (!state.query.requires(trait)) {
            throw new IllegalArgumentException("QueryResult.forEach: trait '" + trait.name() + "' is not in the with "
                    + "traits of " + state.query + ", so entities may lack it");
        }
        return store.traitId(trait);
    }

    @Override
    public String toString() {
        return state.query + " (" + count() + " entities)";
    }
}
