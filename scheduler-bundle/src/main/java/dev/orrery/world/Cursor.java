package dev.orrery.world;

import java.util.Arrays;

/**
 * The position of one running query iteration, so that the store can tell which entities it has not
 * visited yet when a structural change moves one (see {@link QueryResult} for the semantics). Cursors
 * are pooled by nesting depth and reused: an iteration allocates nothing once the pool is warm.
 */
final class Cursor {
    QueryState state;
    /** Matched archetypes at the start (the first {@code count} of {@code state.matched}). */
    Archetype[] archetypes;
    int count;
    /** Row counts of those archetypes at the start: rows past them were added during the iteration. */
    int[] sizes = new int[8];
    /** Archetype being visited; {@code count} once the archetype pass is over. */
    int archIndex;
    /** Row being visited in that archetype; -1 before its first row. */
    int row;
    /** Entities that matched at the start and moved before their turn, still to visit. */
    long[] pending = new long[8];
    int pendingCount;

    void start(QueryState s) {
        state = s;
        archetypes = s.matched;
        count = s.matchedCount;
        if (sizes.length < count) {
            sizes = new int[Math.max(count, sizes.length * 2)];
        }
        for (int i = 0; i < count; i++) {
            sizes[i] = archetypes[i].size;
        }
        archIndex = 0;
        row = -1;
        pendingCount = 0;
    }

    /** Starts an iteration that visits no table rows (a change query, which reads a change log). */
    void startEmpty(QueryState s) {
        state = s;
        archetypes = s.matched;
        count = 0;
        archIndex = 0;
        row = -1;
        pendingCount = 0;
    }

    /** Whether the row {@code row} of {@code a} was in this iteration's start set and is not visited yet. */
    boolean notYetVisited(Archetype a, int r) {
        if (archIndex >= count || !state.matches(a)) {
            return false;
        }
        int ai = state.indexOf(a, count);
        if (ai < 0 || r >= sizes[ai]) {
            return false;
        }
        return ai > archIndex || (ai == archIndex && r > row);
    }

    void addPending(long entity) {
        if (pendingCount == pending.length) {
            pending = Arrays.copyOf(pending, pendingCount * 2);
        }
        pending[pendingCount++] = entity;
    }

    void finish() {
        state = null;
        archetypes = null;
        pendingCount = 0;
    }
}
