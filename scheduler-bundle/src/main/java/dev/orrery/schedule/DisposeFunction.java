package dev.orrery.schedule;

import dev.orrery.world.World;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Beyond the spec (Orrery's system lifecycle, after the DAG reference's {@code dispose}): clean-up work
 * of an {@link EcsSystem} in one world, given with {@link EcsSystem.Builder#dispose}.
 *
 * <p>Called at most once per initialisation, on the thread that calls {@link Schedule#disposeRemoved}
 * or {@link Schedule#disposeAll} (in the host: the frame thread), for a system that was initialised
 * in that world and leaves (or for every initialised system at shutdown). An exception it throws
 * propagates unchanged from those methods and is attributed with {@link RunFailure.Stage#DISPOSE};
 * the system counts as disposed all the same.
 *
 * @since 0.1
 */
@ConsumerType
@FunctionalInterface
public interface DisposeFunction {
    /** @param world the world the system was initialised in */
    void dispose(World world);
}
