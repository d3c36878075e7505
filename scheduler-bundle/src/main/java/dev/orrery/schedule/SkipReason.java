package dev.orrery.schedule;

/**
 * Why a considered system did not run, as passed to {@link ScheduleHooks#onSkip} (SCH-144).
 *
 * @since 0.1
 */
public enum SkipReason {
    /** The system's enabled flag is false in the world's state (SCH-051). */
    DISABLED,
    /** A set condition or the system's own condition returned false (SCH-118). */
    CONDITION,
    /**
     * Beyond the spec (Orrery's phase toggle): the system's phase is disabled in the world's state
     * ({@link Schedule#disablePhase}); reported in place of {@link #DISABLED} when both apply, and
     * before any condition is evaluated.
     */
    PHASE_DISABLED
}
