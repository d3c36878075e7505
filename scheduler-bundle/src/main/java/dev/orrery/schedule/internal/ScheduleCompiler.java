package dev.orrery.schedule.internal;

/** Validates a {@link BuildInput} and computes its {@link ExecutionPlan}. */
final class ScheduleCompiler {
    private ScheduleCompiler() {
    }

    static ExecutionPlan compile(BuildInput input) {
        throw new UnsupportedOperationException("ScheduleCompiler: not written yet");
    }
}
