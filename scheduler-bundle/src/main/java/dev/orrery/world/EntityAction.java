package dev.orrery.world;

/** Called once per entity by {@link QueryResult#forEach(EntityAction)}. */
@FunctionalInterface
public interface EntityAction {
    /** @param entity the entity handle (see {@link Entity}) */
    void accept(long entity);
}
