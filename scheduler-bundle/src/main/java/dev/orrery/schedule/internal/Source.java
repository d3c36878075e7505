package dev.orrery.schedule.internal;

import java.util.Objects;

/**
 * Where a phase, set or system was declared: by a plugin (named) or by the schedule itself (SCH-136,
 * SCH-138).
 *
 * @param name the plugin name, or the schedule name
 * @param plugin true for a plugin, false for the schedule's own entries
 */
record Source(String name, boolean plugin) {
    Source {
        Objects.requireNonNull(name, "name");
    }

    static Source plugin(String name) {
        return new Source(name, true);
    }

    static Source schedule(String name) {
        return new Source(name, false);
    }

    /** @return {@code plugin 'p'} or {@code schedule 's'}, for messages */
    String describe() {
        return (plugin ? "plugin '" : "schedule '") + name + "'";
    }
}
