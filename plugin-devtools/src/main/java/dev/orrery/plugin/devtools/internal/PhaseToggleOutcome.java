package dev.orrery.plugin.devtools.internal;

/**
 * What {@code enablePhase} or {@code disablePhase} did (Orrery's phase toggle).
 *
 * @param phase the phase's name
 * @param schedule the schedule's name
 * @param enabled the flag asked for (and now in force)
 * @param changed false if the phase already had that flag
 */
record PhaseToggleOutcome(String phase, String schedule, boolean enabled, boolean changed) {
}
