package dev.orrery.world;

import java.util.Arrays;

/**
 * Change detection of one world: its change clock, the running system's context, and the
 * {@link TraitChanges} of the traits it tracks. The entity store and the staged changes report
 * adds, value changes and removals here; change queries and {@link World#removed(Trait)} read it.
 *
 * <p>Implementation notes.
 * <ul>
 *   <li>Tracking is switched on per trait, the first time a query filters on it or
 *       {@link World#removed(Trait)} is called for it; until then the world records nothing for the
 *       trait, and every report is one array read ({@link #of}) or, when no trait is tracked at all,
 *       one int compare ({@link #any}). A plain query never reads any of this.</li>
 *   <li>When tracking starts, every live entity that has the trait is recorded as having got it at
 *       that tick: the world does not know what happened before, so a reader sees those entities as
 *       added and changed (an over-report, never a miss).</li>
 *   <li>The clock: writes are stamped with {@link #tick}; a system's run ends by taking the tick as
 *       its last run and closing it ({@link SystemContext}), so the next write opens a later tick:
 *       what the system wrote itself while it ran is not reported to it, and everything after is.
 *       An iteration outside a system takes the tick and closes it the same way. While no trait is
 *       tracked, executors neither enter contexts nor record runs: when tracking starts, it stamps
 *       every entity that has the trait with a new tick, later than every window, so a system's
 *       stale last run changes nothing it is told (a system whose own first change query starts the
 *       tracking reads that run as an outside reader, which also sees everything).</li>
 * </ul>
 */
final class WorldChanges {
    private final EntityStore store;
    /** The events recorded for observers (reported alongside; nothing recorded while nothing is watched). */
    final TraitEvents events;
    /**
     * The change clock: the tick of the latest stamp (writes are stamped with it while it is open).
     * Starts at 1; never wraps.
     */
    long tick = 1;
    /**
     * Whether a reader's window has ended at {@link #tick} (a system's run, an outside iteration):
     * the next write then opens tick + 1, so it is later than that window. The clock advances at a
     * write, not at each system's end: a system's turn then only stores its last run tick and this
     * flag (no read-modify-write chain through one field across all systems of a frame).
     */
    boolean closed;
    /**
     * The id of the context of the system running on the world now ({@link SystemContext#id}); -1
     * outside a system. An int, not a reference: executors write it on every system's turn, and a
     * reference store into a long-lived object pays the collector's card-marking barrier (with G1 a
     * StoreLoad fence), which at a thousand systems per frame costs several times the dispatch itself.
     */
    int currentId = -1;
    /** Every context of the world, by id; only grows (a dropped context leaves its slot empty). */
    SystemContext[] contexts = new SystemContext[16];
    /** Contexts created so far: the next id. */
    int contextCount;
    private TraitChanges[] byId = new TraitChanges[0];
    private int[] trackedIds = new int[0];
    private int trackedCount;

    WorldChanges(EntityStore store) {
        this.store = store;
        this.events = new TraitEvents(store);
    }

    /** @return whether some trait is tracked */
    boolean any() {
        return trackedCount > 0;
    }

    /** @return the changes of the trait with this id, or null when it is not tracked */
    TraitChanges of(int traitId) {
        return traitId < byId.length ? byId[traitId] : null;
    }

    /** Starts tracking the trait (if not yet): every live entity that has it counts as added now. */
    TraitChanges track(int traitId) {
        TraitChanges c = of(traitId);
        if (c != null) {
            return c;
        }
        if (traitId >= byId.length) {
            byId = Arrays.copyOf(byId, traitId + 1);
        }
        c = new TraitChanges(traitId);
        byId[traitId] = c;
        trackedIds = Arrays.copyOf(trackedIds, trackedCount + 1);
        trackedIds[trackedCount++] = traitId;
        long stamp = stamp();
        for (Archetype a : store.archetypes()) {
            if (a.hasTrait(traitId)) {
                for (int row = 0; row < a.size; row++) {
                    long e = a.entities[row];
                    if (e != Entity.NONE) {
                        c.added(e, Entity.index(e), stamp, store);
                    }
                }
            }
        }
        return c;
    }

    /** Stops tracking the trait and drops its history (the world forgets the trait). */
    void untrack(int traitId) {
        events.forgotten(traitId);
        if (of(traitId) == null) {
            return;
        }
        byId[traitId] = null;
        int w = 0;
        for (int k = 0; k < trackedCount; k++) {
            if (trackedIds[k] != traitId) {
                trackedIds[w++] = trackedIds[k];
            }
        }
        trackedCount = w;
        if (w == 0) {
            currentId = -1; // executors stop entering contexts while nothing is tracked
        }
    }

