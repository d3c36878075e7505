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
 * <p><b>Change queries</b> (a query with {@link Query.Builder#added} or {@link Query.Builder#changed}
 * filters; which window they see: {@link Query}) find their entities in the world's change log of the
 * filtered trait, so an iteration costs in proportion to the changes in its window, not to the
 * entities that have the trait. They visit each entity at most once, if at its turn it is alive and
 * matches the query; entities changed during the iteration are left to the next one. Outside a
 * system, {@link #forEach(EntityAction) forEach} and {@link #entities()} move the query's window on,
 * {@link #count()} and {@link #isEmpty()} do not.
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
        if (state.filterIds != null) {
            return changedCount();
        }
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
        if (state.filterIds != null) {
            long[][] out = {new long[16]};
            int[] n = {0};
            forEachChanged(0, -1, -1, -1, (EntityAction) e -> {
                if (n[0] == out[0].length) {
                    out[0] = java.util.Arrays.copyOf(out[0], n[0] * 2);
                }
                out[0][n[0]++] = e;
            }, true);
            return java.util.Arrays.copyOf(out[0], n[0]);
        }
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
        if (state.filterIds != null) {
            forEachChanged(0, -1, -1, -1, action, true);
            return;
        }
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
        if (state.filterIds != null) {
            forEachChanged(1, ia, -1, -1, action, true);
            return;
        }
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
        if (state.filterIds != null) {
            forEachChanged(2, ia, ib, -1, action, true);
            return;
        }
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
        if (state.filterIds != null) {
            forEachChanged(3, ia, ib, ic, action, true);
            return;
        }
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

    /** {@link #count()} of a change query: the same walk as an iteration, without moving the window. */
    private int changedCount() {
        int[] n = {0};
        forEachChanged(0, -1, -1, -1, (EntityAction) e -> n[0]++, false);
        return n[0];
    }

    /**
     * The iteration of a change query: walks the change log of the filter trait with the fewest
     * entries in the window, from the first entry after the window's start to the log's end when the
     * iteration began, visiting each entity at its live entry (see {@link TraitChanges}) when it is
     * alive, matches the query and passes the other filters.
     *
     * @param arity how many values the action takes (0 to 3); {@code ia}, {@code ib}, {@code ic} their trait ids
     * @param advance whether an iteration outside a system moves the query's window on
     */
    @SuppressWarnings("unchecked")
    private void forEachChanged(int arity, int ia, int ib, int ic, Object action, boolean advance) {
        WorldChanges changes = store.changes();
        long since;
        SystemContext running = changes.current();
        if (running != null) {
            since = running.lastRun;
        } else {
            since = state.lastSeen;
            if (advance) {
                state.lastSeen = changes.advanceForOutsideReader();
            }
        }
        int[] ids = state.filterIds;
        boolean[] addedOnly = state.filterAdded;
        TraitChanges driver = null;
        int driverIndex = -1;
        int from = 0;
        for (int f = 0; f < ids.length; f++) {
            TraitChanges tc = changes.track(ids[f]);
            int first = tc.firstChangeAfter(since);
            if (driver == null || tc.logSize - first < driver.logSize - from) {
                driver = tc;
                driverIndex = f;
                from = first;
            }
        }
        int end = driver.logSize;
        if (from == end) {
            return;
        }
        // Tombstones deferred by an enclosing iteration: an entity may have two live entries here.
        java.util.Set<Long> visited = driver.deferredCount > 0 ? new java.util.HashSet<>() : null;
        Cursor c = store.beginLog(state);
        try {
            Archetype lastTable = null;
            boolean lastMatches = false;
            for (int k = from; k < end; k++) {
                long e = driver.logEntity[k];
                if (e == Entity.NONE) {
                    continue; // superseded by a later change of the entity
                }
                Archetype a = store.archetypeOfLive(e);
                if (a == null) {
                    continue;
                }
                if (a != lastTable) {
                    lastTable = a;
                    lastMatches = state.matches(a);
                }
                int slot = Entity.index(e);
                if (!lastMatches || !passesOthers(changes, ids, addedOnly, driverIndex, slot, since)
                        || (visited != null && !visited.add(e))) {
                    continue;
                }
                if (arity == 0) {
                    ((EntityAction) action).accept(e);
                    continue;
                }
                int row = store.rowOfLive(e);
                Object[][] cols = a.columns;
                switch (arity) {
                    case 1 -> ((EntityAction1<Object>) action).accept(e, cols[a.columnOf(ia)][row]);
                    case 2 -> ((EntityAction2<Object, Object>) action).accept(e, cols[a.columnOf(ia)][row],
                            cols[a.columnOf(ib)][row]);
                    default -> ((EntityAction3<Object, Object, Object>) action).accept(e, cols[a.columnOf(ia)][row],
                            cols[a.columnOf(ib)][row], cols[a.columnOf(ic)][row]);
                }
            }
        } finally {
            store.end(c);
        }
    }

    /** @return whether the entity in {@code slot} passes every filter: the driver's add check, and the others */
    private static boolean passesOthers(WorldChanges changes, int[] ids, boolean[] addedOnly, int driverIndex,
                                        int slot, long since) {
        for (int f = 0; f < ids.length; f++) {
            TraitChanges tc = changes.of(ids[f]);
            if (addedOnly[f]) {
                if (tc.addedTick(slot) <= since) {
                    return false;
                }
            } else if (f != driverIndex && tc.changedTick(slot) <= since) {
                return false;
            }
        }
        return true;
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
