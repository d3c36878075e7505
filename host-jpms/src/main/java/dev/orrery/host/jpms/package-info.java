/**
 * The host's JPMS front end ({@code bin/orrery --jpms}): the platform modules in one module layer
 * (defined by the launcher), each plugin jar of {@code plugins/} in a {@link java.lang.ModuleLayer} of
 * its own ({@code PluginLayers}), its {@code dev.orrery.schedule.Plugin}, {@code ScheduleHooks} and
 * {@code dev.orrery.host.HostClient} providers found with {@link java.util.ServiceLoader} and handed to
 * the host core, and a polling watch of the folder ({@code PluginFolderWatch}) that hands only settled
 * jars on.
 *
 * <p>Exported for the launcher, which calls {@link dev.orrery.host.jpms.JpmsMain#run}, and for tools
 * that serve the web console over a host core ({@link dev.orrery.host.jpms.JpmsConsole}).
 *
 * <p>Sources: JPMS (JLS 7.7, {@code java.lang.module}, {@code ModuleLayer}, {@code ServiceLoader}).
 * Beyond the spec (Orrery's own): the folder watch, the per-jar layers and the reload rules.
 *
 * @since 0.1
 */
@Export
@Version("0.1.0")
package dev.orrery.host.jpms;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
