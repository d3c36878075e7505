package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.RunFailure;
import dev.orrery.schedule.RunFailure.Stage;
import dev.orrery.schedule.RunFailureLog;
import dev.orrery.world.World;

/**
 * Failure attribution on the exception path of the run engine: records which schedule, system,
 * plugin and stage threw ({@link RunFailureLog}), for {@link RunFailure#of}. The caller rethrows the
 * exception unchanged. Costs nothing until something throws.
 */
final class Failures {
    /** Stage codes of the generated code's handlers ({@link #failedAt}). */
    static final int RUN = 0;
    static final int CONDITION = 1;
    static final int SET_CONDITION = 2;

    private Failures() {
    }

    /**
     * Records where {@code thrown} came from. Never throws: attribution is best effort, the exception
     * itself propagates unchanged (SCH-037).
     *
     * @param i the system index
     * @param set for SET_CONDITION, the index into the system's set conditions; else -1
     */
    static void record(RunLayout layout, World world, Throwable thrown, int i, Stage stage, int set) {
        try {
            RunFailureLog.record(world, thrown, new RunFailure(layout.scheduleName, layout.systems[i],
                    layout.sources[i], stage, set < 0 ? null : layout.setConditionNames[i][set]));
        } catch (Throwable ignored) {
            // best effort, see above
        }
    }

    /**
     * The handler of the generated code: records as {@link #record} does, and notes that system
     * {@code i}'s turn threw ({@link WorldRuntime#faultResume}), as the loop's handler does.
     *
     * @param stage {@link #RUN}, {@link #CONDITION} or {@link #SET_CONDITION}
     * @param set for a set condition, its index in the system's set conditions; else -1
     * @return {@code thrown}, for the caller to rethrow
     */
    static Throwable failedAt(Throwable thrown, RunLayout layout, WorldRuntime rt, World world, int i, int stage,
                              int set) {
        rt.faultResume = i + 1;
        Stage s = stage == RUN ? Stage.RUN : stage == CONDITION ? Stage.CONDITION : Stage.SET_CONDITION;
        record(layout, world, thrown, i, s, set);
        return thrown;
    }
}
