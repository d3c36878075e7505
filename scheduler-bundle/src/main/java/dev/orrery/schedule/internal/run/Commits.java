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
 * After every publish, the schedule's observers in the world (if it has any) get the events it
 * applied ({@link ObserverRuntime#deliver}).
 *
 * <p>Implementation notes: called only on the world's thread, only by transactional schedules; the
 * generated code calls {@link #afterSystem} from each system's site when
 * {@link WorldTransaction#needsAttention()} is true, which in a steady game it never is. A schedule
 * without observers pays one null check per publish.
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
            boolean published;
            try {
                published = rt.tx.afterSystem(layout.systemNames[i]);
            } catch (DeadTargetException e) {
                blame(layout, world, e);
                throw e;
            }
            if (published && rt.observers != null) {
                rt.observers.deliver(rt.tx, layout, world);
            }
        } catch (Throwable t) {
            rt.faultResume = i + 1; // after system i's turn: a fixed step resumes with the next system
            throw t;
        }
    }

    /** Publishes the transaction at a phase's end or a barrier, then delivers to the observers. */
    static void publish(WorldRuntime rt, RunLayout layout, World world) {
        publishOnly(rt.tx, layout, world);
        if (rt.observers != null) {
            rt.observers.deliver(rt.tx, layout, world);
        }
    }

    /** Publishes the transaction, delivering nothing (an observers' round). */
    static void publishOnly(WorldTransaction tx, RunLayout layout, World world) {
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
