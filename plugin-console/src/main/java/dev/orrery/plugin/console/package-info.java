/**
 * The web console's API: what other modules use to serve the console or to feed it. Beyond the spec
 * (Orrery's own).
 *
 * <p>{@link dev.orrery.plugin.console.ConsoleSettings} reads and checks the {@code orrery.console.*}
 * settings; {@link dev.orrery.plugin.console.ConsoleHttpServer} serves the console on the JDK's HTTP
 * server for a front end without an OSGi HTTP Whiteboard (the JPMS front end); its timings come from a
 * {@link dev.orrery.plugin.console.TimingsFeed}, and a front end hands the console's own timings hooks to
 * its host through a {@link dev.orrery.plugin.console.ListenedTimingsFeed}, only while a page listens.
 * The console's logic (pages, JSON, the schedule picture, steering, the event stream) and its OSGi front
 * end (a Declarative Services component registering a Whiteboard servlet) are not exported.
 */
@Export
@Version("0.2.0")
package dev.orrery.plugin.console;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
