/**
 * The host core's implementation, with no OSGi type: the {@link dev.orrery.host.internal.Engine}
 * behind {@link dev.orrery.host.core.HostCore} (the plugin registry), the rebuild coordinator, the
 * schedule assembler with its exclusion loop, the frame loop with its fault containment, watchdog,
 * swap and purge. Not exported: front ends use {@code dev.orrery.host.core}.
 */
package dev.orrery.host.internal;
