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
 * Every publish delivers the events it applied to the observers of the schedules attached to the
 * world (the world calls {@link ObserverHub#deliver} from the publish).
 *
 * <p>Implementation notes: called only on the world's thread, only by transactional schedules; the
 * generated code calls {@link #afterSystem} from each system's site when
 * {@link WorldTransaction#needsAttention()} is true, which in a steady game it never is. A world
 * without pending events pays one int compare per publish.
 */
final class Commits {
    private Commits() {
    }

    /**
     * A system's turn ended: serves what the transaction needs (see {@link WorldTransaction#afterSystem}).
     *
     * @param i the system whose turn ended
     */
    static void afterSystem(WorldRuntime rt, RunLayout layout, World world, int i) {
        try {
            rt.tx.afterSystem(layout.systemNames[i]);
        } catch (DeadTargetException e) {
            blame(layout, world, e);
            rt.faultResume = i + 1; // after system i's turn: a fixed step resumes with the next system
            throw e;
        } catch (Throwable t) { // an observer of a publish the system requested
            rt.faultResume = i + 1;
            throw t;
        }
    }

    /**
     * Publishes the transaction at a phase's end or a barrier; the world then delivers the pending
     * events to the observers of every attached schedule ({@link ObserverHub}).
     */
    static void publish(WorldRuntime rt, RunLayout layout, World world) {
        try {
            rt.tx.publish();
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
