package dev.orrery.host.internal.rebuild;

import dev.orrery.host.internal.plugins.HooksEntry;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.ScheduleHooks;
import java.util.List;

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
     * The observer to build into one schedule: the {@code ScheduleHooks} services that observe it,
     * each behind its fuse.
     *
     * @param schedule the schedule's name
     * @param mainSchedule whether it is the host's main schedule, the one run once per frame: only there
     *     are the hooks sampled; other schedules are run by systems, often once per turn or
     *     event, and are observed on every run call, since sampling per call would leave them untimed
     * @param hooks the hooks services that observe it, in service id order (possibly none)
     * @return the hooks to build in, or null for none
     */
    ScheduleHooks observe(String schedule, boolean mainSchedule, List<HooksEntry> hooks);

    /**
     * @return where every schedule built for the frame side publishes the system it is at, or
     *     null for none
     */
    default RunProbe probe() {
        return null;
    }
}
