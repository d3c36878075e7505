package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.RunFailure.Stage;
import dev.orrery.world.DeadTargetException;
import dev.orrery.world.World;
import dev.orrery.world.WorldTransaction;

/**
 * The run engine's side of the world's structural transaction, shared by the runner and both
 * executors: the publishes of a phase's end and its barriers, and the check after each system's turn
 * ({@link WorldTransaction#afterSystem}: a publish the system requested, the attribution of an
 * operation on a destroyed entity). A strict-mode failure ({@link DeadTargetException}) is attributed
 * to the system of this schedule that staged the operation, like a failure of its run function.
 *
 * <p>Implementation notes: called only on the world's thread, only by transactional schedules; the
 * generated code calls {@link #afterSystem} from each system's site when
 * {@link WorldTransaction#needsAttention()} is true, which in a steady game it never is.
 */
final class Commits {
    private Commits() {
    }

    /**
     * A system's turn ended: serves what the transaction needs (see {@link WorldTransaction#afterSystem}).
     *
     * @param i the system whose turn ended
     */
    static void afterSystem(WorldTransaction tx, RunLayout layout, World world, int i) {
        try {
            tx.afterSystem(layout.systemNames[i]);
        } catch (DeadTargetException e) {
            blame(layout, world, e);
            throw e;
        }
    }

    /** Publishes the transaction at a phase's end or a barrier. */
    static void publish(WorldTransaction tx, RunLayout layout, World world) {
        try {
            tx.publish();
        } catch (DeadTargetException e) {
            blame(layout, world, e);
            throw e;
        }
    }

    private static void blame(RunLayout layout, World world, DeadTargetException e) {
        int i = e.stagedBy().map(layout::indexOfName).orElse(-1);
        if (i >= 0) {
            Failures.record(layout, world, e, i, Stage.RUN, -1);
        }
    }
}
