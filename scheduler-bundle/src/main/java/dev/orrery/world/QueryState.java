package dev.orrery.world;

import java.util.Arrays;
import java.util.List;

/**
 * The matching state of one {@link Query} in one world: its traits as world trait ids and bit masks,
 * and the archetypes that match it, updated incrementally as the world creates archetypes (archetypes
 * are never deleted, so the list only grows).
 */
final class QueryState {
    final Query query;
    private final long[] allMask;
    private final long[] noneMask;
    Archetype[] matched = new Archetype[4];
    int matchedCount;
    private int archetypesSeen;

    QueryState(Query query, EntityStore store) {
        this.query = query;
        this.allMask = maskOf(query.allOf(), store);
        this.noneMask = maskOf(query.noneOf(), store);
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
