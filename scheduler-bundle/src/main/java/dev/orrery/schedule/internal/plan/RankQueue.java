package dev.orrery.schedule.internal.plan;

/**
 * A set of ints in {@code [0, capacity)} with removal of the smallest, for the stable topological sort:
 * a hierarchical bitset, 64 ways per level, so {@link #add} and {@link #pollMin} cost O(log64 capacity)
 * word operations (3 levels up to 262,144 entries) and the sort stays linear in practice, where a binary
 * heap costs O(log n) per operation and boxes its keys.
 */
final class RankQueue {
    /** levels[0] holds one bit per value; each higher level one bit per non-empty word below; the top has one word. */
    private final long[][] levels;

    /**
     * @param capacity values are in {@code [0, capacity)}
     */
    RankQueue(int capacity) {
        int words = Math.max(1, (capacity + 63) >>> 6);
        int depth = 1;
        for (int w = words; w > 1; w = (w + 63) >>> 6) {
            depth++;
        }
        levels = new long[depth][];
        for (int l = 0; l < depth; l++) {
            levels[l] = new long[words];
            words = (words + 63) >>> 6;
        }
    }

    /** @param value a value not yet in the set */
    void add(int value) {
        int x = value;
        for (long[] level : levels) {
            int w = x >>> 6;
            long before = level[w];
            level[w] = before | (1L << (x & 63));
            if (before != 0) {
                return;
            }
            x = w;
        }
    }

    /** @return whether the set is empty */
    boolean isEmpty() {
        return levels[levels.length - 1][0] == 0;
    }

    /** @return the smallest value, removed from the set; the set must not be empty */
    int pollMin() {
        int index = 0;
        for (int l = levels.length - 1; l >= 0; l--) {
            index = (index << 6) | Long.numberOfTrailingZeros(levels[l][index]);
        }
        int x = index;
        for (long[] level : levels) {
            int w = x >>> 6;
            long after = level[w] & ~(1L << (x & 63));
            level[w] = after;
            if (after != 0) {
                break;
            }
            x = w;
        }
        return index;
    }
}
