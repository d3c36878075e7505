package dev.orrery.schedule;

import dev.orrery.world.World;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * The body of an {@link EcsSystem}: called as {@code run(world, dt)} with the world and dt given to
 * the run API (SCH-011).
 *
 * <p>Synchronous by type (SCH-116): it returns nothing, so the schedule cannot be handed a pending
 * result. An exception it throws propagates unchanged from the run API (SCH-037).
 *
 * @since 0.1
 */
@ConsumerType
@FunctionalInterface
public interface RunFunction {
    /**
     * @param world the world the schedule runs on
     * @param dt the time step in seconds, finite and {@code >= 0}, exactly as passed to the run API
     */
    void run(World world, double dt);
}
