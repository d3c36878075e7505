package dev.orrery.world;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * An ECS world: the data that systems read and write.
 *
 * <p>World traits are singletons of the world, keyed by {@link Trait} identity: {@link #add(Trait)},
 * {@link #has(Trait)}, {@link #get(Trait)}, {@link #set(Trait, Object)}, {@link #remove(Trait)},
 * {@link #reset()}. Schedules keep their per-world state in world traits, so that state follows the
 * world, not the schedule.
 *
 * <p>Entities are {@code long} handles (see {@link Entity}) that carry traits as components, one value
 * per trait: {@link #spawn(TraitValue...)}, {@link #destroy(long)}, {@link #isAlive(long)},
 * {@link #add(long, Trait)}, {@link #has(long, Trait)}, {@link #get(long, Trait)},
 * {@link #set(long, Trait, Object)}, {@link #remove(long, Trait)}. Every entity method checks the
 * handle's generation and world tag (one comparison, see {@link Entity}, "Layout") and throws
 * {@link IllegalArgumentException} for an entity that is not alive or that another world spawned
 * (message e.g. {@code World.get: entity 5v1 belongs to another world}), so a stale handle never
 * reaches an entity that reuses its slot and a handle of world A never reaches an entity of world B
 * (of the last 127 worlds created; see {@link Entity#WORLD_TAGS}). Queries: {@link #query(Query)}, with the
 * iteration semantics of {@link QueryResult}. Storage is delegated to archetype tables (package
 * Javadoc says why).
 *
 * <p><b>Structural transactions.</b> While a schedule runs on the world (inside its {@code run},
 * {@code runPhase} or {@code runPhases} call, see {@link #isStaging()}), each phase is one structural
 * transaction. Structural calls — {@link #spawn(TraitValue...) spawn}, {@link #destroy(long) destroy},
 * {@link #add(long, Trait, Object) add} and {@link #remove(long, Trait) remove} of an entity trait,
 * and a {@link #set(long, Trait, Object) set} that adds a trait — made by systems, run conditions,
 * init functions and observers are <em>staged</em>: {@link #query(Query) queries},
 * {@link #has(long, Trait) has}, {@link #get(long, Trait) get}, {@link #traitsOf(long) traitsOf} and
 * {@link #entityCount()} keep seeing the committed state, and the schedule <em>publishes</em> the
 * transaction when the phase ends (before the next phase's first system), at a system's declared
 * barrier ({@code commitBefore}/{@code commitAfter}) or after a system that called
 * {@link #enqueueCommit()}. Publishing applies the net effect of all staged calls with at most one
 * table change per entity (add A, add B, remove A is one move to {B}; a spawn with later adds is one
 * insertion). A staged spawn returns its final handle at once: {@link #isAlive(long)} is true for it,
 * later staged calls may use it and values may store it, and it carries its traits from the publish
 * on. A staged call on an entity that the same transaction destroyed ({@link #isPendingDestroy(long)})
 * is skipped at the publish and counted, with at most one WARNING per frame naming the system that
 * staged it (strict mode, {@link WorldTransaction#setStrict(boolean)}, fails the publish instead).
 * When a system, condition or init function throws, everything staged since the last publish is
 * discarded: the live entities, their traits and tables are exactly those of the last publish, and
 * the handles of staged spawns are released. Outside a schedule's run the same calls apply at once.
 *
 * <p><b>Not staged</b> (they apply at once, inside a transaction too): a {@code set} of a trait the
 * entity already has, a change to a value object in place, and every world-trait call
 * ({@link #add(Trait)}, {@link #set(Trait, Object)}, {@link #remove(Trait)} …). The transaction
 * protects the engine's invariants (which entities exist, with which traits, in which tables), not
 * the game's: a system that threw half-way through a query may have updated half of its values, and
 * those writes stay. Counters: {@link #commitStats()}.
 *
 * <p><b>Change detection.</b> Queries may select the entities whose trait was added or changed since
 * the querying system last ran ({@link Query.Builder#added}, {@link Query.Builder#changed}), and
 * {@link #removed(Trait)} lists the entities that lost a trait since then. A {@code set} of an
 * entity's trait marks it changed, a published add marks it added (and changed), and
 * {@link #markChanged(long, Trait)} marks a value changed in place. Ticks are counted per world by a
 * 64-bit clock that never wraps; the world records changes only for the traits some query or
 * {@code removed} call asked about, so the rest costs nothing. Executors tell the world which system
 * runs through {@link #systemContexts()}.
 *
 * <p><b>Listing, bulk removal, unloading code</b> (cold paths, for hosts and devtools; they allocate
 * and scan, so never call them per frame): {@link #worldTraits()} lists the world traits present,
 * {@link #entityTraits()} the traits that live entities carry, {@link #knownTraits()} every trait
 * the world refers to; {@link #removeFromEntities(Trait)} and
 * {@link #removeFromEntities(Trait, Predicate)} remove a trait from every entity (whose value
 * matches); {@link #forget(Trait)} removes a trait everywhere and drops every reference the world
 * keeps to it. None of them may run while a query iterates ({@link #isIterating()}). Dropping
 * everything that belongs to code being unloaded (a bundle that is uninstalled or updated) is built
 * on these, outside the world. All but {@code removeFromEntities} (which stages one remove per
 * entity) refuse to run inside a transaction ({@link #isStaging()}).
 *
 * <p><b>Messages.</b> {@link #send(MessageType, Object) send} a value of a {@link MessageType} from
 * anywhere on the world's thread; a system that declares the type
 * ({@code EcsSystem.Builder.readsMessages}) reads, with {@link #messages(MessageType)} inside its run
 * function, every message sent since its previous read, in send order, exactly once. A message is
 * dropped as soon as every registered reader has read it, or when its type's maximum age in frames
 * has passed (a <em>frame</em> is one outermost {@code Schedule.run} call on the world; a nested run
 * from inside a system, and {@code runPhase}/{@code runPhases}, are not new frames). Counters:
 * {@link #messageStats()}; details in {@link MessageBus}.
 *
 * <p><b>Observers.</b> The observers of the schedules attached to the world ({@code EcsObserver};
 * a schedule attaches on its first run call on the world, or with {@code Schedule.attach}) fire at every
 * publish of its transaction, and, outside a transaction, at once after each structural call,
 * {@code set} and {@link #markChanged}: an add, a remove, a spawn or destroy, a value change. The bulk
 * tool operations {@link #reset()} and {@link #restoreEntities} fire none. See {@link TraitEvents}.
 *
 * <p>A null trait throws a {@link NullPointerException} whose message names the method and says the
 * trait is null, e.g. {@code World.has: trait is null}.
 *
 * <p><b>Threading:</b> a world is confined to one thread, the thread that runs its schedules (in the
 * Orrery host, the frame thread). It is not synchronized; other threads hand work to that thread.
 * Schedules check the confinement of their run calls ({@link #runConfinement()}): a run call on the
 * world from a second thread while one is inside a run call on it throws an
 * {@link IllegalStateException} naming both threads, before it changes anything. The world's own
 * methods are not checked (that would cost every call).
 *
 * @since 0.1
 */
public final class World {
    private final Map<Trait<?>, TraitRef<?>> refs = new IdentityHashMap<>();
    private final EntityStore entities = new EntityStore();
    private final WorldTransaction transaction = new WorldTransaction(entities);
    private final RunConfinement confinement = new RunConfinement();
    private final SystemContexts systemContexts = new SystemContexts(entities.changes());
    private final MessageBus messages = new MessageBus();

    /** Creates an empty world. */
    public World() {
    }

    /**
     * Adds a world trait with its default value ({@link Trait#createDefault()}), unless the world
     * already has it, in which case nothing changes.
     *
     * @param trait the trait; not null
     * @param <T> the value type
     * @return the trait's value in this world (the existing one, or the new default)
     */
    public <T> T add(Trait<T> trait) {
        Objects.requireNonNull(trait, "World.add: trait is null");
        TraitRef<T> ref = ref(trait);
        if (ref.value == null) {
            ref.value = trait.createDefault();
        }
        return ref.value;
    }

    /**
     * Adds a world trait with the given value, unless the world already has it, in which case nothing
     * changes.
     *
     * @param trait the trait; not null
     * @param value the initial value; not null
     * @param <T> the value type
     * @return the trait's value in this world
     */
    public <T> T add(Trait<T> trait, T value) {
        Objects.requireNonNull(trait, "World.add: trait is null");
        if (value == null) { // not requireNonNull(value, supplier): the capturing lambda would allocate per call
            throw new NullPointerException("World.add: value of trait '" + trait.name() + "' is null");
        }
        TraitRef<T> ref = ref(trait);
        if (ref.value == null) {
            ref.value = value;
        }
        return ref.value;
    }

    /**
     * @param trait the trait; not null
     * @return whether this world has the trait
     */
    public boolean has(Trait<?> trait) {
        TraitRef<?> ref = refs.get(Objects.requireNonNull(trait, "World.has: trait is null"));
        return ref != null && ref.value != null;
    }

    /**
     * @param trait the trait; not null
     * @param <T> the value type
     * @return the trait's value, or {@code null} if this world does not have it
     */
    @SuppressWarnings("unchecked")
    public <T> T get(Trait<T> trait) {
        TraitRef<?> ref = refs.get(Objects.requireNonNull(trait, "World.get: trait is null"));
        return ref == null ? null : (T) ref.value;
    }

    /**
     * Replaces the trait's value, adding the trait if the world lacks it.
     *
     * @param trait the trait; not null
     * @param value the new value; not null
     * @param <T> the value type
     * @throws NullPointerException if {@code value} is null
     */
    public <T> void set(Trait<T> trait, T value) {
        Objects.requireNonNull(trait, "World.set: trait is null");
        if (value == null) { // not requireNonNull(value, supplier): the capturing lambda would allocate per call
            throw new NullPointerException("World.set: value of trait '" + trait.name() + "' is null");
        }
        ref(trait).value = value;
    }

    /**
     * Removes the trait from this world; does nothing if the world lacks it.
     *
     * @param trait the trait; not null
     */
    public void remove(Trait<?> trait) {
        TraitRef<?> ref = refs.get(Objects.requireNonNull(trait, "World.remove: trait is null"));
        if (ref != null) {
            ref.value = null;
        }
    }

    /**
     * Returns the live reference to a world trait of this world, creating it on first request. The
     * same object is returned for the life of this world. Requesting a reference does not add the
     * trait.
     *
     * @param trait the trait; not null
     * @param <T> the value type
     * @return the reference
     */
    @SuppressWarnings("unchecked")
    public <T> TraitRef<T> ref(Trait<T> trait) {
        Objects.requireNonNull(trait, "World.ref: trait is null");
        return (TraitRef<T>) refs.computeIfAbsent(trait, TraitRef::new);
    }

    /**
     * Removes every world trait, destroys every entity and drops every message held (readers, types
     * and message counters stay). References from {@link #ref(Trait)} stay
     * valid and read {@code null} until the trait is added again. Schedules re-add their state lazily
     * with defaults (SCH-065). Handles of the destroyed entities stay invalid: slots are reused with a
     * new generation. Query objects from {@link #query(Query)} stay valid and see no entities until new
     * ones are spawned.
     *
     * @throws IllegalStateException if called while a query of this world is iterating (from inside a
     *     {@link QueryResult} callback); nothing is cleared then
     */
    public void reset() {
        transaction.requireClosed("World.reset");
        entities.reset();
        entities.changes().events.clear(); // a reset world is a new world: no observer fires for it
        for (TraitRef<?> ref : refs.values()) {
            ref.value = null;
        }
        messages.clear();
    }

    // ---- listing, bulk removal, unloading code (cold paths) ----

    /**
     * @return the world traits this world has now (value present), in an unspecified order; a new
     *     unmodifiable list
     */
    public List<Trait<?>> worldTraits() {
        List<Trait<?>> out = new ArrayList<>();
        for (TraitRef<?> ref : refs.values()) {
            if (ref.value != null) {
                out.add(ref.trait());
            }
        }
        return Collections.unmodifiableList(out);
    }

    /**
     * @return the traits that at least one live entity has, in an unspecified order; a new unmodifiable
     *     list
     */
    public List<Trait<?>> entityTraits() {
        return Collections.unmodifiableList(entities.entityTraits());
    }

    /**
     * Removes a trait from every entity that has it.
     *
     * @param trait the trait; not null
     * @return how many entities lost it
     * @throws IllegalStateException if called while a query of this world is iterating; nothing is
     *     removed then
     */
    public int removeFromEntities(Trait<?> trait) {
        Objects.requireNonNull(trait, "World.removeFromEntities: trait is null");
        if (transaction.depth > 0) {
            return stageRemoveFromEntities(trait, null);
        }
        int n = entities.removeWhere(trait, null, "World.removeFromEntities");
        appliedAtOnce();
        return n;
    }

    /**
     * Removes a trait from every entity whose value of it matches.
     *
     * @param trait the trait; not null
     * @param which which values to remove; called once per entity that has the trait
     * @param <T> the value type
     * @return how many entities lost it
     * @throws IllegalStateException if called while a query of this world is iterating; nothing is
     *     removed then
     */
    public <T> int removeFromEntities(Trait<T> trait, Predicate<? super T> which) {
        Objects.requireNonNull(which, "which");
        Objects.requireNonNull(trait, "World.removeFromEntities: trait is null");
        if (transaction.depth > 0) {
            return stageRemoveFromEntities(trait, which);
        }
        int n = entities.removeWhere(trait, which, "World.removeFromEntities");
        appliedAtOnce();
        return n;
    }

    /** Inside a transaction: one staged remove per committed entity that has the trait (and passes). */
    private <T> int stageRemoveFromEntities(Trait<T> trait, Predicate<? super T> which) {
        int n = 0;
        for (long e : entities.entitiesWith(trait, which)) {
            if (!transaction.staged.isPendingDestroy(e)) {
                transaction.staged.remove(e, trait);
                n++;
            }
        }
        return n;
    }

    /**
     * Removes a trait from this world for good: the world trait, the component of every entity, and
     * every reference the world keeps to the trait object (its reference from {@link #ref(Trait)}, its
     * place in the entity tables, the cached results of queries that name it). Afterwards the world
     * holds nothing that reaches the trait or its default factory. Using the trait again works as for
     * a trait the world never saw; a {@link TraitRef} or {@link QueryResult} obtained before is
     * detached (it no longer sees this world's value or entities of that trait): obtain it again.
     *
     * @param trait the trait; not null
     * @return how many entities lost it
     * @throws IllegalStateException if called while a query of this world is iterating; nothing is
     *     removed then
     */
    public int forget(Trait<?> trait) {
        Objects.requireNonNull(trait, "World.forget: trait is null");
        transaction.requireClosed("World.forget");
        int removed = entities.forget(trait, "World.forget");
        refs.remove(trait);
        return removed;
    }

    /**
     * Whether a query of this world is iterating now: a {@link QueryResult} callback is running. The
     * bulk operations ({@link #reset()}, {@link #removeFromEntities}, {@link #forget}) throw then; a
     * caller that chains several of them checks this first, so that nothing is changed when one would
     * throw.
     *
     * @return the flag
     */
    public boolean isIterating() {
        return entities.isIterating();
    }

    /**
     * Every trait this world refers to: the world traits it has or handed out a {@link #ref(Trait)} for,
     * the traits of its entity tables (also of tables without live entities) and those named by its
     * cached queries. What {@link #forget(Trait)} would drop references to; a cold path for hosts that
     * drop the traits of unloaded code.
     *
     * @return the traits, each once, in an unspecified order; a new unmodifiable list
     */
    public List<Trait<?>> knownTraits() {
        Set<Trait<?>> known = Collections.newSetFromMap(new IdentityHashMap<>());
        known.addAll(entities.knownTraits());
        known.addAll(refs.keySet());
        return List.copyOf(known);
    }

    // ---- snapshots (cold paths) ----

    /**
     * The entity allocator as a value, for snapshots: with it, {@link #restoreEntities} reproduces
     * every handle and the handles of later spawns.
     *
     * @return the allocator state
     * @throws IllegalStateException inside a transaction ({@link #isStaging()}): staged spawns hold
     *     reserved slots
     */
    public AllocatorState allocatorState() {
        transaction.requireClosed("World.allocatorState");
        return entities.allocatorState();
    }

    /**
     * Copies the entity tables for a snapshot: per table with live entities, its traits, the handles of
     * its entities and, for each trait {@code columns} accepts, the references to its values, row by
     * row. The values are shared, not copied; the copy is the caller's (see {@link TableCopy}). Costs
     * one array copy per table and accepted column, and calls {@code columns} once per table and trait.
     *
     * @param columns which traits' values to copy; called on this thread
     * @return the tables, in an unspecified but stable order; a new list
     * @throws IllegalStateException inside a transaction ({@link #isStaging()}) or while a query
     *     iterates ({@link #isIterating()}): the tables then hold staged rows or holes
     * @throws NullPointerException if {@code columns} is null
     * @since 0.5
     */
    public List<TableCopy> copyTables(Predicate<? super Trait<?>> columns) {
        Objects.requireNonNull(columns, "World.copyTables: columns is null");
        transaction.requireClosed("World.copyTables");
        entities.requireNotIterating("World.copyTables");
        return entities.copyTables(columns);
    }

    /**
     * Replaces every entity and the entity allocator, for restoring a snapshot: afterwards the live
     * entities are exactly {@code entities} with those values, each handle as given, later spawns take
     * the slots and generations {@code allocator} says, and this world's tag is the allocator's (so
     * handles saved with another world are handles of this one; two worlds with the same tag no longer
     * tell their handles apart, see {@link Entity#WORLD_TAGS}). World traits and messages are not
     * touched. Handles of entities destroyed by the replacement fail like any destroyed entity's.
     * Change queries see the restored entities as added.
     *
     * @param allocator the allocator to install; not null
     * @param entities the handles of the allocator's live slots, each once, in any order; not null
     * @param values per entity (same index), its trait values; no trait twice; not null
     * @throws IllegalArgumentException if the handles are not exactly the allocator's live slots, the
     *     arrays differ in length, or an entity has a trait twice; nothing is changed then
     * @throws IllegalStateException inside a transaction or while a query iterates; nothing is changed
     * @throws NullPointerException if an argument or a value is null
     */
    public void restoreEntities(AllocatorState allocator, long[] entities, TraitValue<?>[][] values) {
        transaction.requireClosed("World.restoreEntities");
        Objects.requireNonNull(allocator, "World.restoreEntities: allocator is null");
        Objects.requireNonNull(entities, "World.restoreEntities: entities is null");
        Objects.requireNonNull(values, "World.restoreEntities: values is null");
        for (int i = 0; i < values.length; i++) {
            Set<Trait<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
            for (TraitValue<?> v : Objects.requireNonNull(values[i], "World.restoreEntities: a value list is null")) {
                if (!seen.add(Objects.requireNonNull(v, "World.restoreEntities: a trait value is null").trait())) {
                    throw new IllegalArgumentException("World.restoreEntities: trait '" + v.trait().name()
                            + "' is given twice for one entity");
                }
            }
        }
        this.entities.restore(allocator, entities, values);
        this.entities.changes().events.clear(); // a restored world fires no observer (like a reset one)
    }

    // ---- entities ----

    /**
     * Spawns an entity with no traits.
     *
     * @return the new entity's handle
     */
    public long spawn() {
        if (transaction.depth > 0) {
            return transaction.staged.spawn();
        }
        long e = entities.spawn();
        appliedAtOnce();
        return e;
    }

    /**
     * Spawns an entity with the given traits and values, placed directly in its final table.
     *
     * @param values the traits and their values ({@link Trait#with(Object)}); each trait at most once
     * @return the new entity's handle
     * @throws IllegalArgumentException if a trait is given twice; the message names it (nothing is
     *     spawned)
     * @throws NullPointerException if the array or an element is null
     */
    public long spawn(TraitValue<?>... values) {
        if (transaction.depth > 0) {
            return transaction.staged.spawn(Objects.requireNonNull(values, "World.spawn: values is null"));
        }
        long e = entities.spawn(values);
        appliedAtOnce();
        return e;
    }

    /**
     * Spawns an entity with the given traits, each with a new default value
     * ({@link Trait#createDefault()}).
     *
     * @param traits the traits; each at most once
     * @return the new entity's handle
     * @throws IllegalArgumentException if a trait is given twice; the message names it (nothing is
     *     spawned)
     * @throws IllegalStateException if a default factory returns null (nothing is spawned)
     */
    public long spawn(Trait<?>... traits) {
        if (transaction.depth > 0) {
            return transaction.staged.spawn(Objects.requireNonNull(traits, "World.spawn: traits is null"));
        }
        long e = entities.spawn(traits);
        appliedAtOnce();
        return e;
    }

    /**
     * Destroys an entity: its slot is freed and will be reused with a new generation.
     *
     * @param entity a live entity
     * @throws IllegalArgumentException if the entity is not alive (destroyed, or never spawned in this
     *     world, or spawned by another world); the message names the handle and says which
     */
    public void destroy(long entity) {
        if (transaction.depth > 0) {
            entities.requireAlive(entity, "World.destroy");
            transaction.staged.destroy(entity);
            return;
        }
        entities.destroy(entity);
        appliedAtOnce();
    }

    /**
     * @param entity any handle
     * @return whether it names a live entity of this world (never throws; false for a handle of
     *     another world)
     */
    public boolean isAlive(long entity) {
        return entities.isAlive(entity);
    }

    /** @return the number of live entities */
    public int entityCount() {
        return entities.entityCount();
    }

    /**
     * Adds a trait to an entity with its default value, unless the entity has it, in which case
     * nothing changes.
     *
     * @param entity a live entity
     * @param trait the trait; not null
     * @param <T> the value type
     * @return the entity's value of the trait (the existing one, or the new default)
     * @throws IllegalArgumentException if the entity is not alive or belongs to another world; the
     *     message names it
     */
    public <T> T add(long entity, Trait<T> trait) {
        Objects.requireNonNull(trait, "World.add: trait is null");
        if (transaction.depth > 0) {
            entities.requireAlive(entity, "World.add");
            return transaction.staged.add(entity, trait, null);
        }
        T v = entities.add(entity, trait, null, "World.add");
        appliedAtOnce();
        return v;
    }

    /**
     * Adds a trait to an entity with the given value, unless the entity has it, in which case nothing
     * changes.
     *
     * @param entity a live entity
     * @param trait the trait; not null
     * @param value the initial value; not null
     * @param <T> the value type
     * @return the entity's value of the trait
     * @throws IllegalArgumentException if the entity is not alive or belongs to another world; the
     *     message names it
     * @throws NullPointerException if {@code value} is null; the message names the trait
     */
    public <T> T add(long entity, Trait<T> trait, T value) {
        Objects.requireNonNull(trait, "World.add: trait is null");
        if (value == null) { // not requireNonNull(value, supplier): the capturing lambda would allocate per call
            throw new NullPointerException("World.add: value of trait '" + trait.name() + "' for entity "
                    + Entity.toString(entity) + " is null");
        }
        if (transaction.depth > 0) {
            entities.requireAlive(entity, "World.add");
            return transaction.staged.add(entity, trait, value);
        }
        T v = entities.add(entity, trait, value, "World.add");
        appliedAtOnce();
        return v;
    }

    /**
     * @param entity a live entity
     * @param trait the trait; not null
     * @return whether the entity has the trait
     * @throws IllegalArgumentException if the entity is not alive or belongs to another world; the
     *     message names it
     */
    public boolean has(long entity, Trait<?> trait) {
        Objects.requireNonNull(trait, "World.has: trait is null");
        return entities.has(entity, trait);
    }

    /**
     * @param entity a live entity
     * @param trait the trait; not null
     * @param <T> the value type
     * @return the entity's value of the trait, or {@code null} if it lacks the trait
     * @throws IllegalArgumentException if the entity is not alive or belongs to another world; the
     *     message names it
     */
    public <T> T get(long entity, Trait<T> trait) {
        Objects.requireNonNull(trait, "World.get: trait is null");
        return entities.get(entity, trait);
    }

    /**
     * Replaces an entity's value of a trait, adding the trait if the entity lacks it.
     *
     * @param entity a live entity
     * @param trait the trait; not null
     * @param value the new value; not null
     * @param <T> the value type
     * @throws IllegalArgumentException if the entity is not alive or belongs to another world; the
     *     message names it
     * @throws NullPointerException if {@code value} is null; the message names the trait
     */
    public <T> void set(long entity, Trait<T> trait, T value) {
        Objects.requireNonNull(trait, "World.set: trait is null");
        if (transaction.depth > 0) {
            if (value == null) { // not requireNonNull(value, supplier): the capturing lambda would allocate per call
                throw new NullPointerException("World.set: value of trait '" + trait.name() + "' for entity "
                        + Entity.toString(entity) + " is null");
            }
            entities.requireAlive(entity, "World.set");
            transaction.staged.set(entity, trait, value);
            return;
        }
        entities.set(entity, trait, value);
        appliedAtOnce();
    }

    /**
     * Removes a trait from an entity; does nothing if the entity lacks it.
     *
     * @param entity a live entity
     * @param trait the trait; not null
     * @throws IllegalArgumentException if the entity is not alive or belongs to another world; the
     *     message names it
     */
    public void remove(long entity, Trait<?> trait) {
        Objects.requireNonNull(trait, "World.remove: trait is null");
        if (transaction.depth > 0) {
            entities.requireAlive(entity, "World.remove");
            transaction.staged.remove(entity, trait);
            return;
        }
        entities.remove(entity, trait);
        appliedAtOnce();
    }

    /**
     * @param entity a live entity
     * @return the traits the entity has, in an unspecified but stable order (an unmodifiable copy)
     * @throws IllegalArgumentException if the entity is not alive or belongs to another world; the
     *     message names it
     */
    public List<Trait<?>> traitsOf(long entity) {
        return entities.traitsOf(entity);
    }

    /**
     * Returns this world's result object for a query, creating it on first request; equal queries get
     * the same object for the life of this world.
     *
     * @param query the query; not null
     * @return the live, reusable result (iteration semantics: {@link QueryResult})
     */
    public QueryResult query(Query query) {
        return entities.query(query);
    }

    // ---- change detection ----

    /**
     * Marks an entity's trait changed: its value was changed in place (a field of a mutable value
     * object), which the world cannot see. Change queries ({@link Query.Builder#changed}) then select
     * the entity like after a {@link #set(long, Trait, Object) set}. Applies at once, inside a
     * transaction too; for a trait that a staged add gives the entity, the publish reports the add.
     * Costs one array read when no query filters on the trait.
     *
     * @param entity a live entity that has the trait (or will have it when the open transaction
     *     publishes)
     * @param trait the trait; not null
     * @throws IllegalArgumentException if the entity is not alive, belongs to another world, or lacks
     *     the trait; the message names the entity and the trait
     */
    public void markChanged(long entity, Trait<?> trait) {
        Objects.requireNonNull(trait, "World.markChanged: trait is null");
        if (!entities.has(entity, trait)) {
            if (transaction.depth > 0 && transaction.staged.willHave(entity, entities.traitId(trait))) {
                return;
            }
            throw new IllegalArgumentException("World.markChanged: entity " + Entity.toString(entity)
                    + " has no trait '" + trait.name() + "'");
        }
        int id = entities.traitId(trait);
        entities.changes().changed(id, entity, Entity.index(entity));
        appliedAtOnce();
    }

    /**
     * Outside a transaction a structural call or a value change applies at once, so it is a publish of
     * its own: the observers' events it recorded are delivered now ({@link TraitEvents.Delivery}).
     * Inside a transaction they wait for its next publish. One int compare and one field read.
     */
    private void appliedAtOnce() {
        if (transaction.depth == 0) {
            entities.changes().events.afterPublish();
        }
    }

    /**
     * The entities that lost a trait: it was removed from them, or they were destroyed with it (a
     * published remove or destroy, or an immediate one outside a transaction). Inside a system (while
     * a schedule runs it) the window is the time since that system's previous run; its first call
     * sees every removal recorded. Outside a system it is the time since the previous call for this
     * trait outside a system in this world. Removals are recorded from the first time the world is
     * asked about the trait (this call, or a query with a change filter on it); the world keeps each
     * removal until every system that called {@code removed} for the trait has seen it.
     *
     * @param trait the trait; not null
     * @return the removals in the window, in order (handles may name dead entities; an entity that
     *     lost the trait twice is listed twice); an immutable value
     */
    public RemovedEntities removed(Trait<?> trait) {
        Objects.requireNonNull(trait, "World.removed: trait is null");
        WorldChanges changes = entities.changes();
        TraitChanges tc = changes.track(entities.traitId(trait));
        SystemContext reader = changes.current();
        long since;
        if (!tc.recordsRemovals) {
            tc.recordsRemovals = true;
        }
        if (reader != null) {
            since = reader.lastRun;
            if (!tc.removalReaders.contains(reader)) {
                tc.removalReaders.add(reader);
            }
        } else {
            since = Math.max(tc.outsideRemovedSeen, 0);
            tc.outsideRemovedSeen = changes.advanceForOutsideReader();
        }
        return RemovedEntities.of(tc.removalsAfter(since));
    }

    /** @return the change history of the trait, or null while it is not tracked (for tests) */
    TraitChanges trackedChanges(Trait<?> trait) {
        return entities.changes().of(entities.traitId(trait));
    }

    /**
     * @return this world's per-system contexts and the running system, as driven by schedules'
     *     executors (the same object for the life of the world)
     */
    public SystemContexts systemContexts() {
        return systemContexts;
    }

    // ---- structural transactions ----

    /**
     * @return whether structural changes are staged now: a schedule runs on this world (its run call
     *     opened the world's transaction), so spawn, destroy, add and remove take effect at the next
     *     publish
     */
    public boolean isStaging() {
        return transaction.depth > 0;
    }

    /**
     * Asks for the structural changes staged so far to be published as soon as the running system
     * returns, before the next system runs; the calling system keeps its view until then. Repeated
     * requests before that coalesce into one publish. Outside a transaction it publishes at once,
     * which with nothing staged is a no-op (tests and tools may call it freely). Every publish
     * reduces batching: prefer a later phase, or a declared barrier on the consumer, when the
     * dependency is unconditional.
     */
    public void enqueueCommit() {
        transaction.requestCommit();
    }

    /**
     * @param entity any handle
     * @return whether the open transaction destroys the entity when it publishes (it is still alive
     *     and visible until then); false outside a transaction
     */
    public boolean isPendingDestroy(long entity) {
        return transaction.depth > 0 && transaction.staged.isPendingDestroy(entity);
    }

    /** @return this world's transaction counters so far (a new snapshot per call; a cold path) */
    public CommitStats commitStats() {
        return transaction.staged.stats();
    }

    /**
     * @return this world's structural transaction, as driven by schedules' executors and tools (the
     *     same object for the life of the world)
     */
    public WorldTransaction transaction() {
        return transaction;
    }

    /**
     * @return the trait events recorded for schedules' observers (the same object for the life of
     *     the world)
     */
    public TraitEvents traitEvents() {
        return entities.changes().events;
    }

    /**
     * @return which thread is inside a run call on this world, as checked by schedules (the same
     *     object for the life of the world)
     */
    public RunConfinement runConfinement() {
        return confinement;
    }

    // ---- messages ----

    /**
     * Sends a message: every system that declares the type
     * ({@code EcsSystem.Builder.readsMessages}) reads it once, on its next read
     * ({@link #messages(MessageType)}). Allowed anywhere on the world's thread: in systems, conditions,
     * observers, init functions, the host's frame tasks, outside any run. A message is sent at once; it
     * is not part of the structural transaction (a system that throws after sending leaves the message
     * sent). Allocates nothing beyond the value once the type's buffer has grown to the traffic.
     *
     * @param type the type; not null
     * @param value the message; not null
     * @param <T> the value type
     * @throws NullPointerException if an argument is null; the message names the type
     */
    public <T> void send(MessageType<T> type, T value) {
        Objects.requireNonNull(type, "World.send: type is null");
        if (value == null) { // no capturing lambda: a send allocates nothing
            throw new NullPointerException("World.send: value of message type '" + type.name() + "' is null");
        }
        messages.send(type, value);
    }

    /**
     * Reads the messages of a type for the system whose run function calls it: every message sent since
     * that system's previous read, in send order, each exactly once per reading system, however often
     * (0, 1 or several times per frame) it runs. Messages live until every registered reader has read
     * them, or at most the type's maximum age in frames ({@link MessageType#maxAgeFrames()}); what a
     * reader could not read in time is counted ({@link #messageStats(MessageType)}) with one WARNING
     * naming the reader. The result is a view, valid until the run function returns (see
     * {@link Messages}).
     *
     * @param type a type the calling system declares ({@code EcsSystem.Builder.readsMessages}); not null
     * @param <T> the value type
     * @return the messages; allocates nothing
     * @throws IllegalStateException if the caller is not the run function of a system that declares the
     *     type (another system, a condition, an init function, code outside a run); the message names
     *     the type, the system where known, and the fix
     * @throws NullPointerException if {@code type} is null
     */
    public <T> Messages<T> messages(MessageType<T> type) {
        Objects.requireNonNull(type, "World.messages: type is null");
        return messages.read(type);
    }

    /**
     * @return the message counters of every type this world has seen (a new snapshot; a cold path)
     */
    public List<MessageStats> messageStats() {
        return messages.stats();
    }

    /**
     * @param type the type; not null
     * @return its message counters in this world (a new snapshot; all zero when never used)
     */
    public MessageStats messageStats(MessageType<?> type) {
        return messages.stats(type);
    }

    /**
     * @return this world's messages, as driven by schedules' executors and tools (the same object for
     *     the life of the world)
     */
    public MessageBus messageBus() {
        return messages;
    }
}
