package dev.orrery.world;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The change history of one tracked trait in one world: a log of changes (adds included) in tick
 * order, the latest log entry and the add tick of each entity slot, and a log of removals. Read by
 * change queries ({@link Query.Builder#added}, {@link Query.Builder#changed}) and
 * {@link World#removed(Trait)}; written by {@link WorldChanges}.
 *
 * <p>Implementation notes.
 * <ul>
 *   <li>Change log: parallel arrays of (entity, tick) in tick order, at most one live entry per
 *       entity: a change at a new tick appends an entry and turns the entity's previous one
 *       ({@link #latest} of its slot) into a tombstone ({@link Entity#NONE}); one at the same tick
 *       changes nothing. So a reader that wants the changes after tick {@code L} binary-searches the
 *       first entry after {@code L} and visits the live entries from there to the end the log had
 *       when its iteration began: the cost of a change query is proportional to the changes since
 *       the reader's previous run, not to the entities that have the trait, and it reads no per-slot
 *       array to tell an entity's latest entry. While a query iterates the world, tombstones are
 *       deferred ({@link #deferred}) so that an entity changed again during an iteration keeps the
 *       entry that iteration will visit; the outermost iteration's end writes them.</li>
 *   <li>Per slot, not per table row: the arrays are indexed by entity slot, so structural moves
 *       between tables (and the bulk move of whole tables at a publish) carry nothing extra.</li>
 *   <li>Compaction: when the change log is full and no query iterates the world, the entries that no
 *       reader can visit any more (not canonical, or their entity is dead or lacks the trait) are
 *       dropped; what stays is at most one entry per entity that has the trait, so the log is bounded
 *       by twice that count. The removal log keeps the entries that a registered reader has not seen
 *       (the oldest previous run among the readers that called {@code removed}).</li>
 *   <li>Ticks are {@code long}: at one tick per system run they do not wrap in the life of any
 *       process, so comparisons are plain {@code >}.</li>
 * </ul>
 */
final class TraitChanges {
    private static final long[] NO_LONGS = new long[0];
    private static final int[] NO_INTS = new int[0];

    final int traitId;

    /** Per slot: position of its latest change entry, -1 for none. */
    int[] latest = NO_INTS;
    /** Per slot: tick at which its entity got the trait (valid while the entity has it). */
    long[] added = NO_LONGS;

    long[] logEntity = new long[64];
    long[] logTick = new long[64];
    int logSize;
    /** Entries superseded while a query iterated: tombstoned when the outermost iteration ends. */
    private int[] deferred = NO_INTS;
    int deferredCount;

    /** Whether removals are recorded (from the first {@code removed} call for this trait on). */
    boolean recordsRemovals;
    long[] removedEntity = NO_LONGS;
    long[] removedTick = NO_LONGS;
    int removedSize;
    /** Contexts that read the removals, for the removal log's retention. */
    final List<SystemContext> removalReaders = new ArrayList<>();
    /** Tick of the previous {@code removed} call outside a system; -1 when there was none. */
    long outsideRemovedSeen = -1;

    TraitChanges(int traitId) {
        this.traitId = traitId;
    }

    private void ensureSlot(int slot) {
        if (slot >= latest.length) {
            int capacity = Math.max(slot + 1, Math.max(64, latest.length * 2));
            int old = latest.length;
            latest = Arrays.copyOf(latest, capacity);
            Arrays.fill(latest, old, capacity, -1);
            added = Arrays.copyOf(added, capacity);
        }
    }

    /** The entity in {@code slot} got the trait at {@code tick} (an add is also a change). */
    void added(long entity, int slot, long tick, EntityStore store) {
        ensureSlot(slot);
        added[slot] = tick;
        changed(entity, slot, tick, store);
    }

    /** The entity in {@code slot}, which has the trait, changed it at {@code tick}. */
    void changed(long entity, int slot, long tick, EntityStore store) {
        ensureSlot(slot);
        int p = latest[slot];
        if (p >= 0 && logTick[p] == tick && logEntity[p] == entity) {
            return; // already logged at this tick
        }
        if (logSize == logEntity.length) {
            makeRoom(store);
            p = latest[slot];
        }
        if (p >= 0) {
            if (store.isIterating()) {
                if (deferredCount == deferred.length) {
                    deferred = Arrays.copyOf(deferred, Math.max(16, deferredCount * 2));
                }
                deferred[deferredCount++] = p;
            } else {
                logEntity[p] = Entity.NONE;
            }
        }
        int k = logSize++;
        logEntity[k] = entity;
        logTick[k] = tick;
        latest[slot] = k;
    }

    /** The outermost iteration ended: writes the tombstones deferred while it ran. */
    void flushDeferred() {
        for (int i = 0; i < deferredCount; i++) {
            logEntity[deferred[i]] = Entity.NONE;
        }
        deferredCount = 0;
    }

    /** The entity lost the trait (removed, or destroyed with it) at {@code tick}. */
    void removed(long entity, long tick) {
        if (!recordsRemovals) {
            return;
        }
        if (removedSize == removedEntity.length) {
            trimRemovals();
        }
        removedEntity[removedSize] = entity;
        removedTick[removedSize++] = tick;
    }

    /** @return the position of the first change entry after tick {@code since} (the log is in tick order) */
    int firstChangeAfter(long since) {
        return firstAfter(logTick, logSize, since);
    }

    /** @return the position of the first removal entry after tick {@code since} */
    int firstRemovalAfter(long since) {
        return firstAfter(removedTick, removedSize, since);
    }

    private static int firstAfter(long[] ticks, int size, long since) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ticks[mid] <= since) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** @return the tick of the latest change of the entity in {@code slot}, -1 for none */
    long changedTick(int slot) {
        int p = slot < latest.length ? latest[slot] : -1;
        return p < 0 ? -1 : logTick[p];
    }

    /** @return the tick at which the entity in {@code slot} got the trait (meaningful while it has it) */
    long addedTick(int slot) {
        return slot < added.length ? added[slot] : -1;
    }

    private void makeRoom(EntityStore store) {
        if (!store.isIterating()) {
            compact(store);
        }
        if (logSize > logEntity.length / 2) {
            int capacity = logEntity.length * 2;
            logEntity = Arrays.copyOf(logEntity, capacity);
            logTick = Arrays.copyOf(logTick, capacity);
        }
    }

    /**
     * Drops the entries no reader can visit: tombstones, and those of dead entities or entities
     * without the trait. Only while no query iterates (no deferred tombstones then).
     */
    private void compact(EntityStore store) {
        int w = 0;
        for (int k = 0; k < logSize; k++) {
            long e = logEntity[k];
            if (e == Entity.NONE) {
                continue;
            }
            int slot = Entity.index(e);
            if (store.isAlive(e) && store.tableOf(e).hasTrait(traitId)) {
                logEntity[w] = e;
                logTick[w] = logTick[k];
                latest[slot] = w;
                w++;
            } else if (latest[slot] == k) {
                latest[slot] = -1;
            }
        }
        logSize = w;
    }

    /** Drops the removals every registered reader has seen; grows the log when that frees too little. */
    private void trimRemovals() {
        long seenByAll = Long.MAX_VALUE;
        for (SystemContext reader : removalReaders) {
            seenByAll = Math.min(seenByAll, reader.lastRun);
        }
        if (outsideRemovedSeen >= 0) {
            seenByAll = Math.min(seenByAll, outsideRemovedSeen);
        }
        int from = firstAfter(removedTick, removedSize, seenByAll);
        if (from > 0) {
            System.arraycopy(removedEntity, from, removedEntity, 0, removedSize - from);
            System.arraycopy(removedTick, from, removedTick, 0, removedSize - from);
            removedSize -= from;
        }
        if (removedSize > removedEntity.length / 2 || removedEntity.length == 0) {
            int capacity = Math.max(64, removedEntity.length * 2);
            removedEntity = Arrays.copyOf(removedEntity, capacity);
            removedTick = Arrays.copyOf(removedTick, capacity);
        }
    }

    /**
     * @param since the reader's previous run (or previous call) tick
     * @return the entities that lost the trait after {@code since}, in removal order
     */
    long[] removalsAfter(long since) {
        int from = firstRemovalAfter(since);
        return from == removedSize ? NO_LONGS : Arrays.copyOfRange(removedEntity, from, removedSize);
    }
}
