package dev.orrery.world;

import java.util.Arrays;

/**
 * The trait events of one world that schedules deliver to their observers: which entities got,
 * lost or changed a watched trait, recorded while some schedule watches that trait, in the order they
 * happened. Obtained with {@link World#traitEvents()}: one object per world, for the life of the world.
 * Driven by schedules' executors; game code declares observers on its schedule instead.
 *
 * <p>What is recorded, for a watched trait and kind:
 * <ul>
 *   <li>{@link Kind#ADD} and {@link Kind#REMOVE}: a publish of the world's transaction gave the
 *       entity the trait (an add, a spawn with it) or took it (a remove, a destroy of an entity that
 *       had it), or such a call outside a transaction did at once; at most one per entity and trait
 *       per publish;</li>
 *   <li>{@link Kind#CHANGE}: the entity's value of the trait was replaced ({@code World.set} of a
 *       trait it has, or a publish re-adding it with a value) or marked changed
 *       ({@code World.markChanged}); at most once per entity and trait between two {@link #clear()}
 *       calls.</li>
 * </ul>
 * Nothing is recorded while no trait is watched (one boolean read per report). A discard of the
 * transaction clears the events, so a discarded transaction yields none. The trait of an event is
 * given by its index in this world ({@link #watch}'s result), not by the trait object, so the record
 * keeps no reference to code. Delivery: the world calls the installed {@link Delivery} after every
 * publish, and outside a transaction after every immediate change, while events are pending; a world
 * reset or entity restore clears them.
 *
 * <p>Implementation notes: schedules watch while they are attached to the world (from their first
 * run call or {@code Schedule.attach} until replaced or detached), so a steady game neither watches
 * nor unwatches and nothing allocates once the arrays have grown; the events are plain parallel
 * arrays (entity, trait index, kind), appended in report order.
 *
 * <p><b>Threading:</b> confined to the world's thread, like the world.
 *
 * @since 0.1
 */
public final class TraitEvents {
    /** What happened to an entity's trait. */
    public enum Kind {
        /** A publish gave the entity the trait. */
        ADD,
        /** A publish took the trait from the entity (or destroyed the entity with it). */
        REMOVE,
        /** The entity's value of the trait was replaced or marked changed. */
        CHANGE
    }

    /**
     * Who delivers the recorded events to observers: the world calls it right after every publish of
     * its transaction (a phase's end, a barrier, a requested commit, the close of the outermost scope)
     * and, outside a transaction, right after every structural call and value change, whenever events
     * are pending. Installed by schedules' executors ({@link #setDelivery}); it may publish again
     * (follow-up rounds), in which case the world calls it again from inside, and it must return at
     * once then.
     */
    @FunctionalInterface
    public interface Delivery {
        /** Events are pending after a publish (or an immediate change outside a transaction). */
        void deliver();
    }

    /**
     * Installs who delivers the events (one per world; schedules' executors install theirs on first use).
     *
     * @param delivery the delivery, or null for none
     */
    public void setDelivery(Delivery delivery) {
        this.delivery = delivery;
    }

    /** @return the installed delivery, or null */
    public Delivery delivery() {
        return delivery;
    }

    /**
     * @return a counter bumped each time the world forgets a watched trait ({@link World#forget}): a
     *     watcher whose watches were opened under another value watches again to get the trait's new index
     */
    public int generation() {
        return generation;
    }

    /**
     * @param traitIndex a trait's index, as {@link #watch} returned it
     * @param kind the kind
     * @return whether a watch of that kind is open on it
     */
    public boolean isWatched(int traitIndex, Kind kind) {
        int k = traitIndex * 3 + kind.ordinal();
        return traitIndex >= 0 && traitIndex < mask.length && counts[k] > 0;
    }

    /** Right after a publish, or an immediate change outside a transaction: delivers what is pending. */
    void afterPublish() {
        if (size > 0 && delivery != null) {
            delivery.deliver();
        }
    }

