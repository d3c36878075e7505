/**
 * From plugin data to schedules, off the frame thread: {@code RebuildCoordinator} (coalesced rebuilds
 * on the builder thread, the wait for a departed plugin's return), {@code PluginOrder} (the declared
 * order), {@code ScheduleAssembler} (the exclusion loop and the newcomer policy), and what a rebuild
 * hands the frame side ({@code Swap}, through {@code RebuildTarget}) and reports
 * ({@code RebuildRecords}). Imports only {@code dev.orrery.host.internal.plugins}.
 */
package dev.orrery.host.internal.rebuild;
