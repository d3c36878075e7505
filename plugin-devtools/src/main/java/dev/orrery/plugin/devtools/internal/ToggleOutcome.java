package dev.orrery.plugin.devtools.internal;

/**
 * What {@code enable} or {@code disable} did.
 *
 * @param system the system's name
 * @param schedule the schedule's name
 * @param enabled the flag asked for (and now in force)
 * @param changed false if the system already had that flag
 */
record ToggleOutcome(String system, String schedule, boolean enabled, boolean changed) {
}
