package dev.orrery.plugin.devtools.internal;

import dev.orrery.schedule.Schedule;
import java.util.Set;

/**
 * What {@code graph} draws: a schedule in force and the names of its disabled systems, read on the
 * frame thread.
 *
 * @param schedule the schedule
 * @param disabled names of its disabled systems
 */
record GraphInput(Schedule schedule, Set<String> disabled) {
    GraphInput {
        disabled = Set.copyOf(disabled);
    }
}
