package dev.orrery.schedule;

import dev.orrery.world.World;

/**
 * What an {@link EcsObserver} does for one entity whose trait event it observes.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface ObserverFunction {
    /**
     * Called on the world's thread, after the publish that applied the event, with the world's
     * published state (every operation of the published transaction applied). Structural calls made
     * here are staged and published in a follow-up round of the same barrier; value writes of traits
     * the entity has apply at once, as everywhere in a transaction.
     *
     * @param world the world the schedule runs on
     * @param entity the entity; for {@link EcsObserver.Event#REMOVE} it may be dead (destroyed with
     *     the trait): check {@link World#isAlive(long)} before touching it
     */
    void run(World world, long entity);
}
