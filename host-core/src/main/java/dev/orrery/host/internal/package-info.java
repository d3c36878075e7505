/**
 * The host's implementation, with no OSGi type: the {@code Engine} behind
 * {@link dev.orrery.host.core.HostCore} (the plugin registry, which feeds the rebuilds and drives the
 * frame loop) and {@code EngineFactory}, the {@link dev.orrery.host.core.HostCoreFactory} that
 * {@code HostCore.create} finds. The stages live in subpackages, each importing only those before it:
 * {@code plugins} (what the host keeps of a plugin or observer and the fault fuses at the plugin
 * boundary), {@code rebuild} (from plugin data to schedules: coalescing, declared order, exclusion
 * loop; the swap it hands over) and {@code frame} (the frame thread: frames, pause and step, boundary
 * work, swaps and departures put in force, faults, purge). Not exported: front ends use
 * {@code dev.orrery.host.core}.
 */
package dev.orrery.host.internal;
