package dev.orrery.host.internal;

import dev.orrery.schedule.Plugin;
import java.util.Objects;

/**
 * One tracked {@link Plugin} service, with the facts read when it was bound.
 *
 * @param plugin the service object
 * @param name {@code plugin.name()}, or a placeholder when that threw
 * @param nameError why the name could not be read, or null when it could
 * @param schedule the schedule it belongs to
 * @param bundle the providing bundle as {@code symbolicName/version}
 * @param serviceId the service id
 */
record PluginEntry(Plugin plugin, String name, String nameError, String schedule, String bundle, long serviceId) {
    PluginEntry {
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(bundle, "bundle");
    }

    /**
     * Reads a plugin's name, catching what a broken plugin throws.
     *
     * @param plugin the service object
     * @param schedule its schedule
     * @param bundle its bundle
     * @param serviceId its service id
     * @return the entry
     */
    static PluginEntry of(Plugin plugin, String schedule, String bundle, long serviceId) {
        try {
            String name = plugin.name();
            if (name == null || name.isEmpty()) {
                return new PluginEntry(plugin, bundle + "#" + serviceId, "its name() is missing or empty",
                        schedule, bundle, serviceId);
            }
            return new PluginEntry(plugin, name, null, schedule, bundle, serviceId);
        } catch (RuntimeException e) {
            return new PluginEntry(plugin, bundle + "#" + serviceId, "its name() threw " + e, schedule, bundle,
                    serviceId);
        }
    }

    /**
     * @param other another schedule name
     * @return this entry in that schedule
     */
    PluginEntry inSchedule(String other) {
        return new PluginEntry(plugin, name, nameError, other, bundle, serviceId);
    }
}
