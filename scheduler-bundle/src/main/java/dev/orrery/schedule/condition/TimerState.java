package dev.orrery.schedule.condition;

/**
 * The per-world state of one timed condition ({@link After}, {@link Every}, {@link Cooldown}), held
 * in that condition's own world trait. Mutable, confined to the world's thread.
 */
final class TimerState {
    /** The pass of the last evaluation; -1 before the first. */
    long pass = -1;
    /** The decision of that pass, returned again when tested again in the same pass. */
    boolean result;
    /** Seconds counted since the last firing (or the first evaluation). */
    double elapsed;
    /** {@link Every}: the length of the current interval in seconds. */
    double next;
    /** {@link After}: whether it fired. */
    boolean done;
}
