package dev.orrery.schedule;

import dev.orrery.world.World;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Beyond the spec (Orrery's system lifecycle, after the DAG reference's {@code init}): set-up work of
 * an {@link EcsSystem} in one world, given with {@link EcsSystem.Builder#init}.
 *
 * <p>Called once per world on the thread that runs the schedule, right before the system's phase is
 * first executed in that world, before any system of that phase runs, whether or not the system then
 * runs (its enabled flag, its phase's flag or its conditions may skip it). See {@link Schedule} for the
 * whole lifecycle. An exception it throws propagates unchanged from the run API and is attributed
 * with {@link RunFailure.Stage#INIT}; the system then counts as not initialised (it is tried again on
 * the next pass of its phase, and its dispose function is not called).
 *
 * @since 0.1
 */
@ConsumerType
@FunctionalInterface
public interface InitFunction {
    /** @param world the world the schedule is about to run the system's phase on */
    void init(World world);
}
