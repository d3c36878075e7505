/**
 * The Orrery game host API: the {@link dev.orrery.host.GameHost} service that the host component
 * registers in the OSGi service registry (or the JPMS launcher hands out; both run the OSGi-free
 * host core, {@code dev.orrery.host.core}), the values it reports (run status, faults, plugin states,
 * rebuilds) and the {@link dev.orrery.host.Schedules} world trait through which systems reach the
 * host's other schedules; and {@link dev.orrery.host.HostClient}, through which plugin code reaches the
 * host in JPMS mode.
 *
 * <p>Threading: every value in this package is immutable and may be read from any thread. A
 * {@link dev.orrery.world.World} is confined to the host's frame thread; other threads hand work to it
 * with {@link dev.orrery.host.GameHost#submit(java.util.function.Function)}.
 */
@Export
@Version("0.4.0")
package dev.orrery.host;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
