/**
 * The launcher's JPMS front end ({@code bin/orrery --jpms}): the platform modules in one module layer,
 * each plugin jar of {@code plugins/} in a {@link java.lang.ModuleLayer} of its own
 * ({@link dev.orrery.launcher.jpms.PluginLayers}), its {@code dev.orrery.schedule.Plugin} providers found
 * with {@link java.util.ServiceLoader}, and a polling watch of the folder
 * ({@link dev.orrery.launcher.jpms.PluginFolderWatch}) that hands only settled jars on.
 *
 * <p>Sources: JPMS (JLS 7.7, {@code java.lang.module}, {@code ModuleLayer}, {@code ServiceLoader}).
 * Beyond the spec (Orrery's own): the folder watch, the per-jar layers and the reload rules.
 */
package dev.orrery.launcher.jpms;
