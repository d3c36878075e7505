/**
 * Devtools for a running Orrery schedule, usable with or without OSGi.
 *
 * <p>Observes only, never builds or changes a schedule: {@link dev.orrery.plugin.devtools.SystemTimings}
 * measures systems through {@link dev.orrery.schedule.ScheduleHooks};
 * {@link dev.orrery.plugin.devtools.Explainer} tells why one system runs before another;
 * {@link dev.orrery.plugin.devtools.GraphRenderer} draws a schedule as Graphviz DOT or Mermaid text, linking
 * only the phases that run one after the other ({@link dev.orrery.plugin.devtools.PhaseChains}).
 * Everything here reads the schedule's introspection API (SCH-142, SCH-143) and, where it needs
 * the enabled flags, takes them as data that the caller read on the world's thread.
 * {@link dev.orrery.plugin.devtools.TimingsSource} is the devtools bundle's service through which other
 * tools read its timings.
 *
 * <p>The values the bundle's Gogo shell commands return, and their text, are in
 * {@code dev.orrery.plugin.devtools.report}; the commands themselves are in the non-exported
 * {@code internal} package.
 */
@Export
@Version("0.5.0")
package dev.orrery.plugin.devtools;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
