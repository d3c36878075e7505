package dev.orrery.world;

/**
 * Called once per entity with the value of one trait, by
 * {@link QueryResult#forEach(Trait, EntityAction1)}.
 *
 * @param <A> the value type of the trait
 *
 * @since 0.1
 */
@FunctionalInterface
public interface EntityAction1<A> {
    /**
     * @param entity the entity handle (see {@link Entity})
     * @param a the entity's current value of the first trait; never null
     */
    void accept(long entity, A a);
}
