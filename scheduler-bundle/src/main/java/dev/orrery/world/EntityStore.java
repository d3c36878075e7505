package dev.orrery.world;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The entities of one {@link World}: slot records (generation, archetype, row), the archetype tables
 * and the per-query matching state. See the package Javadoc for why archetypes, and
 * {@link QueryResult} for what iteration guarantees while entities change.
 *
 * <p>Structural changes (spawn, destroy, add, remove) move rows between archetypes. Outside
 * iteration a removed row is filled with the table's last row (swap-remove). While any query
 * iterates, rows are only appended and removed rows become holes, so no row that an iteration still
 * has to visit changes place; the holes are compacted, preserving order, when the outermost
 * iteration ends.
 *
 * <p>Implementation notes. {@link #generations} holds each slot's whole stamp, the high word of its
 * live handle: this store's world tag above the generation ({@link Entity}, "Layout"). So the one
 * comparison that checks a handle's generation checks its world too, at no extra cost; telling a
 * handle of another world from a stale one is left to the error path ({@link #deadReason}).
 */
final class EntityStore {
    private static final int[] NO_IDS = new int[0];
    /** Stands in for a forgotten trait in {@link #traitsById} and archetype columns (never used). */
    private static final Trait<Object> FORGOTTEN = Trait.of("(forgotten trait)", Object::new);

    private final Map<Trait<?>, Integer> traitIds = new IdentityHashMap<>();
    /** Identifies this store in the ids cached on traits ({@link TraitId}); refers to nothing. */
    private final Object token = new Object();
    /** Scratch of {@link #spawnIds}. */
    private int[] spawnIds = new int[8];
    private final List<Trait<?>> traitsById = new ArrayList<>();
    private final List<Archetype> archetypes = new ArrayList<>();
    private final Map<ArchetypeKey, Archetype> archetypeByKey = new HashMap<>();
    private final Archetype root;
    /** Where entities reserved by a staged spawn sit until the transaction publishes: never matched. */
    private final Archetype reserved = new Archetype(-1, NO_IDS, new Trait<?>[0]);

    /**
     * This store's world tag, shifted into place in a stamp ({@link Entity#TAG_SHIFT}); replaced only
     * by a restore ({@link #restore}).
     */
    private int tagBits;
    /** Per slot: its stamp, world tag and generation (the high word of its current handle). */
    private int[] generations = new int[64];
    private Archetype[] archetypeOf = new Archetype[64];
    private int[] rowOf = new int[64];
    private int slotCount;
    private int[] freeSlots = new int[16];
    private int freeCount;
    private int alive;

    private final Map<Query, QueryResult> queries = new HashMap<>();
    private Cursor[] cursors = new Cursor[0];
    private int depth;
    private final List<Archetype> dirty = new ArrayList<>();
    /** Change detection: the clock, the running system's context, the tracked traits' histories. */
    private final WorldChanges changes = new WorldChanges(this);

    EntityStore() {
        this(WorldTags.next());
    }

    /** @param worldTag this world's tag, 1 to {@link Entity#WORLD_TAGS} */
    EntityStore(int worldTag) {
        this.tagBits = worldTag << Entity.TAG_SHIFT;
        root = archetype(NO_IDS);
    }

    /** @return this world's tag ({@link Entity#worldTag}) */
    int worldTag() {
        return tagBits >>> Entity.TAG_SHIFT;
    }

    /** @return this world's change detection */
    WorldChanges changes() {
        return changes;
    }

    // ---- trait ids and archetypes ----

    /** @return the world id of the trait, assigning the next one on first use */
    int traitId(Trait<?> trait) {
        TraitId cached = trait.cachedId;
        if (cached != null && cached.owner() == token) {
            return cached.id();
        }
        Integer id = traitIds.get(trait);
        if (id == null) {
            id = traitsById.size();
            traitIds.put(trait, id);
            traitsById.add(trait);
        }
        if (cached == null) {
            trait.cachedId = new TraitId(token, id); // the first store to use a trait keeps its id there
        }
        return id;
    }

    /** @return the world id of the trait, or -1 if this world has never seen it */
    private int knownTraitId(Trait<?> trait) {
        TraitId cached = Objects.requireNonNull(trait, "trait").cachedId;
        if (cached != null && cached.owner() == token) {
            return cached.id();
        }
        Integer id = traitIds.get(trait);
        return id == null ? -1 : id;
    }

    private Archetype archetype(int[] sortedIds) {
        ArchetypeKey key = new ArchetypeKey(sortedIds);
        Archetype a = archetypeByKey.get(key);
        if (a == null) {
            Trait<?>[] traits = new Trait<?>[sortedIds.length];
            for (int c = 0; c < sortedIds.length; c++) {
                traits[c] = traitsById.get(sortedIds[c]);
            }
            a = new Archetype(archetypes.size(), sortedIds, traits);
            archetypes.add(a);
            archetypeByKey.put(key, a);
        }
        return a;
    }

    private Archetype withTrait(Archetype from, int traitId) {
        Archetype to = from.addEdge(traitId);
        if (to == null) {
            int[] ids = Arrays.copyOf(from.traitIds, from.traitIds.length + 1);
            ids[ids.length - 1] = traitId;
            Arrays.sort(ids);
            to = archetype(ids);
            from.linkAdd(traitId, to);
            to.linkRemove(traitId, from);
        }
        return to;
    }

    private Archetype withoutTrait(Archetype from, int traitId) {
        Archetype to = from.removeEdge(traitId);
        if (to == null) {
            int[] ids = new int[from.traitIds.length - 1];
            int n = 0;
            for (int id : from.traitIds) {
                if (id != traitId) {
                    ids[n++] = id;
                }
            }
            to = archetype(ids);
            from.linkRemove(traitId, to);
            to.linkAdd(traitId, from);
        }
        return to;
    }

    // ---- entity records ----

    boolean isAlive(long entity) {
        int slot = Entity.index(entity);
        return slot >= 0 && slot < slotCount && generations[slot] == Entity.stamp(entity)
                && archetypeOf[slot] != null;
    }

    /**
     * @param operation the world method, for the message
     * @throws IllegalArgumentException if the entity is not alive; the message names it and says why
     */
    void requireAlive(long entity, String operation) {
        slotOf(entity, operation);
    }

    /** @return the slot of a live entity; throws if it is not alive */
    private int slotOf(long entity, String operation) {
        if (!isAlive(entity)) {
            throw new IllegalArgumentException(operation + ": " + deadReason(entity));
        }
        return Entity.index(entity);
    }

    private String deadReason(long entity) {
        if (entity == Entity.NONE) {
            return "Entity.NONE is not an entity";
        }
        if (!Entity.isWellFormed(entity)) {
            return Entity.toString(entity) + " (generation 0 or negative index) is not an entity";
        }
        String name = "entity " + Entity.toString(entity);
        if (Entity.worldTag(entity) != worldTag()) {
            return name + " belongs to another world";
        }
        int slot = Entity.index(entity);
        if (slot >= slotCount) {
            return name + " was never spawned in this world";
        }
        int generation = generations[slot] & Entity.GENERATION_MASK;
        if (Entity.generation(entity) > generation) {
            return name + " was never spawned in this world (slot " + slot + " is at generation " + generation + ")";
        }
        return name + " is not alive: it was destroyed"
                + (archetypeOf[slot] != null
                        ? " and its slot now holds entity " + Entity.toString(Entity.of(slot, generations[slot]))
                        : "");
    }

    private long newEntity(Archetype a) {
        int slot = takeSlot();
        long entity = Entity.of(slot, generations[slot]);
        archetypeOf[slot] = a;
        rowOf[slot] = a.append(entity);
        alive++;
        return entity;
    }

    /** @return a free slot (the free list first), its generation set; its archetype still to be set */
    private int takeSlot() {
        if (freeCount > 0) {
            return freeSlots[--freeCount];
        }
        if (slotCount == generations.length) {
            int capacity = slotCount * 2;
            generations = Arrays.copyOf(generations, capacity);
            archetypeOf = Arrays.copyOf(archetypeOf, capacity);
            rowOf = Arrays.copyOf(rowOf, capacity);
        }
        generations[slotCount] = tagBits | 1;
        return slotCount++;
    }

    private void freeSlot(int slot) {
        releaseSlot(slot);
        alive--;
    }

    /** Frees a slot for reuse with the next generation (after {@link Entity#MAX_GENERATION}: 1). */
    private void releaseSlot(int slot) {
        archetypeOf[slot] = null;
        int next = (generations[slot] + 1) & Entity.GENERATION_MASK;
        generations[slot] = tagBits | (next == 0 ? 1 : next);
        pushFreeSlot(slot);
    }

    private void pushFreeSlot(int slot) {
        if (freeCount == freeSlots.length) {
            freeSlots = Arrays.copyOf(freeSlots, freeCount * 2);
        }
        freeSlots[freeCount++] = slot;
    }

    int entityCount() {
        return alive;
    }

    // ---- structural changes ----

    long spawn() {
        return newEntity(root);
    }

    long spawn(TraitValue<?>[] values) {
        Objects.requireNonNull(values, "World.spawn: values is null");
        int[] ids = spawnIds(values.length);
        Archetype a = tableOf(values, ids);
        long entity = newEntity(a);
        int row = rowOf[Entity.index(entity)];
        for (int i = 0; i < values.length; i++) {
            a.columns[a.columnOf(ids[i])][row] = values[i].value();
        }
        if (changes.any() || changes.events.watching) {
            changes.addedAll(a, entity, Entity.index(entity));
        }
        return entity;
    }

    long spawn(Trait<?>[] traits) {
        Objects.requireNonNull(traits, "World.spawn: traits is null");
        int[] ids = new int[traits.length]; // not the scratch: default factories are user code and may spawn
        Archetype a = tableOf(traits, ids);
        Object[] defaults = new Object[traits.length];
        for (int i = 0; i < traits.length; i++) {
            defaults[i] = traits[i].createDefault();
        }
        long entity = newEntity(a);
        int row = rowOf[Entity.index(entity)];
        for (int i = 0; i < traits.length; i++) {
            a.columns[a.columnOf(ids[i])][row] = defaults[i];
        }
        if (changes.any() || changes.events.watching) {
            changes.addedAll(a, entity, Entity.index(entity));
        }
        return entity;
    }

    /**
     * The table of a spawn's traits, walked from the root along the cached edges (no allocation once
     * the tables exist).
     *
     * @param ids receives each value's trait id, in order
     * @throws IllegalArgumentException if a trait is given twice; the message names it
     * @throws NullPointerException if a value is null
     */
    Archetype tableOf(TraitValue<?>[] values, int[] ids) {
        Archetype a = root;
        for (int i = 0; i < values.length; i++) {
            Trait<?> t = Objects.requireNonNull(values[i], "World.spawn: null trait value").trait();
            a = withNew(a, ids[i] = traitId(t), t);
        }
        return a;
    }

    /** {@link #tableOf(TraitValue[], int[])} for traits. */
    Archetype tableOf(Trait<?>[] traits, int[] ids) {
        Archetype a = root;
        for (int i = 0; i < traits.length; i++) {
            Trait<?> t = Objects.requireNonNull(traits[i], "World.spawn: null trait");
            a = withNew(a, ids[i] = traitId(t), t);
        }
        return a;
    }

    private Archetype withNew(Archetype a, int id, Trait<?> t) {
        if (a.hasTrait(id)) {
            throw new IllegalArgumentException("World.spawn: trait '" + t.name() + "' is given twice");
        }
        return withTrait(a, id);
    }

    /** @return a reused array of at least {@code n} trait ids, for one spawn at a time (the world's thread) */
    int[] spawnIds(int n) {
        if (spawnIds.length < n) {
            spawnIds = new int[Math.max(n, spawnIds.length * 2)];
        }
        return spawnIds;
    }

    void destroy(long entity) {
        int slot = slotOf(entity, "World.destroy");
        if (changes.any() || changes.events.watching) {
            changes.removedAll(archetypeOf[slot], entity);
        }
        removeRow(archetypeOf[slot], rowOf[slot]);
        freeSlot(slot);
    }

    @SuppressWarnings("unchecked")
    <T> T add(long entity, Trait<T> trait, T value, String operation) {
        int slot = slotOf(entity, operation);
        Archetype from = archetypeOf[slot];
        int id = traitId(trait);
        int column = from.columnOf(id);
        if (column >= 0) {
            return (T) from.columns[column][rowOf[slot]];
        }
        T v = value != null ? value : trait.createDefault();
        Archetype to = withTrait(from, id);
        int row = move(entity, slot, from, to);
        to.columns[to.columnOf(id)][row] = v;
        changes.addedOne(id, entity, slot);
        return v;
    }

    <T> void set(long entity, Trait<T> trait, T value) {
        Objects.requireNonNull(trait, "trait");
        if (value == null) { // not requireNonNull(value, supplier): the capturing lambda would allocate per call
            throw new NullPointerException("World.set: value of trait '" + trait.name() + "' for entity "
                    + Entity.toString(entity) + " is null");
        }
        int slot = slotOf(entity, "World.set");
        Archetype a = archetypeOf[slot];
        int id = traitId(trait);
        int column = a.columnOf(id);
        if (column >= 0) {
            a.columns[column][rowOf[slot]] = value;
            changes.changed(id, entity, slot);
        } else {
            add(entity, trait, value, "World.set");
        }
    }

    void remove(long entity, Trait<?> trait) {
        int slot = slotOf(entity, "World.remove");
        int id = knownTraitId(trait);
        Archetype from = archetypeOf[slot];
        if (id < 0 || !from.hasTrait(id)) {
            return;
        }
        move(entity, slot, from, withoutTrait(from, id));
        changes.removedOne(id, entity);
    }

    boolean has(long entity, Trait<?> trait) {
        int slot = slotOf(entity, "World.has");
        int id = knownTraitId(trait);
        return id >= 0 && archetypeOf[slot].hasTrait(id);
    }

    @SuppressWarnings("unchecked")
    <T> T get(long entity, Trait<T> trait) {
        int slot = slotOf(entity, "World.get");
        int id = knownTraitId(trait);
        Archetype a = archetypeOf[slot];
        int column = id < 0 ? -1 : a.columnOf(id);
        return column < 0 ? null : (T) a.columns[column][rowOf[slot]];
    }

    List<Trait<?>> traitsOf(long entity) {
        int slot = slotOf(entity, "World.traitsOf");
        return List.of(archetypeOf[slot].traits);
    }

    /** Moves an entity's row to another archetype, copying the values they share; returns the new row. */
    private int move(long entity, int slot, Archetype from, Archetype to) {
        int fromRow = rowOf[slot];
        if (depth > 0) {
            for (int d = 0; d < depth; d++) {
                Cursor c = cursors[d];
                if (c.notYetVisited(from, fromRow) && c.state.matches(to)) {
                    c.addPending(entity);
                }
            }
        }
        int toRow = to.append(entity);
        for (int c = 0; c < from.traitIds.length; c++) {
            int dst = to.columnOf(from.traitIds[c]);
            if (dst >= 0) {
                to.columns[dst][toRow] = from.columns[c][fromRow];
            }
        }
        removeRow(from, fromRow);
        archetypeOf[slot] = to;
        rowOf[slot] = toRow;
        return toRow;
    }

    private void removeRow(Archetype a, int row) {
        if (depth > 0) {
            a.clearRow(row);
            a.holes++;
            if (!a.dirty) {
                a.dirty = true;
                dirty.add(a);
            }
            return;
        }
        int last = a.size - 1;
        if (row != last) {
            a.copyRow(last, row);
            rowOf[Entity.index(a.entities[row])] = row;
        }
        a.clearRow(last);
        a.size = last;
    }

    void reset() {
        if (depth > 0) {
            throw new IllegalStateException("World.reset: cannot reset while a query is iterating this world");
        }
        for (Archetype a : archetypes) {
            for (int row = 0; row < a.size && changes.any(); row++) {
                changes.removedAll(a, a.entities[row]);
            }
            for (int row = 0; row < a.size; row++) {
                a.clearRow(row);
            }
            a.size = 0;
            a.holes = 0;
        }
        freeCount = 0;
        for (int slot = slotCount - 1; slot >= 0; slot--) {
            if (archetypeOf[slot] != null) {
                freeSlot(slot);
            } else {
                pushFreeSlot(slot);
            }
        }
        alive = 0;
    }

    // ---- snapshots: the allocator as a value, and a restore that reproduces every handle ----

    /** @return the allocator: world tag, each slot's generation, the free list (the next taken last) */
    AllocatorState allocatorState() {
        int[] gens = new int[slotCount];
        for (int slot = 0; slot < slotCount; slot++) {
            gens[slot] = generations[slot] & Entity.GENERATION_MASK;
        }
        return new AllocatorState(worldTag(), gens, Arrays.copyOf(freeSlots, freeCount));
    }

    /**
     * @return the tables with live entities, their handles and the value references of the columns
     *     whose trait {@code which} accepts (dense rows: no transaction or iteration is open)
     */
    List<TableCopy> copyTables(java.util.function.Predicate<? super Trait<?>> which) {
        List<TableCopy> out = new ArrayList<>();
        for (Archetype a : archetypes) {
            if (a.size == 0) {
                continue;
            }
            Object[][] columns = new Object[a.traits.length][];
            for (int c = 0; c < columns.length; c++) {
                if (which.test(a.traits[c])) {
                    columns[c] = Arrays.copyOf(a.columns[c], a.size);
                }
            }
            out.add(new TableCopy(List.of(a.traits), Arrays.copyOf(a.entities, a.size), columns));
        }
        return out;
    }

    /**
     * Replaces every entity and the allocator: afterwards the live entities are exactly
     * {@code entities}, with those handles and values, the allocator is {@code allocator} (so later
     * spawns take the same slots and generations) and this store's world tag is the allocator's.
     * Checks everything before it changes anything.
     *
     * @throws IllegalArgumentException if the handles do not match the allocator's live slots one to
     *     one; the message names the first handle at fault
     */
    void restore(AllocatorState allocator, long[] entities, TraitValue<?>[][] values) {
        requireNotIterating("World.restoreEntities");
        if (entities.length != values.length) {
            throw new IllegalArgumentException("World.restoreEntities: " + entities.length + " entities but "
                    + values.length + " value lists");
        }
        int n = allocator.slotCount();
        boolean[] free = new boolean[n];
        for (int slot : allocator.freeSlots()) {
            free[slot] = true;
        }
        boolean[] placed = new boolean[n];
        for (long e : entities) {
            int slot = Entity.index(e);
            if (!Entity.isWellFormed(e) || slot >= n || Entity.worldTag(e) != allocator.worldTag()
                    || Entity.generation(e) != allocator.generation(slot) || free[slot] || placed[slot]) {
                throw new IllegalArgumentException("World.restoreEntities: entity " + Entity.toString(e)
                        + " is not a live slot of the allocator (or is given twice)");
            }
            placed[slot] = true;
        }
        if (entities.length != allocator.liveCount()) {
            throw new IllegalArgumentException("World.restoreEntities: the allocator has " + allocator.liveCount()
                    + " live slots but " + entities.length + " entities are given");
        }
        reset();
        tagBits = allocator.worldTag() << Entity.TAG_SHIFT;
        if (generations.length < n) {
            int capacity = Math.max(n, 64);
            generations = Arrays.copyOf(generations, capacity);
            archetypeOf = Arrays.copyOf(archetypeOf, capacity);
            rowOf = Arrays.copyOf(rowOf, capacity);
        }
        Arrays.fill(archetypeOf, null);
        for (int slot = 0; slot < n; slot++) {
            generations[slot] = tagBits | allocator.generation(slot);
        }
        slotCount = n;
        int[] freeList = allocator.freeSlots();
        freeSlots = Arrays.copyOf(freeList, Math.max(16, freeList.length));
        freeCount = freeList.length;
        alive = 0;
        for (int i = 0; i < entities.length; i++) {
            placeAt(Entity.index(entities[i]), values[i]);
        }
    }

    /** Puts a restored entity into its slot, whose generation is already set. */
    private void placeAt(int slot, TraitValue<?>[] values) {
        int[] ids = new int[values.length];
        Archetype a = tableOf(values, ids);
        long entity = Entity.of(slot, generations[slot]);
        archetypeOf[slot] = a;
        int row = a.append(entity);
        rowOf[slot] = row;
        alive++;
        for (int i = 0; i < values.length; i++) {
            a.columns[a.columnOf(ids[i])][row] = values[i].value();
        }
        if (changes.any()) {
            changes.addedAll(a, entity, slot);
        }
    }

    // ---- staging support (see Staging): reserved entities and the publish primitives ----

    /**
     * Reserves a staged spawn's entity and gives it a staged row in {@code table} (after the committed
     * rows: queries do not see it), whose values the caller writes. Until a publish commits the row
     * the entity stays in the reserved table, so it has no traits for {@code has} and {@code get}.
     *
     * @return the entity; its row is {@link #rowOfLive}
     */
    long reserveInto(Archetype table) {
        int slot = takeSlot();
        long entity = Entity.of(slot, generations[slot]);
        archetypeOf[slot] = reserved;
        rowOf[slot] = table.appendStaged(entity);
        return entity;
    }

    /** Commits a table's staged rows: they become committed rows, their entities still reserved. */
    void commitStaged(Archetype table) {
        table.size += table.staged;
        table.staged = 0;
    }

    /** Makes a reserved entity whose staged row was committed in {@code table} a live entity there. */
    void markCommitted(long entity, Archetype table) {
        archetypeOf[Entity.index(entity)] = table;
        alive++;
    }

    /** Clears a table's staged rows (a discard). */
    void clearStaged(Archetype table) {
        for (int row = table.size, end = table.size + table.staged; row < end; row++) {
            table.clearRow(row);
        }
        table.staged = 0;
    }

    /** @return the value of trait {@code traitId} in {@code entity}'s row of {@code table}, which has it */
    Object valueIn(Archetype table, long entity, int traitId) {
        return table.columns[table.columnOf(traitId)][rowOf[Entity.index(entity)]];
    }

    /** Writes the value of trait {@code traitId} in {@code entity}'s row of {@code table}, which has it. */
    void writeIn(Archetype table, long entity, int traitId, Object value) {
        table.columns[table.columnOf(traitId)][rowOf[Entity.index(entity)]] = value;
    }

    /** Releases a reserved slot (a discarded or destroyed staged spawn): its generation moves on. */
    void unreserve(long entity) {
        releaseSlot(Entity.index(entity));
    }

    /** @return the table of a live or reserved entity ({@link #reservedTable()} for a reserved one) */
    Archetype tableOf(long entity) {
        return archetypeOf[Entity.index(entity)];
    }

    /** @return the table reserved entities sit in (no rows, no traits, matched by no query) */
    Archetype reservedTable() {
        return reserved;
    }

    /** @return the table with no traits */
    Archetype rootTable() {
        return root;
    }

    /** @return the table of {@code from}'s traits plus the trait with id {@code traitId} (cached edge) */
    Archetype plus(Archetype from, int traitId) {
        return from.hasTrait(traitId) ? from : withTrait(from, traitId);
    }

    /** @return the table of {@code from}'s traits minus the trait with id {@code traitId} (cached edge) */
    Archetype minus(Archetype from, int traitId) {
        return from.hasTrait(traitId) ? withoutTrait(from, traitId) : from;
    }

    /** @return the table of exactly these (sorted, distinct) trait ids */
    Archetype tableOfIds(int[] sortedIds) {
        return archetype(sortedIds);
    }

    /** @return the committed value of a live entity's trait by id; the entity must have it */
    Object valueAt(long entity, int traitId) {
        int slot = Entity.index(entity);
        Archetype a = archetypeOf[slot];
        return a.columns[a.columnOf(traitId)][rowOf[slot]];
    }

    /** Writes the value of a trait the live entity's table has, in place. */
    void writeValue(long entity, int traitId, Object value) {
        int slot = Entity.index(entity);
        Archetype a = archetypeOf[slot];
        a.columns[a.columnOf(traitId)][rowOf[slot]] = value;
    }

    /** Publishes a change of table of a live entity: one move, sharing values copied. */
    void moveTo(long entity, Archetype to) {
        int slot = Entity.index(entity);
        move(entity, slot, archetypeOf[slot], to);
    }

    /**
     * Publishes the move of every row of {@code from} to {@code to} at once, by handing the column
     * arrays over instead of copying rows: the shared traits' columns and the handles change tables,
     * rows keep their indexes. The values of traits {@code to} adds are left null for the caller to
     * write; those of traits it lacks are dropped. Allocates only when a column must grow.
     *
     * @param from a table with no holes; not iterated ({@link #isIterating()} false)
     * @param to an empty table other than {@code from}
     */
    void moveTable(Archetype from, Archetype to) {
        int n = from.size;
        long[] handles = from.entities;
        int fromCapacity = handles.length;
        int toCapacity = to.entities.length;
        for (int c = 0; c < to.traitIds.length; c++) {
            int shared = from.columnOf(to.traitIds[c]);
            if (shared >= 0) {
                Object[] mine = to.columns[c];
                to.columns[c] = from.columns[shared];
                from.columns[shared] = mine;
            } else if (to.columns[c].length < fromCapacity) {
                to.columns[c] = new Object[fromCapacity];
            }
        }
        for (int c = 0; c < from.traitIds.length; c++) {
            if (!to.hasTrait(from.traitIds[c])) {
                Object[] dropped = from.columns[c];
                Arrays.fill(dropped, 0, n, null);
                if (dropped.length < toCapacity) {
                    from.columns[c] = new Object[toCapacity];
                }
            }
        }
        from.entities = to.entities;
        to.entities = handles;
        to.size = n;
        from.size = 0;
        for (int row = 0; row < n; row++) {
            archetypeOf[Entity.index(handles[row])] = to;
        }
    }

    /** Publishes a staged destroy of a live entity. */
    void destroyCommitted(long entity) {
        int slot = Entity.index(entity);
        removeRow(archetypeOf[slot], rowOf[slot]);
        freeSlot(slot);
    }

    /** @return the trait with world id {@code id} */
    Trait<?> traitById(int id) {
        return traitsById.get(id);
    }

    // ---- bulk removal and forgetting (cold paths) ----

    /** @return whether a query iterates (a callback is on the stack) */
    boolean isIterating() {
        return depth > 0;
    }

    void requireNotIterating(String operation) {
        if (depth > 0) {
            throw new IllegalStateException(operation + ": cannot run while a query is iterating this world");
        }
    }

    /**
     * Removes a trait from every live entity that has it and whose value passes the filter.
     *
     * @return how many components were removed
     */
    @SuppressWarnings("unchecked")
    <T> int removeWhere(Trait<T> trait, java.util.function.Predicate<? super T> which, String operation) {
        requireNotIterating(operation);
        int id = knownTraitId(trait);
        if (id < 0) {
            return 0;
        }
        int removed = 0;
        for (int i = 0, n = archetypes.size(); i < n; i++) {
            Archetype from = archetypes.get(i);
            int column = from.columnOf(id);
            if (column < 0 || from.size == 0) {
                continue;
            }
            Archetype to = withoutTrait(from, id);
            // From the last row down: a removal swaps the last row into this one, which was checked.
            for (int row = from.size - 1; row >= 0; row--) {
                if (row >= from.size) {
                    continue;
                }
                long entity = from.entities[row];
                if (which == null || which.test((T) from.columns[column][row])) {
                    move(entity, Entity.index(entity), from, to);
                    changes.removedOne(id, entity);
                    removed++;
                }
            }
        }
        return removed;
    }

    /**
     * Lists the live entities that have the trait and whose value passes the filter (cold path:
     * allocates).
     *
     * @param which the filter, or null for every entity that has the trait
     * @return the handles
     */
    @SuppressWarnings("unchecked")
    <T> long[] entitiesWith(Trait<T> trait, java.util.function.Predicate<? super T> which) {
        int id = knownTraitId(trait);
        if (id < 0) {
            return new long[0];
        }
        long[] out = new long[16];
        int n = 0;
        for (Archetype a : archetypes) {
            int column = a.columnOf(id);
            if (column < 0) {
                continue;
            }
            for (int row = 0; row < a.size; row++) {
                long e = a.entities[row];
                if (e != Entity.NONE && (which == null || which.test((T) a.columns[column][row]))) {
                    if (n == out.length) {
                        out = Arrays.copyOf(out, n * 2);
                    }
                    out[n++] = e;
                }
            }
        }
        return Arrays.copyOf(out, n);
    }

    /**
     * Removes the trait from every entity and drops every reference to it: its id is retired (a later
     * use gets a new id), the tables that had it keep a placeholder, cached queries naming it are
     * dropped.
     *
     * @return how many components were removed
     */
    int forget(Trait<?> trait, String operation) {
        requireNotIterating(operation);
        int id = knownTraitId(trait);
        if (id < 0) {
            return 0;
        }
        int removed = removeWhere(trait, null, operation);
        changes.untrack(id);
        traitIds.remove(trait);
        traitsById.set(id, FORGOTTEN);
        TraitId cached = trait.cachedId;
        if (cached != null && cached.owner() == token) {
            trait.cachedId = null; // the id is retired: a later use gets a new one
        }
        for (Archetype a : archetypes) {
            int column = a.columnOf(id);
            if (column >= 0) {
                a.traits[column] = FORGOTTEN;
            }
        }
        queries.keySet().removeIf(q -> q.allOf().contains(trait) || q.noneOf().contains(trait));
        return removed;
    }

    /** @return the traits at least one live entity has, in trait id order */
    List<Trait<?>> entityTraits() {
        boolean[] used = new boolean[traitsById.size()];
        for (Archetype a : archetypes) {
            if (a.size - a.holes > 0) {
                for (int id : a.traitIds) {
                    used[id] = true;
                }
            }
        }
        List<Trait<?>> out = new ArrayList<>();
        for (int id = 0; id < used.length; id++) {
            if (used[id] && traitsById.get(id) != FORGOTTEN) {
                out.add(traitsById.get(id));
            }
        }
        return out;
    }

    /** @return every trait the store refers to (tables, queries), in trait id order */
    List<Trait<?>> knownTraits() {
        List<Trait<?>> out = new ArrayList<>(traitsById.size());
        for (Trait<?> t : traitsById) {
            if (t != FORGOTTEN) {
                out.add(t);
            }
        }
        return out;
    }

    // ---- queries and iteration ----

    QueryResult query(Query query) {
        Objects.requireNonNull(query, "World.query: query is null");
        QueryResult result = queries.get(query);
        if (result == null) {
            QueryState state = new QueryState(query, this);
            if (state.filterIds != null) {
                for (int id : state.filterIds) {
                    changes.track(id);
                }
            }
            result = new QueryResult(this, state);
            queries.put(query, result);
        }
        return result;
    }

    /** Starts an iteration: refreshes the matched archetypes and takes a pooled cursor. */
    Cursor begin(QueryState state) {
        state.refresh(archetypes);
        if (depth == cursors.length) {
            cursors = Arrays.copyOf(cursors, depth + 1);
            cursors[depth] = new Cursor();
        }
        Cursor c = cursors[depth++];
        c.start(state);
        return c;
    }

    /**
     * Starts an iteration that finds its entities through a change log rather than the tables: takes a
     * pooled cursor that claims no table rows (so structural moves add nothing to its pending list).
     */
    Cursor beginLog(QueryState state) {
        if (depth == cursors.length) {
            cursors = Arrays.copyOf(cursors, depth + 1);
            cursors[depth] = new Cursor();
        }
        Cursor c = cursors[depth++];
        c.startEmpty(state);
        return c;
    }

    /** Ends an iteration; the outermost one compacts the holes left by removals. */
    void end(Cursor c) {
        c.finish();
        depth--;
        if (depth == 0 && changes.any()) {
            changes.iterationsEnded();
        }
        if (depth == 0 && !dirty.isEmpty()) {
            for (Archetype a : dirty) {
                compact(a);
            }
            dirty.clear();
        }
    }

    private void compact(Archetype a) {
        int w = 0;
        int used = a.size + a.staged; // staged rows (never holes) follow the committed ones down
        for (int r = 0; r < used; r++) {
            long e = a.entities[r];
            if (e == Entity.NONE) {
                continue;
            }
            if (w != r) {
                a.copyRow(r, w);
                rowOf[Entity.index(e)] = w;
            }
            w++;
        }
        for (int r = w; r < used; r++) {
            a.clearRow(r);
        }
        a.size = w - a.staged;
        a.holes = 0;
        a.dirty = false;
    }

    /** @return the archetype of a live entity (for pending visits), or null if it is not alive */
    Archetype archetypeOfLive(long entity) {
        return isAlive(entity) ? archetypeOf[Entity.index(entity)] : null;
    }

    int rowOfLive(long entity) {
        return rowOf[Entity.index(entity)];
    }

    List<Archetype> archetypes() {
        return archetypes;
    }

    /** Key of an archetype: its sorted trait ids. */
    private record ArchetypeKey(int[] ids) {
        @Override
        public boolean equals(Object o) {
            return o instanceof ArchetypeKey k && Arrays.equals(ids, k.ids);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(ids);
        }
    }
}
