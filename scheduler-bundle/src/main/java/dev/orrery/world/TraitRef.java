package dev.orrery.world;

/**
 * A live reference to one world trait of one world, for hot paths (like a flecs {@code ecs_ref_t}).
 *
 * <p>Obtained once with {@link World#ref(Trait)} and kept for the life of the world: it stays valid
 * across {@link World#remove(Trait)}, {@link World#set(Trait, Object)} and {@link World#reset()}.
 * {@link #get()} is a single field read and returns what {@link World#get(Trait)} would return.
 * Confined to the world's thread, like the world.
 *
 * @param <T> the value type
 *
 * @since 0.1
 */
public final class TraitRef<T> {
    private final Trait<T> trait;
    T value;

    TraitRef(Trait<T> trait) {
        this.trait = trait;
    }

    /** @return the trait this reference reads */
    public Trait<T> trait() {
        return trait;
    }

    /** @return the current value of the trait in the world, or {@code null} if the world lacks it */
    public T get() {
        return value;
    }
}
