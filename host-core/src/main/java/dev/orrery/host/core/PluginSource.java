package dev.orrery.host.core;

import java.util.Objects;

/**
 * Where a {@code Plugin} or {@code ScheduleHooks} object handed to the {@link HostCore} comes from:
 * a neutral key (no OSGi {@code ServiceReference} reaches the core) and the words its messages use.
 *
 * @param id unique for the life of the host and never reused for another object: the OSGi front end
 *     uses the {@code service.id}, the JPMS front end a counter per provider instance. It is the key of
 *     {@link HostCore#pluginRemoved(long)} and friends, the last tie-break of the plugin order, the order
 *     in which hooks are called, and {@code PluginStatus.serviceId()}
 * @param origin what provides it, for messages and {@code PluginStatus.bundle()}: a bundle as
 *     {@code symbolicName/version}, a module as {@code name/version}; not blank
 * @param schedule the declared schedule (the {@code orrery.schedule} service property in OSGi), trimmed,
 *     or null for none: a plugin then joins the main schedule, hooks observe every schedule. A blank
 *     value is taken as none.
 *
 * @since 0.1
 */
public record PluginSource(long id, String origin, String schedule) {
    /**
     * Checks the origin and normalises the schedule (trimmed; blank becomes null).
     *
     * @throws NullPointerException when origin is null
     * @throws IllegalArgumentException when origin is blank
     */
    public PluginSource {
        Objects.requireNonNull(origin, "PluginSource: origin");
        if (origin.isBlank()) {
            throw new IllegalArgumentException("PluginSource: origin is blank (id " + id + ")");
        }
        schedule = schedule == null || schedule.isBlank() ? null : schedule.trim();
    }
}
