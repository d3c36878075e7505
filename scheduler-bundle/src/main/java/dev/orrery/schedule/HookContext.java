package dev.orrery.schedule;

import dev.orrery.world.World;

/**
 * What a hook is told about the system being considered (SCH-145).
 *
 * <p>One object per schedule and world, reused for every hook call (SCH-150): its fields are
 * overwritten before each call. It is valid only during the hook call: do not keep it or read it
 * after the hook returns (copy the fields you need). The schedule adds no timing: observers measure
 * time themselves.
 *
 * @since 0.1
 */
public interface HookContext {
    /** @return the schedule that is running */
    Schedule schedule();

    /** @return the world it runs on */
    World world();

    /** @return the system being considered */
    EcsSystem system();

    /** @return the phase of that system */
    Phase phase();

    /** @return the dt of the run call, in seconds */
    double dt();
}
