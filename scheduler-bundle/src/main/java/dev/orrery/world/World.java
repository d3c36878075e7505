package dev.orrery.world;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An ECS world: the data that systems read and write.
 *
 * <p>World traits are singletons of the world, keyed by {@link Trait} identity: {@link #add(Trait)},
 * {@link #has(Trait)}, {@link #get(Trait)}, {@link #set(Trait, Object)}, {@link #remove(Trait)},
 * {@link #reset()}. Schedules keep their per-world state in world traits, so that state follows the
 * world, not the schedule.
 *
 * <p><b>Threading:</b> a world is confined to one thread, the thread that runs its schedules (in the
 * Orrery host, the frame thread). It is not synchronized; other threads hand work to that thread.
 */
public final class World {
    private final Map<Trait<?>, TraitRef<?>> refs = new IdentityHashMap<>();

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
        Objects.requireNonNull(value, () -> "World.add: value of trait '" + trait.name() + "' is null");
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
        TraitRef<?> ref = refs.get(Objects.requireNonNull(trait, "trait"));
        return ref != null && ref.value != null;
    }

    /**
     * @param trait the trait; not null
     * @param <T> the value type
     * @return the trait's value, or {@code null} if this world does not have it
     */
    @SuppressWarnings("unchecked")
    public <T> T get(Trait<T> trait) {
        TraitRef<?> ref = refs.get(Objects.requireNonNull(trait, "trait"));
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
        Objects.requireNonNull(value, () -> "World.set: value of trait '" + trait.name() + "' is null");
        ref(trait).value = value;
    }

    /**
     * Removes the trait from this world; does nothing if the world lacks it.
     *
     * @param trait the trait; not null
     */
    public void remove(Trait<?> trait) {
        TraitRef<?> ref = refs.get(Objects.requireNonNull(trait, "trait"));
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
        Objects.requireNonNull(trait, "trait");
        return (TraitRef<T>) refs.computeIfAbsent(trait, TraitRef::new);
    }

    /**
     * Removes every world trait (and every entity). References from {@link #ref(Trait)} stay valid
     * and read {@code null} until the trait is added again. Schedules re-add their state lazily with
     * defaults (SCH-065).
     */
    public void reset() {
        for (TraitRef<?> ref : refs.values()) {
            ref.value = null;
        }
    }
}
