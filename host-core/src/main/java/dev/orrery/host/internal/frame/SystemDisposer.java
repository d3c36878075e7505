package dev.orrery.host.internal.frame;

import dev.orrery.host.internal.plugins.Containment;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import java.util.Collection;
import java.util.List;

/**
 * The dispose half of Orrery's system lifecycle (Orrery's own, see {@link Schedule}; init functions run
 * inside frames): disposes, on the frame thread at a frame boundary, the initialised systems that the
 * schedules in force no longer have ({@link Schedule#disposeRemoved}: after a swap or a departure's
 * suspension has put them in force, before any purge of the departed code); the initialised systems of
 * the old name of a renamed main schedule, whose lifecycle record the new name does not share, so none
 * is initialised twice without a dispose in between ({@link Schedule#disposeAll}); and, when the loop
 * stops, every initialised system ({@link Schedule#disposeAll}), not when the frame thread dies.
 *
 * <p>A dispose function that throws a contained throwable is a fault naming system, plugin and stage
 * {@code dispose}, handed to {@link FrameFaults#disposeFailed} (logged, kept as the last fault; the
 * simulation is not paused); the remaining systems are still disposed: a throwing system counts as
 * disposed, so each call after a throw goes on with the rest. Any other throwable ({@link Containment})
 * is rethrown at once.
 *
 * <p>Frame thread only.
 */
final class SystemDisposer {
    private final World world;
    private final InstalledSchedules installed;
    private final FrameFaults faults;

    /**
     * @param world the world the systems were initialised on
     * @param installed the schedules in force
     * @param faults where a throwing dispose function goes
     */
    SystemDisposer(World world, InstalledSchedules installed, FrameFaults faults) {
        this.world = world;
        this.installed = installed;
        this.faults = faults;
    }

    /**
     * Disposes the initialised systems that the schedules in force no longer have.
     *
     * @param why for the log line of a fault
     */
    void disposeRemoved(String why) {
        dispose(false, why, List.of());
    }

    /**
     * As {@link #disposeRemoved}, and disposes every initialised system of the schedules in force named
     * in {@code renamedFrom} (the old names of a renamed main schedule, whose record the new name does
     * not share).
     *
     * @param why for the log line of a fault
     * @param renamedFrom schedule names whose every initialised system is disposed
     */
    void disposeRemoved(String why, Collection<String> renamedFrom) {
        dispose(false, why, renamedFrom);
    }

    /**
     * The loop stops: disposes every initialised system of the schedules in force, then detaches them
     * from the world.
     *
     * @param why for the log line of a fault
     */
    void disposeAll(String why) {
        dispose(true, why, List.of());
        for (Schedule schedule : installed.running()) {
            schedule.detach(world); // a stopped host's observers never fire, its readers hold nothing back
        }
    }

    private void dispose(boolean all, String why, Collection<String> renamedFrom) {
        for (Schedule schedule : installed.running()) {
            while (true) {
                try {
                    if (all || renamedFrom.contains(schedule.name())) {
                        schedule.disposeAll(world);
                    } else {
                        schedule.disposeRemoved(world);
                    }
                    break;
                } catch (Throwable t) {
                    if (Containment.isFatal(t)) {
                        throw t;
                    }
                    faults.disposeFailed(schedule, t, why);
                }
            }
        }
    }
}
