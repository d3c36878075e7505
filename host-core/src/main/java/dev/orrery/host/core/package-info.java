/**
 * The host core's front-end SPI: what a front end (the OSGi Declarative Services component in the
 * host bundle, or the JPMS launcher) calls to run the Orrery host without any OSGi type:
 * {@link dev.orrery.host.core.HostCore} (the frame loop, rebuild coordination, fault containment,
 * schedule swap and world purge, behind {@link dev.orrery.host.GameHost}), the neutral plugin key
 * {@link dev.orrery.host.core.PluginSource}, and the callbacks {@link dev.orrery.host.core.FrontEnd}
 * and {@link dev.orrery.host.core.UnloadedCode}.
 *
 * <p>For front ends only: plugins use {@code dev.orrery.host.GameHost}. Beyond the spec (Orrery's own).
 */
@Export
@Version("0.1.0")
package dev.orrery.host.core;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
