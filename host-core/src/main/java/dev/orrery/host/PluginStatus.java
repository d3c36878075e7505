package dev.orrery.host;

import java.util.Objects;

/**
 * What the host did with one {@code Plugin} service at its last rebuild.
 *
 * @param name the plugin's name ({@code Plugin.name()})
 * @param schedule the schedule it belongs to (service property {@code orrery.schedule}, or the main
 *     schedule)
 * @param bundle the providing bundle as {@code symbolicName/version} (JPMS mode: the plugin's module as
 *     the front end names it, e.g. {@code name/version})
 * @param serviceId the service's {@code service.id} (JPMS mode: the id the front end gave the plugin
 *     provider; unique for the life of the host)
 * @param state active, waiting or excluded
 * @param reason why it is waiting or excluded, taken from the build problems that named it; empty
 *     when active
 */
public record PluginStatus(String name, String schedule, String bundle, long serviceId, PluginState state,
                           String reason) {
    /** Checks for nulls. */
    public PluginStatus {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(bundle, "bundle");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(reason, "reason");
    }

    @Override
    public String toString() {
        return "plugin '" + name + "' (" + bundle + ") in schedule '" + schedule + "': " + state
                + (reason.isEmpty() ? "" : " (" + reason + ")");
    }
}