    /** The outermost query iteration ended: the tombstones deferred during it are written. */
    void iterationsEnded() {
        for (int k = 0; k < trackedCount; k++) {
            TraitChanges c = byId[trackedIds[k]];
            if (c.deferredCount > 0) {
                c.flushDeferred();
            }
        }
    }

    /** @return the tick a reader's window starts after: the running system's last run, or {@code outside} */
    long since(long outside) {
        SystemContext c = current();
        return c != null ? c.lastRun : outside;
    }

    /** @return the context of the system running now, or null outside a system */
    SystemContext current() {
        int id = currentId;
        return id < 0 ? null : contexts[id];
    }

    /** @return the id for a new context, which the caller stores at that index of {@link #contexts} */
    int register(SystemContext c) {
        if (contextCount == contexts.length) {
            contexts = java.util.Arrays.copyOf(contexts, contextCount * 2);
        }
        contexts[contextCount] = c;
        return contextCount++;
    }

    /**
     * Forgets a context: its slot is emptied (ids are not reused), it is no longer current, and no
     * removal log waits for it.
     */
    void drop(SystemContext c) {
        if (c.id < contextCount && contexts[c.id] == c) {
            contexts[c.id] = null;
        }
        if (currentId == c.id) {
            currentId = -1;
        }
        c.dropped = true;
        for (TraitChanges tc : byId) {
            if (tc != null) {
                tc.removalReaders.remove(c);
            }
        }
    }

    /** An outside reader's iteration begins: @return the tick it sees up to (its next window starts after it) */
    long advanceForOutsideReader() {
        closed = true;
        return tick;
    }

    /** @return the tick a write is stamped with: the open one, or a new one after a closed window */
    long stamp() {
        if (closed) {
            closed = false;
            return ++tick;
        }
        return tick;
    }

    // ---- reports ----

    /** The live entity in {@code slot} changed the value of trait {@code traitId}, which it has. */
    void changed(int traitId, long entity, int slot) {
        TraitChanges c = of(traitId);
        if (c != null) {
            c.changed(entity, slot, stamp(), store);
        }
        if (events.watching) {
            events.changed(traitId, entity, slot);
        }
    }

    /** The live entity got trait {@code traitId}. */
    void addedOne(int traitId, long entity, int slot) {
        TraitChanges c = of(traitId);
        if (c != null) {
            c.added(entity, slot, stamp(), store);
        }
        if (events.watching) {
            events.added(traitId, entity);
        }
    }

    /** The entity lost trait {@code traitId}. */
    void removedOne(int traitId, long entity) {
        TraitChanges c = of(traitId);
        if (c != null) {
            c.removed(entity, stamp());
        }
        if (events.watching) {
            events.removed(traitId, entity);
        }
    }

    /** The entity got every trait of table {@code a} (a spawn). */
    void addedAll(Archetype a, long entity, int slot) {
        long tick = trackedCount == 0 ? 0 : stamp();
        for (int k = 0; k < trackedCount; k++) {
            int id = trackedIds[k];
            if (a.hasTrait(id)) {
                byId[id].added(entity, slot, tick, store);
            }
        }
        if (events.watching) {
            events.addedAll(a, entity);
        }
    }

    /** The entity lost every trait of table {@code a} (a destroy). */
    void removedAll(Archetype a, long entity) {
        long tick = trackedCount == 0 ? 0 : stamp();
        for (int k = 0; k < trackedCount; k++) {
            int id = trackedIds[k];
            if (a.hasTrait(id)) {
                byId[id].removed(entity, tick);
            }
        }
        if (events.watching) {
            events.removedAll(a, entity);
        }
    }

    /**
     * A publish moved the entity from table {@code from} to {@code to}: traits only {@code to} has are
     * added, traits only {@code from} has are removed, and those both have whose value the
     * transaction replaced (record {@code r} of {@code staged} holds a value for it) are changed.
     */
    void moved(Archetype from, Archetype to, long entity, int slot, StagedChanges staged, int r) {
        long tick = trackedCount == 0 ? 0 : stamp();
        for (int k = 0; k < trackedCount; k++) {
            int id = trackedIds[k];
            boolean had = from.hasTrait(id);
            boolean has = to.hasTrait(id);
            if (has && !had) {
                byId[id].added(entity, slot, tick, store);
            } else if (had && !has) {
                byId[id].removed(entity, tick);
            } else if (had && staged.holdsValue(r, id)) {
                byId[id].changed(entity, slot, tick, store);
            }
        }
        if (events.watching) {
            events.moved(from, to, entity, slot, staged, r);
        }
    }
}
