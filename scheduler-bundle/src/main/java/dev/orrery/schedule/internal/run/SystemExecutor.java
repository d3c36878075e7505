package dev.orrery.schedule.internal.run;

import dev.orrery.world.World;

/**
 * The one seam between what a run call does around the systems ({@link ScheduleRunner}) and how the
 * systems of a span are dispatched. Two implementations: {@link LoopExecutor}, an array loop (also the
 * hooked path), and {@link GeneratedExecutor}, straight-line code generated per schedule. Both do,
 * per system of the span in execution order, exactly this: publish the system to the probe (when
 * there is one), read the enabled flag through the state record (SCH-056, SCH-123, SCH-124; the phase
 * flag folded in), test the set conditions in order and the own condition (SCH-118), call the run
 * function (for a system that reads messages, between its reader's enter and exit, {@link RunMessages}); a throwing condition or run function is recorded for {@code RunFailure} and rethrown
 * unchanged (SCH-037). They allocate nothing (SCH-117, SCH-149).
 *
 * <p><b>What the runner does, once for both.</b> Everything that is not per system: argument checks,
 * re-entrancy, the lazy state trait, the truthful OnStart flag, the pass clock, hook sampling, the
 * probe's table, the init functions of a phase (before its first span), the OnStart phase (run by the
 * runner on the loop's per-system step, since only pending systems are considered), the phase toggle
 * (a disabled phase's spans are not run), and the choice of executor per call: the generated one when
 * no hook observes the call, else the loop.
 *
 * <p><b>Where the next capabilities go.</b> A unit of work is a <em>span</em> ({@link RunLayout}): a
 * range of one phase's systems run without the runner stepping in. Today each phase is one span. The
 * runner's phase loop ({@code ScheduleRunner.executePhase}) is the one place that
 * <ul>
 *   <li>brackets a phase: a structural transaction would begin before the phase's first span and
 *       publish after its last;</li>
 *   <li>acts between spans: a barrier known at build time (publish before a system, or after it
 *       returns) splits a phase into spans at that system in the plan, so both executors run up to it
 *       and the runner publishes before running the next span;</li>
 *   <li>would answer a "publish requested" signal: an executor that finds the request (one field read
 *       after each system) returns the index of the next system instead of finishing its span, and the
 *       runner publishes and runs the rest of the span on the loop, which can start at any system;</li>
 *   <li>would hand a span to a parallel executor: a third implementation that runs the span's systems
 *       on workers along the plan's order and access edges, while the runner stays single-threaded
 *       around it.</li>
 * </ul>
 *
 * <p>Called on the world's thread only.
 */
interface SystemExecutor {
    /**
     * Runs the systems of one span.
     *
     * @param span a span of the runner's layout; never one of the OnStart phase
     * @param rt the world's runtime
     * @param world the world
     * @param dt the step in seconds
     */
    void run(int span, WorldRuntime rt, World world, double dt);
}
