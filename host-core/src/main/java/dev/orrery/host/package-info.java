/**
 * The Orrery game host API: the {@link dev.orrery.host.GameHost} service that the host's OSGi front
 * end registers in the OSGi service registry (or its JPMS front end hands out; both run the same
 * OSGi-free host core, behind the front-end SPI {@code dev.orrery.host.core}), the values it reports
 * (run status, faults, plugin states, rebuilds, observers), its typed settings
 * ({@link dev.orrery.host.HostSettings}), and the {@link dev.orrery.host.Schedules} world trait through
 * which systems reach the host's other schedules; and {@link dev.orrery.host.HostClient}, through which
 * plugin code reaches the host in JPMS mode.
 *
 * <p>Threading: every value in this package is immutable and may be read from any thread. A
 * {@link dev.orrery.world.World} is confined to the host's frame thread; other threads hand work to it
 * with {@link dev.orrery.host.GameHost#submit(java.util.function.Function)}.
 *
 * @since 0.1
 */
@Export
@Version("0.10.0")
package dev.orrery.host;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
