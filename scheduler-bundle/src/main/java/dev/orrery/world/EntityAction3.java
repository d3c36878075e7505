package dev.orrery.world;

/**
 * Called once per entity with the values of three traits, by
 * {@link QueryResult#forEach(Trait, Trait, Trait, EntityAction3)}.
 *
 * @param <A> the value type of the first trait
 * @param <B> the value type of the second trait
 * @param <C> the value type of the third trait
 *
 * @since 0.1
 */
@FunctionalInterface
public interface EntityAction3<A, B, C> {
    /**
     * @param entity the entity handle (see {@link Entity})
     * @param a the entity's current value of the first trait; never null
     * @param b the entity's current value of the second trait; never null
     * @param c the entity's current value of the third trait; never null
     */
    void accept(long entity, A a, B b, C c);
}
