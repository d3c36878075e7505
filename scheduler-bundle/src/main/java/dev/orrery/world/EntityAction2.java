package dev.orrery.world;

/**
 * Called once per entity with the values of two traits, by
 * {@link QueryResult#forEach(Trait, Trait, EntityAction2)}.
 *
 * @param <A> the value type of the first trait
 * @param <B> the value type of the second trait
 *
 * @since 0.1
 */
@FunctionalInterface
public interface EntityAction2<A, B> {
    /**
     * @param entity the entity handle (see {@link Entity})
     * @param a the entity's current value of the first trait; never null
     * @param b the entity's current value of the second trait; never null
     */
    void accept(long entity, A a, B b);
}