    /** The world forgot the trait with this id (it is retired): its watchers watch again. */
    void forgotten(int id) {
        if (id < mask.length && mask[id] != 0) {
            generation++;
        }
    }

    private static final int ADD_BIT = 1;
    private static final int REMOVE_BIT = 2;
    private static final int CHANGE_BIT = 4;

    private final EntityStore store;
    /** Told after a publish when events are pending; null for none. */
    private Delivery delivery;
    /** Bumped when the world forgets a trait that was watched: watchers watch again. */
    private int generation;
    /** Whether any trait is watched: the one check every report makes. */
    boolean watching;
    /** Per trait id: the bits of the kinds watched. */
    private byte[] mask = new byte[0];
    /** Per trait id times 3 plus kind: how many watches are open. */
    private int[] counts = new int[0];
    private int totalWatches;
    /** The ids with a non-zero mask. */
    private int[] watchedIds = new int[0];
    private int watchedCount;
    /**
     * Per trait id ever watched for changes: the epoch in which each entity slot last recorded a
     * change. Kept when the watch ends (a schedule attached again reuses it).
     */
    private int[][] changeMarks = new int[0][];
    private int epoch = 1;

    private long[] entities = new long[16];
    private int[] traits = new int[16];
    private byte[] kinds = new byte[16];
    private int size;

    TraitEvents(EntityStore store) {
        this.store = store;
    }

    /**
     * Starts recording one kind of event of a trait (watches count: each needs its {@link #unwatch}).
     *
     * @param trait the trait; not null
     * @param kind the kind; not null
     * @return the trait's index in this world, as events report it ({@link #traitIndex(int)})
     */
    public int watch(Trait<?> trait, Kind kind) {
        java.util.Objects.requireNonNull(trait, "TraitEvents.watch: trait is null");
        java.util.Objects.requireNonNull(kind, "TraitEvents.watch: kind is null");
        int id = store.traitId(trait);
        if (id >= mask.length) {
            int n = Math.max(id + 1, mask.length * 2);
            mask = Arrays.copyOf(mask, n);
            counts = Arrays.copyOf(counts, n * 3);
            changeMarks = Arrays.copyOf(changeMarks, n);
        }
        if (counts[id * 3 + kind.ordinal()]++ == 0) {
            if (mask[id] == 0) {
                if (watchedCount == watchedIds.length) {
                    watchedIds = Arrays.copyOf(watchedIds, Math.max(4, watchedCount * 2));
                }
                watchedIds[watchedCount++] = id;
            }
            mask[id] |= (byte) (1 << kind.ordinal());
            if (kind == Kind.CHANGE && changeMarks[id] == null) {
                changeMarks[id] = new int[16];
            }
        }
        totalWatches++;
        watching = true;
        return id;
    }

    /**
     * Ends one watch begun with {@link #watch}. When the last watch ends, the events are cleared.
     *
     * @param traitIndex what {@link #watch} returned
     * @param kind the kind it was given
     * @throws IllegalStateException if no such watch is open
     */
    public void unwatch(int traitIndex, Kind kind) {
        int k = traitIndex * 3 + kind.ordinal();
        if (traitIndex < 0 || traitIndex >= mask.length || counts[k] == 0) {
            throw new IllegalStateException("TraitEvents.unwatch: no " + kind + " watch is open on trait index "
                    + traitIndex);
        }
        if (--counts[k] == 0) {
            mask[traitIndex] &= (byte) ~(1 << kind.ordinal());
            if (mask[traitIndex] == 0) {
                int w = 0;
                for (int i = 0; i < watchedCount; i++) {
                    if (watchedIds[i] != traitIndex) {
                        watchedIds[w++] = watchedIds[i];
                    }
                }
                watchedCount = w;
            }
        }
        if (--totalWatches == 0) {
            watching = false;
            clear();
        }
    }

    /** @return whether some trait is watched */
    public boolean isWatching() {
        return watching;
    }

    /** @return how many events are recorded */
    public int size() {
        return size;
    }

