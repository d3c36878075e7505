package dev.orrery.world;

import java.util.Arrays;
import java.util.Objects;

/**
 * The structural operations staged in one world's open transaction, kept as their net effect per
 * entity, and the publish and discard that end the transaction. Driven by {@link World} (the staged
 * calls) and {@link WorldTransaction} (publish, discard).
 *
 * <p>Implementation notes.
 * <ul>
 *   <li>Net effect per entity: the first operation on an entity opens a <em>record</em> holding the
 *       table the entity is in (its committed table, or none for a staged spawn) and the table it
 *       will be in ({@code to}, null once destroyed), plus a short list of the values of the traits
 *       the transaction added. Every later operation on that entity only updates the record: the
 *       target table follows the archetype graph's cached edges, so staging costs array reads and
 *       no allocation once the tables and pools exist. Publishing then makes one table change per
 *       record: a move, an insertion (staged spawn), a removal (destroy), or none.</li>
 *   <li>Value invariant: for a trait in a record's {@code to} table, the value list holds its value
 *       exactly when the committed table lacks the trait or the transaction removed and re-added it;
 *       otherwise the committed row holds it (and {@code set} writes it there at once).</li>
 *   <li>Records are found by slot: {@code slotRecord[slot]} is valid while
 *       {@code slotEpoch[slot] == epoch}; every publish or discard starts a new epoch, so nothing is
 *       cleared per slot. A slot cannot change hands inside a transaction: slots are freed only by a
 *       publish or a discard.</li>
 *   <li>Released references: a publish or discard nulls the value list, so the transaction never
 *       keeps a value (and its class loader) alive.</li>
 *   <li>Confined to the world's thread.</li>
 * </ul>
 */
final class StagedChanges {
    private final EntityStore store;
    private final WorldTransaction owner;

    private long[] recEntity = new long[16];
    /** Committed table at the first operation; null for a staged spawn. */
    private Archetype[] recFrom = new Archetype[16];
    /** Table after the operations so far; null once destroyed. */
    private Archetype[] recTo = new Archetype[16];
    /** For a staged spawn: the table that holds its staged row (its values outside the list); else null. */
    private Archetype[] recSpawn = new Archetype[16];
    /** The tables that hold staged rows in this transaction (each once). */
    private Archetype[] stagedTables = new Archetype[8];
    private int stagedTableCount;
    /** First value node of the record, -1 for none. */
    private int[] recHead = new int[16];
    private int records;

    private int[] slotRecord = new int[64];
    private int[] slotEpoch = new int[64];
    private int epoch = 1;

    private int[] valTrait = new int[16];
    private Object[] valObject = new Object[16];
    private int[] valNext = new int[16];
    private int values;

    /** Fewest records for which a publish looks for whole tables to move at once. */
    private static final int BULK_MIN = 32;
    /** Per table id, for {@link #moveWholeTables}: valid while {@code tallyStamp[id] == tallyEpoch}. */
    private int[] tallyStamp = new int[16];
    private int[] tallyCount = new int[16];
    private Archetype[] tallyTarget = new Archetype[16];
    /** The source tables of {@link #moveWholeTables}' candidates, in the order first seen. */
    private Archetype[] tallyFrom = new Archetype[16];
    private int tallyEpoch;

    /** Operations staged in this transaction, dead ones included. */
    private long ops;
    /** Operations staged in this transaction on entities it had destroyed. */
    private long dead;
    /** The first dead operation, described; null while there is none. */
    private String firstDead;
    /** Name of the system during which {@link #firstDead} was staged; null while not (yet) known. */
    private String firstDeadBy;

    long publishes;
    long discards;
    long opsApplied;
    long opsCoalesced;
    long opsSkippedDead;
    long opsDiscarded;
    long archetypeMoves;
    long entitiesInserted;
    long entitiesRemoved;
    long publishNanos;

