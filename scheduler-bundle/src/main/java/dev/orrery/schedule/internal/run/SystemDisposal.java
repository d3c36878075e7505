package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.DisposeFunction;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.RunFailure;
import dev.orrery.schedule.RunFailure.Stage;
import dev.orrery.schedule.RunFailureLog;
import dev.orrery.world.World;

/**
 * Orrery's system lifecycle, the leaving side: {@code disposeRemoved} and {@code disposeAll} of one
 * schedule (the init side runs inside the run engine, before a phase's first pass in a world). A
 * dispose call is a call of the schedule on the world: it is refused while a run API of the schedule
 * executes there (SCH-043) and marks the schedule executing while it runs.
 *
 * <p>Confined to the world's thread, like the world; holds no world.
 */
final class SystemDisposal {
    private final RunLayout layout;
    private final RunArguments args;
    private final WorldRuntimes runtimes;

    SystemDisposal(RunLayout layout, RunArguments args, WorldRuntimes runtimes) {
        this.layout = layout;
        this.args = args;
        this.runtimes = runtimes;
    }

    /**
     * Orrery's system lifecycle: disposes, newest first, the systems initialised in the world (through
     * this schedule or one sharing its lifecycle trait) that are not in this schedule, or all of them.
     * Each is removed from the record before its dispose function runs, so a throwing one counts as
     * disposed and a second call goes on with the rest.
     *
     * @param all dispose every initialised system, not only those missing from this schedule
     * @param api the API name for messages
     * @return how many systems were disposed (removed from the record)
     */
    int dispose(World world, boolean all, String api) {
        args.requireWorld(world, api);
        WorldRuntime rt = runtimes.of(world);
        if (rt.executing) {
            throw args.reentered(api);
        }
        InitialisedSystems log = rt.lifecycle.get();
        if (log == null || log.size() == 0) {
            return 0;
        }
        int count = 0;
        rt.executing = true;
        try {
            for (EcsSystem system : log.newestFirst()) {
                if (!all && layout.indexOf(system) >= 0) {
                    continue;
                }
                String source = log.sourceOf(system);
                if (!log.remove(system)) {
                    continue; // an earlier dispose function removed it (a reset, say)
                }
                count++;
                DisposeFunction dispose = system.dispose().orElse(null);
                if (dispose == null) {
                    continue;
                }
                try {
                    dispose.dispose(world);
                } catch (Throwable t) {
                    try {
                        RunFailureLog.record(world, t, new RunFailure(layout.scheduleName, system, source,
                                Stage.DISPOSE, null));
                    } catch (Throwable ignored) {
                        // Attribution is best effort; the exception itself propagates unchanged.
                    }
                    throw t;
                }
            }
        } finally {
            rt.executing = false;
        }
        return count;
    }
}
