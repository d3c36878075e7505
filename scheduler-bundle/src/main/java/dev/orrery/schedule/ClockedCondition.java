package dev.orrery.schedule;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Beyond the spec (Orrery's own): a {@link Condition} that reads the world's {@link PassClock}. A
 * schedule holding one, as a system's or a set's condition, begins a pass on the clock at each run
 * call also in a world that has no clock yet, so the condition's first pass has its dt. The
 * run-condition library's conditions implement it (its combinators and {@code inState} too, for
 * simplicity); implement it in a condition of your own that reads the clock.
 *
 * @since 0.1
 */
@ConsumerType
public interface ClockedCondition extends Condition {
}
