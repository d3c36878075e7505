package dev.orrery.world;

/**
 * Called once per entity by {@link QueryResult#forEach(EntityAction)}.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface EntityAction {
    /** @param entity the entity handle (see {@link Entity}) */
    void accept(long entity);
}