    StagedChanges(EntityStore store, WorldTransaction owner) {
        this.store = store;
        this.owner = owner;
    }

    /** @return the world's events for observers */
    TraitEvents events() {
        return store.changes().events;
    }

    /** @return whether anything was staged since the last publish or discard */
    boolean isEmpty() {
        return ops == 0;
    }

    /** @return whether a dead operation's system is not known yet */
    boolean hasFirstDead() {
        return firstDead != null;
    }

    /** Names the system during which the dead operation not attributed yet was staged. */
    void attributeDead(String system) {
        if (firstDead != null && firstDeadBy == null) {
            firstDeadBy = system;
        }
    }

    // ---- staging ----

    long spawn() {
        return spawned(store.rootTable());
    }

    long spawn(TraitValue<?>[] vals) {
        int[] ids = store.spawnIds(vals.length);
        Archetype table = store.tableOf(vals, ids);
        long entity = spawned(table);
        int row = store.rowOfLive(entity);
        for (int i = 0; i < vals.length; i++) {
            table.columns[table.columnOf(ids[i])][row] = vals[i].value();
        }
        return entity;
    }

    long spawn(Trait<?>[] traits) {
        int[] ids = new int[traits.length]; // not the scratch: default factories are user code and may spawn
        Archetype table = store.tableOf(traits, ids);
        Object[] defaults = new Object[traits.length];
        for (int i = 0; i < traits.length; i++) {
            defaults[i] = traits[i].createDefault();
        }
        long entity = spawned(table);
        int row = store.rowOfLive(entity);
        for (int i = 0; i < traits.length; i++) {
            table.columns[table.columnOf(ids[i])][row] = defaults[i];
        }
        return entity;
    }

    /** A staged spawn into {@code table}: a reserved entity with a staged row there, and its record. */
    private long spawned(Archetype table) {
        if (table.staged == 0) {
            if (stagedTableCount == stagedTables.length) {
                stagedTables = Arrays.copyOf(stagedTables, stagedTableCount * 2);
            }
            stagedTables[stagedTableCount++] = table;
        }
        long entity = store.reserveInto(table);
        int r = open(entity, null);
        recTo[r] = table;
        recSpawn[r] = table;
        counted();
        return entity;
    }

    /** @return the table that holds record {@code r}'s values outside its value list: the committed or the staged row's */
    private Archetype home(int r, long entity) {
        return r >= 0 && recSpawn[r] != null ? recSpawn[r] : store.tableOf(entity);
    }

    void destroy(long entity) {
        int r = recordOf(entity);
        if (r >= 0 && recTo[r] == null) {
            dead("destroy of entity " + Entity.toString(entity));
            return;
        }
        if (r < 0) {
            r = open(entity, store.tableOf(entity));
        }
        recTo[r] = null;
        dropValues(r);
        counted();
    }

    @SuppressWarnings("unchecked")
    <T> T add(long entity, Trait<T> trait, T value) {
        int r = recordOf(entity);
        if (r >= 0 && recTo[r] == null) {
            dead("add of trait '" + trait.name() + "' to entity " + Entity.toString(entity));
            return value != null ? value : trait.createDefault();
        }
        int id = store.traitId(trait);
        Archetype to = r >= 0 ? recTo[r] : store.tableOf(entity);
        if (to.hasTrait(id)) {
            counted();
            int n = r >= 0 ? find(r, id) : -1;
            return (T) (n >= 0 ? valObject[n] : store.valueIn(home(r, entity), entity, id));
        }
        T v = value != null ? value : Objects.requireNonNull(trait.createDefault(),
                () -> "World.add: default factory of trait '" + trait.name() + "' returned null");
        if (r < 0) {
            r = open(entity, to);
        }
        recTo[r] = store.plus(to, id);
        push(r, id, v);
        counted();
        return v;
    }

