package dev.orrery.schedule.internal;

import dev.orrery.schedule.Condition;

/**
 * Beyond the spec (issue 14): marks a condition of the run-condition library (its timers read the
 * {@link PassClock}; its combinators may hold timers; {@code inState} is marked too, for simplicity). A schedule holding one (as a system's or a set's condition) begins a pass on the
 * clock at each run call, also in a world that has no clock yet, so the first pass has its dt.
 * Internal: implemented only by {@code dev.orrery.schedule.condition}.
 */
public interface ClockedCondition extends Condition {
}
