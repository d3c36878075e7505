/**
 * The web console's logic, free of any servlet or OSGi type so that any HTTP front end can serve it
 * (the OSGi HTTP Whiteboard servlet of this bundle; a later JPMS front end). Beyond the spec (Orrery's own).
 *
 * <p>{@link dev.orrery.plugin.console.ConsoleHandler} answers a {@link dev.orrery.plugin.console.ConsoleRequest}
 * with a {@link dev.orrery.plugin.console.ConsoleResponse}: JSON for schedules, timings and plugins
 * ({@link dev.orrery.plugin.console.ConsoleJson}), the schedule picture as SVG laid out by the Eclipse
 * Layout Kernel ({@link dev.orrery.plugin.console.GraphSvg}), the pages, and the steering requests, which
 * need a session token ({@link dev.orrery.plugin.console.SessionTokens}) and a loopback caller
 * ({@link dev.orrery.plugin.console.MutationGuard}) and run on the host's frame thread like the shell's
 * commands. {@link dev.orrery.plugin.console.ConsoleSettings} reads {@code orrery.console.*}.
 */
@Export
@Version("0.1.0")
package dev.orrery.plugin.console;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