    /**
     * A value write while staging: at once where the trait's value lives in the committed row, into
     * the record where the transaction added the trait, else a staged add.
     */
    <T> void set(long entity, Trait<T> trait, T value) {
        int id = store.traitId(trait);
        int r = recordOf(entity);
        if (r < 0) {
            if (store.tableOf(entity).hasTrait(id)) {
                store.writeValue(entity, id, value);
                store.changes().changed(id, entity, Entity.index(entity));
            } else {
                add(entity, trait, value);
            }
            return;
        }
        Archetype to = recTo[r];
        if (to == null) {
            if (recSpawn[r] == null && recFrom[r].hasTrait(id)) {
                store.writeValue(entity, id, value); // a value write, not structural: applies at once
                store.changes().changed(id, entity, Entity.index(entity));
            } else {
                dead("set of trait '" + trait.name() + "' on entity " + Entity.toString(entity));
            }
            return;
        }
        if (!to.hasTrait(id)) {
            add(entity, trait, value);
            return;
        }
        int n = find(r, id);
        if (n >= 0) {
            valObject[n] = value;
        } else {
            store.writeIn(home(r, entity), entity, id, value);
            if (recSpawn[r] == null) {
                store.changes().changed(id, entity, Entity.index(entity)); // the committed row: a value write
            }
        }
    }

    void remove(long entity, Trait<?> trait) {
        int r = recordOf(entity);
        if (r >= 0 && recTo[r] == null) {
            dead("remove of trait '" + trait.name() + "' from entity " + Entity.toString(entity));
            return;
        }
        int id = store.traitId(trait);
        Archetype to = r >= 0 ? recTo[r] : store.tableOf(entity);
        if (to.hasTrait(id)) {
            if (r < 0) {
                r = open(entity, to);
            }
            recTo[r] = store.minus(to, id);
            unlink(r, id);
        }
        counted();
    }

    /**
     * @return whether the entity will have the trait when the transaction publishes (its committed
     *     table has it and no staged operation removes it, or a staged one adds it)
     */
    boolean willHave(long entity, int traitId) {
        int r = recordOf(entity);
        Archetype to = r >= 0 && recEntity[r] == entity ? recTo[r] : store.tableOf(entity);
        return to != null && to.hasTrait(traitId);
    }

    /** @return whether record {@code r} holds a value for the trait: the transaction (re-)added it */
    boolean holdsValue(int r, int traitId) {
        return find(r, traitId) >= 0;
    }

    /** @return whether the entity's record says it is destroyed by this transaction */
    boolean isPendingDestroy(long entity) {
        int r = recordOf(entity);
        return r >= 0 && recTo[r] == null && recEntity[r] == entity;
    }

    // ---- publish and discard ----

    /**
     * Applies the net effect of every record: one table change per entity at most.
     *
     * @param strict whether a dead operation fails the publish
     * @return the first dead operation's warning text when there were dead operations, else null
     * @throws DeadTargetException in strict mode when there were dead operations; the transaction is
     *     discarded first
     */
    String publish(boolean strict) {
        if (ops == 0) {
            return null;
        }
        if (dead > 0 && strict) {
            DeadTargetException e = new DeadTargetException(firstDeadBy, firstDead, dead);
            discard();
            throw e;
        }
        long start = System.nanoTime();
        String warning = dead == 0 ? null : warningText();
        for (int k = 0; k < stagedTableCount; k++) {
            store.commitStaged(stagedTables[k]); // the spawns' rows, already in their tables, become committed
        }
        if (records >= BULK_MIN && !store.isIterating()) {
            moveWholeTables();
        }
        long changes = 0;
        WorldChanges detection = store.changes().any() || store.changes().events.watching ? store.changes() : null;
        for (int r = 0; r < records; r++) {
            long entity = recEntity[r];
            Archetype from = recFrom[r];
            Archetype to = recTo[r];
            if (from == null) {
                Archetype home = recSpawn[r];
                store.markCommitted(entity, home);
                if (to == null) {
                    store.destroyCommitted(entity); // spawned and destroyed in one transaction: no change
                } else {
                    if (to != home) {
                        store.moveTo(entity, to); // its traits changed after the spawn: still one insertion
                    }
                    writeValues(r, entity);
                    entitiesInserted++;
                    changes++;
                    if (detection != null) {
                        detection.addedAll(to, entity, Entity.index(entity));
                    }
                }
            } else if (to == null) {
                if (detection != null) {
                    detection.removedAll(from, entity);
                }
                store.destroyCommitted(entity);
                entitiesRemoved++;
                changes++;
            } else {
                if (to != from) {
                    if (store.tableOf(entity) != to) { // not moved with its whole table
                        store.moveTo(entity, to);
                    }
                    archetypeMoves++;
                    changes++;
                }
                writeValues(r, entity);
                if (detection != null) {
                    detection.moved(from, to, entity, Entity.index(entity), this, r);
                }
            }
        }
        opsApplied += ops - dead;
        opsSkippedDead += dead;
        opsCoalesced += ops - dead - changes;
        publishes++;
        clear();
        publishNanos += System.nanoTime() - start;
        return warning;
    }

