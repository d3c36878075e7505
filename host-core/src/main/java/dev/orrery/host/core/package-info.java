/**
 * The host core's front-end SPI: what a front end (the OSGi Declarative Services component of
 * {@code dev.orrery.host.osgi}, or the JPMS front end {@code dev.orrery.host.jpms}) calls to run the
 * Orrery host without any OSGi type: {@link dev.orrery.host.core.HostCore} (the frame loop, rebuild
 * coordination, fault containment, schedule swap and world purge, behind
 * {@link dev.orrery.host.GameHost}), made by {@link dev.orrery.host.core.HostCore#create} from typed
 * settings that {@link dev.orrery.host.core.HostSettingsParser} reads; the neutral plugin key
 * {@link dev.orrery.host.core.PluginSource}; and the callbacks {@link dev.orrery.host.core.FrontEnd}
 * and {@link dev.orrery.host.core.UnloadedCode}. {@link dev.orrery.host.core.HostCoreFactory} is the
 * seam to the implementation, which this module provides.
 *
 * <p>For front ends only: plugins use {@code dev.orrery.host.GameHost}. Beyond the spec (Orrery's own).
 *
 * @since 0.1
 */
@Export
@Version("0.4.0")
package dev.orrery.host.core;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