    /**
     * @param i an event's position, from 0 to {@link #size()} - 1 (not checked beyond the array's bounds)
     * @return its entity (for {@link Kind#REMOVE}, possibly dead)
     */
    public long entity(int i) {
        return entities[i];
    }

    /**
     * @param i an event's position
     * @return its trait's index in this world (see {@link #watch})
     */
    public int traitIndex(int i) {
        return traits[i];
    }

    /**
     * @param i an event's position
     * @return its kind
     */
    public Kind kind(int i) {
        return switch (kinds[i]) {
            case 0 -> Kind.ADD;
            case 1 -> Kind.REMOVE;
            default -> Kind.CHANGE;
        };
    }

    /** Drops every recorded event; a later change of an entity is recorded again. */
    public void clear() {
        size = 0;
        if (++epoch == 0) {
            for (int[] marks : changeMarks) {
                if (marks != null) {
                    Arrays.fill(marks, 0);
                }
            }
            epoch = 1;
        }
    }

    // ---- reports (package-private: the entity store and the staged changes) ----

    /** The live entity in {@code slot} changed its value of trait {@code id}. */
    void changed(int id, long entity, int slot) {
        if (id >= mask.length || (mask[id] & CHANGE_BIT) == 0) {
            return;
        }
        int[] marks = changeMarks[id];
        if (slot >= marks.length) {
            marks = changeMarks[id] = Arrays.copyOf(marks, Math.max(slot + 1, marks.length * 2));
        }
        if (marks[slot] == epoch) {
            return;
        }
        marks[slot] = epoch;
        push(entity, id, Kind.CHANGE);
    }

    /** The live entity got trait {@code id} at once (outside a transaction). */
    void added(int id, long entity) {
        if (id < mask.length && (mask[id] & ADD_BIT) != 0) {
            push(entity, id, Kind.ADD);
        }
    }

    /** The entity lost trait {@code id} at once (outside a transaction). */
    void removed(int id, long entity) {
        if (id < mask.length && (mask[id] & REMOVE_BIT) != 0) {
            push(entity, id, Kind.REMOVE);
        }
    }

    /** The entity got every trait of table {@code a} (a published spawn). */
    void addedAll(Archetype a, long entity) {
        for (int k = 0; k < watchedCount; k++) {
            int id = watchedIds[k];
            if ((mask[id] & ADD_BIT) != 0 && a.hasTrait(id)) {
                push(entity, id, Kind.ADD);
            }
        }
    }

    /** The entity lost every trait of table {@code a} (a published destroy). */
    void removedAll(Archetype a, long entity) {
        for (int k = 0; k < watchedCount; k++) {
            int id = watchedIds[k];
            if ((mask[id] & REMOVE_BIT) != 0 && a.hasTrait(id)) {
                push(entity, id, Kind.REMOVE);
            }
        }
    }

    /** A publish moved the entity from {@code from} to {@code to}; see {@link WorldChanges#moved}. */
    void moved(Archetype from, Archetype to, long entity, int slot, StagedChanges staged, int r) {
        for (int k = 0; k < watchedCount; k++) {
            int id = watchedIds[k];
            boolean had = from.hasTrait(id);
            boolean has = to.hasTrait(id);
            if (has && !had) {
                if ((mask[id] & ADD_BIT) != 0) {
                    push(entity, id, Kind.ADD);
                }
            } else if (had && !has) {
                if ((mask[id] & REMOVE_BIT) != 0) {
                    push(entity, id, Kind.REMOVE);
                }
            } else if (had && staged.holdsValue(r, id)) {
                changed(id, entity, slot);
            }
        }
    }

    private void push(long entity, int id, Kind kind) {
        if (size == entities.length) {
            int n = size * 2;
            entities = Arrays.copyOf(entities, n);
            traits = Arrays.copyOf(traits, n);
            kinds = Arrays.copyOf(kinds, n);
        }
        entities[size] = entity;
        traits[size] = id;
        kinds[size] = (byte) kind.ordinal();
        size++;
    }
}
