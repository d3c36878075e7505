/**
 * The plugin boundary: what the host keeps of each tracked {@code Plugin} ({@code PluginEntry}: its
 * data read once) and {@code ScheduleHooks} service ({@code HooksEntry}), which throwables it contains
 * there ({@code Containment}), and the fuses that quarantine a throwing observer
 * ({@code GuardedObserver}, {@code Observers}). Imports no other internal package.
 */
package dev.orrery.host.internal.plugins;
