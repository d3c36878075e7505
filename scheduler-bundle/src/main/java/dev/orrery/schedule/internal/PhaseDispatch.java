package dev.orrery.schedule.internal;

import dev.orrery.world.World;

/**
 * Beyond the spec (Orrery's own, issue 17): the hook-free hot path of one schedule for one phase,
 * implemented by a class generated per built schedule ({@link DispatchGenerator}). Does exactly what
 * {@code ScheduleRunner.runRange} does over the phase's systems: per system, in execution order, the
 * enabled flag read through the state record (SCH-123, SCH-124, SCH-056, the phase flag folded in),
 * the set conditions in order, the own condition (SCH-118), the run function; a throwing condition
 * or run function is recorded for {@code RunFailure} and rethrown unchanged.
 */
interface PhaseDispatch {
    /**
     * @param phase the phase index; not OnStart, which stays on the loop
     * @param runner the schedule's run engine (for the layout's arrays and failure attribution)
     * @param rt the world's runtime
     * @param world the world
     * @param dt the step in seconds
     */
    void run(int phase, ScheduleRunner runner, WorldRuntime rt, World world, double dt);
}
