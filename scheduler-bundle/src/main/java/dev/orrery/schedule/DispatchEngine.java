package dev.orrery.schedule;

/**
 * Beyond the spec (Orrery's own): how a built schedule dispatches its systems when no hook observes
 * the run call ({@link ScheduleBuilder#dispatch}). Both engines run the same checks in the same order
 * and give the same results; they differ only in speed.
 *
 * <p>The default, when the builder chooses none, is named by the system property
 * {@value #PROPERTY}: {@code generated} (or unset), {@code loop}, or {@code sync} (generated, and
 * generated inside {@code build()} whatever the size). Hooked run calls and the OnStart phase always
 * run on the loop.
 *
 * @since 0.1
 */
public enum DispatchEngine {
    /**
     * One array loop over the systems of a phase, with one shared call site per step. Always
     * available.
     */
    LOOP,
    /**
     * Straight-line code generated per built schedule (a JVM hidden class), one call site per system
     * and condition, so each call site sees one receiver class and the JIT can inline it. Small
     * schedules are generated inside {@code build()}; large ones on the builder's generation executor
     * ({@link ScheduleBuilder#generationExecutor}), the loop running until the code is ready: the next
     * run call after that switches to it. When the code cannot be generated (the bytecode library is
     * absent, a class-definition error), the schedule stays on {@link #LOOP} and logs one warning
     * naming the schedule and the reason (logger {@code dev.orrery.schedule}).
     */
    GENERATED;

    /** The system property naming the default engine: {@code generated}, {@code loop} or {@code sync}. */
    public static final String PROPERTY = "orrery.schedule.dispatch";
}
