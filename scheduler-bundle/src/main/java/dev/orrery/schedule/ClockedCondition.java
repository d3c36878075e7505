package dev.orrery.schedule;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Beyond the spec (Orrery's own): a {@link Condition} that reads the world's {@link PassClock}. A
 * schedule holding one, as a system's or a set's condition, begins a pass on the clock at each run
 * call also in a world that has no clock yet, so the condition's first pass has its dt. The
 * run-condition library's conditions implement it (its combinators and {@code inState} too, for
 * simplicity); implement it in a condition of your own that reads the clock.
 *
 * <p><b>Place.</b> A clocked condition that keeps state in a world (a timer) names that state after
 * its {@linkplain #place place}, so the state's persistent trait id is the same in every process and
 * after every rebuild, and two equal conditions in different places keep apart states.
 *
 * @since 0.1
 */
@ConsumerType
public interface ClockedCondition extends Condition {
    /**
     * Tells the condition where it stands, for the ids of the state it keeps in worlds. A schedule's
     * build calls it for each of its systems' and sets' conditions, before any run, with
     * {@code "<schedule>/<system>/<i>"} (the system's {@code i}-th {@code runIf}, from 0) or
     * {@code "<schedule>/set <set>/<i>"}; combinators pass it on to their operands with
     * {@code "/left"}, {@code "/right"} or {@code "/not"} appended. Call it yourself, before building,
     * to give a condition an explicit name that stays when the schedule's layout changes.
     *
     * <p>The first call wins: a condition placed or already tested keeps its id, so one object that
     * gates several systems keeps one state per world, named after its first place. Thread-safe; the
     * run-condition library's timers make their state's trait id {@code "runIf timer <place>"} (an
     * unplaced timer, tested outside any schedule, uses its description, e.g. {@code "runIf
     * cooldown(1.0)"}).
     *
     * <p>The default does nothing: for a condition with no world state of its own.
     *
     * @param place where the condition stands; not null, not blank
     * @since 0.8
     */
    default void place(String place) {
    }
}
