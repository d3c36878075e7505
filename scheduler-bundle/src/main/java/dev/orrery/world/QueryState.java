package dev.orrery.world;

import java.util.Arrays;
import java.util.List;

/**
 * The matching state of one {@link Query} in one world: its traits as world trait ids and bit masks,
 * and the archetypes that match it, updated incrementally as the world creates archetypes (archetypes
 * are never deleted, so the list only grows). For a query with change filters, also the tracked
 * traits it filters on and, for iterations outside a system, the tick its previous iteration saw up
 * to.
 */
final class QueryState {
    final Query query;
    private final long[] allMask;
    private final long[] noneMask;
    Archetype[] matched = new Archetype[4];
    int matchedCount;
    private int archetypesSeen;
    /** The change filters: trait ids, and per filter whether it asks for adds (else changes); null without. */
    final int[] filterIds;
    final boolean[] filterAdded;
    /** Outside a system: the tick the previous iteration saw up to (0: none yet, everything is new). */
    long lastSeen;

    QueryState(Query query, EntityStore store) {
        this.query = query;
        this.allMask = maskOf(query.allOf(), store);
        this.noneMask = maskOf(query.noneOf(), store);
        if (query.hasChangeFilter()) {
            int n = query.added().size() + query.changed().size();
            filterIds = new int[n];
            filterAdded = new boolean[n];
            int k = 0;
            for (Trait<?> t : query.added()) {
                filterAdded[k] = true;
                filterIds[k++] = store.traitId(t);
            }
            for (Trait<?> t : query.changed()) {
                filterIds[k++] = store.traitId(t);
            }
        } else {
            filterIds = null;
            filterAdded = null;
        }
    }

    private static long[] maskOf(List<Trait<?>> traits, EntityStore store) {
        long[] mask = new long[0];
        for (Trait<?> t : traits) {
            int id = store.traitId(t);
            if ((id >> 6) >= mask.length) {
                mask = Arrays.copyOf(mask, (id >> 6) + 1);
            }
            mask[id >> 6] |= 1L << id;
        }
        return mask;
    }

    boolean matches(Archetype a) {
        long[] m = a.mask;
        for (int i = 0; i < allMask.length; i++) {
            long have = i < m.length ? m[i] : 0L;
            if ((allMask[i] & ~have) != 0L) {
                return false;
            }
        }
        for (int i = 0; i < noneMask.length && i < m.length; i++) {
            if ((noneMask[i] & m[i]) != 0L) {
                return false;
            }
        }
        return true;
    }

    /** Adds the archetypes created since the last call that match. */
    void refresh(List<Archetype> archetypes) {
        for (int i = archetypesSeen; i < archetypes.size(); i++) {
            Archetype a = archetypes.get(i);
            if (matches(a)) {
                if (matchedCount == matched.length) {
                    matched = Arrays.copyOf(matched, matchedCount * 2);
                }
                matched[matchedCount++] = a;
            }
        }
        archetypesSeen = archetypes.size();
    }

    /** @return the index of {@code a} among the first {@code count} matched archetypes, or -1 */
    int indexOf(Archetype a, int count) {
        for (int i = 0; i < count; i++) {
            if (matched[i] == a) {
                return i;
            }
        }
        return -1;
    }
}
