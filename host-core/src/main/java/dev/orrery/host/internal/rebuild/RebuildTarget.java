package dev.orrery.host.internal.rebuild;

import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.ScheduleHooks;

/**
 * Where the {@link RebuildCoordinator} hands its results: the frame side (implemented by
 * {@code FrameLoop}). Both methods are called on the builder thread.
 */
public interface RebuildTarget {
    /**
     * Takes a rebuild's result, to install at the next frame boundary; must not wait for that boundary.
     *
     * @param swap the rebuilt schedules and the plugin statuses
     */
    void swap(Swap swap);

    /**
     * The observer to build into one schedule's observed variant: an object the frame side keeps for
     * that name and fills with the observer services at frame boundaries, so that observers come and
     * go without a rebuild.
     *
     * @param schedule the schedule's name
     * @return its slot (the same object for that name every time), or null for no observed variant
     */
    default ScheduleHooks observerSlot(String schedule) {
        return null;
    }

    /**
     * @return where every schedule built for the frame side publishes the system it is at, or
     *     null for none
     */
    default RunProbe probe() {
        return null;
    }
}