    /**
     * Publish's fast path for a common shape (a trait added to or removed from every entity of a
     * table): where every row of a table moves to one target table that is empty, the table's columns
     * are handed over at once ({@link EntityStore#moveTable}) instead of moving row by row. The
     * per-record loop then finds those entities in place and only writes their new values.
     */
    private void moveWholeTables() {
        if (++tallyEpoch == 0) {
            Arrays.fill(tallyStamp, 0);
            tallyEpoch = 1;
        }
        int candidates = 0;
        for (int r = 0; r < records; r++) {
            Archetype from = recFrom[r];
            Archetype to = recTo[r];
            if (from == null || to == null || from == to) {
                continue;
            }
            int id = from.id;
            if (id >= tallyStamp.length) {
                int capacity = Math.max(id + 1, tallyStamp.length * 2);
                tallyStamp = Arrays.copyOf(tallyStamp, capacity);
                tallyCount = Arrays.copyOf(tallyCount, capacity);
                tallyTarget = Arrays.copyOf(tallyTarget, capacity);
                tallyFrom = Arrays.copyOf(tallyFrom, capacity);
            }
            if (tallyStamp[id] != tallyEpoch) {
                tallyStamp[id] = tallyEpoch;
                tallyCount[id] = 0;
                tallyTarget[id] = to;
                tallyFrom[candidates++] = from;
            } else if (tallyTarget[id] != to) {
                tallyTarget[id] = null; // rows of this table go to different tables
            }
            tallyCount[id]++;
        }
        for (int k = 0; k < candidates; k++) {
            Archetype from = tallyFrom[k];
            Archetype to = tallyTarget[from.id];
            if (to != null && tallyCount[from.id] == from.size && from.holes == 0 && to.size == 0 && to.staged == 0) {
                store.moveTable(from, to);
            }
            tallyTarget[from.id] = null; // no table kept reachable from here
            tallyFrom[k] = null;
        }
    }

    /** Throws away every staged operation and releases the reserved entities (their slots get a new generation). */
    void discard() {
        if (ops == 0) {
            return;
        }
        for (int r = 0; r < records; r++) {
            if (recFrom[r] == null) {
                store.unreserve(recEntity[r]);
            }
        }
        for (int k = 0; k < stagedTableCount; k++) {
            store.clearStaged(stagedTables[k]);
        }
        opsDiscarded += ops;
        discards++;
        clear();
    }

    CommitStats stats() {
        long opsStaged = opsApplied + opsSkippedDead + opsDiscarded + ops; // every staged op ends in one of these
        return new CommitStats(publishes, discards, opsStaged, opsApplied, opsCoalesced, opsSkippedDead,
                opsDiscarded, archetypeMoves, entitiesInserted, entitiesRemoved, publishNanos);
    }

