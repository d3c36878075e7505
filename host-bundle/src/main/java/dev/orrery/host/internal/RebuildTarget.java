package dev.orrery.host.internal;

import dev.orrery.schedule.ScheduleHooks;
import java.util.List;

/** Where the rebuild side hands its results: the frame side. */
interface RebuildTarget {
    /** @param swap rebuilt schedules to install at the next frame boundary */
    void swap(Swap swap);

    /**
     * @param schedule the schedule being built
     * @param hooks the observer services for it, in call order
     * @return the hooks to build into it (the host's tracker around the observers' fuses)
     */
    ScheduleHooks observe(String schedule, List<HooksEntry> hooks);
}
