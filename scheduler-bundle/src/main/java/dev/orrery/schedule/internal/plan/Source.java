package dev.orrery.schedule.internal.plan;

import java.util.Objects;

/**
 * Where a phase, set or system was declared: by a plugin (named, with its position in the schedule's
 * plugin list) or by the schedule itself (SCH-136, SCH-138).
 *
 * @param name the plugin name, or the schedule name
 * @param pluginIndex the plugin's position in the schedule's plugin list, or -1 for the schedule's own
 *     entries
 */
record Source(String name, int pluginIndex) {
    Source {
        Objects.requireNonNull(name, "name");
    }

    static Source plugin(String name, int pluginIndex) {
        if (pluginIndex < 0) {
            throw new IllegalArgumentException("plugin index " + pluginIndex + " of plugin '" + name + "' is negative");
        }
        return new Source(name, pluginIndex);
    }

    static Source schedule(String name) {
        return new Source(name, -1);
    }

    /** @return true for a plugin, false for the schedule's own entries */
    boolean plugin() {
        return pluginIndex >= 0;
    }

    /** @return {@code plugin 'p'} or {@code schedule 's'}, for messages */
    String describe() {
        return (plugin() ? "plugin '" : "schedule '") + name + "'";
    }
}