    private String warningText() {
        return (firstDeadBy == null ? "" : "system '" + firstDeadBy + "' staged ") + firstDead
                + " after it was destroyed earlier in the same transaction"
                + (dead > 1 ? " (" + dead + " such operations in this transaction)" : "")
                + ": skipped. Check World.isPendingDestroy(entity) before staging, or order the systems so"
                + " the destroy comes last";
    }

    // ---- records and value lists ----

    private void counted() {
        ops++;
    }

    private void dead(String what) {
        ops++;
        dead++;
        if (firstDead == null) {
            firstDead = what;
            firstDeadBy = null;
            owner.deadStaged();
        }
    }

    private int recordOf(long entity) {
        int slot = Entity.index(entity);
        return slot < slotEpoch.length && slotEpoch[slot] == epoch ? slotRecord[slot] : -1;
    }

    private int open(long entity, Archetype from) {
        int slot = Entity.index(entity);
        if (slot >= slotEpoch.length) {
            int capacity = Math.max(slot + 1, slotEpoch.length * 2);
            slotEpoch = Arrays.copyOf(slotEpoch, capacity);
            slotRecord = Arrays.copyOf(slotRecord, capacity);
        }
        if (records == recEntity.length) {
            int capacity = records * 2;
            recEntity = Arrays.copyOf(recEntity, capacity);
            recFrom = Arrays.copyOf(recFrom, capacity);
            recTo = Arrays.copyOf(recTo, capacity);
            recHead = Arrays.copyOf(recHead, capacity);
            recSpawn = Arrays.copyOf(recSpawn, capacity);
        }
        int r = records++;
        recEntity[r] = entity;
        recFrom[r] = from;
        recTo[r] = from;
        recHead[r] = -1;
        recSpawn[r] = null;
        slotEpoch[slot] = epoch;
        slotRecord[slot] = r;
        return r;
    }

    private void push(int r, int traitId, Object value) {
        if (values == valTrait.length) {
            int capacity = values * 2;
            valTrait = Arrays.copyOf(valTrait, capacity);
            valObject = Arrays.copyOf(valObject, capacity);
            valNext = Arrays.copyOf(valNext, capacity);
        }
        int n = values++;
        valTrait[n] = traitId;
        valObject[n] = value;
        valNext[n] = recHead[r];
        recHead[r] = n;
    }

    private int find(int r, int traitId) {
        for (int n = recHead[r]; n >= 0; n = valNext[n]) {
            if (valTrait[n] == traitId) {
                return n;
            }
        }
        return -1;
    }

    private void unlink(int r, int traitId) {
        int previous = -1;
        for (int n = recHead[r]; n >= 0; previous = n, n = valNext[n]) {
            if (valTrait[n] == traitId) {
                if (previous < 0) {
                    recHead[r] = valNext[n];
                } else {
                    valNext[previous] = valNext[n];
                }
                valObject[n] = null;
                return;
            }
        }
    }

    private void dropValues(int r) {
        for (int n = recHead[r]; n >= 0; n = valNext[n]) {
            valObject[n] = null;
        }
        recHead[r] = -1;
    }

    private void writeValues(int r, long entity) {
        int n = recHead[r];
        if (n < 0) {
            return;
        }
        Archetype a = store.tableOf(entity);
        int row = store.rowOfLive(entity);
        for (; n >= 0; n = valNext[n]) {
            a.columns[a.columnOf(valTrait[n])][row] = valObject[n];
        }
    }

    private void clear() {
        Arrays.fill(valObject, 0, values, null);
        Arrays.fill(stagedTables, 0, stagedTableCount, null);
        stagedTableCount = 0;
        values = 0;
        records = 0;
        ops = 0;
        dead = 0;
        firstDead = null;
        firstDeadBy = null;
        if (++epoch == 0) {
            Arrays.fill(slotEpoch, 0);
            epoch = 1;
        }
    }
}
