package dev.orrery.schedule.internal.plan;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Marks the first occurrence, by identity, of each entry of a short list (a system's before, after or
 * sets, a phase's dependsOn), so that an entry listed twice is handled once. Short lists are scanned
 * directly; longer ones use an identity map, so the cost stays linear.
 */
final class FirstOccurrences {
    private static final int SCAN_LIMIT = 8;

    private FirstOccurrences() {
    }

    /**
     * @param items the list
     * @return per index: whether no earlier entry is the same object
     */
    static boolean[] of(List<?> items) {
        int size = items.size();
        boolean[] first = new boolean[size];
        if (size <= SCAN_LIMIT) {
            for (int k = 0; k < size; k++) {
                first[k] = true;
                for (int j = 0; j < k; j++) {
                    if (items.get(j) == items.get(k)) {
                        first[k] = false;
                        break;
                    }
                }
            }
            return first;
        }
        Map<Object, Boolean> seen = new IdentityHashMap<>(size * 2);
        for (int k = 0; k < size; k++) {
            first[k] = seen.put(items.get(k), Boolean.TRUE) == null;
        }
        return first;
    }
}
