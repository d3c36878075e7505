/**
 * The web console's logic (not exported), free of any servlet or OSGi type so that any HTTP front end
 * can serve it (the OSGi Whiteboard servlet of {@code internal.osgi}, the JDK server of
 * {@code internal.jdk}). Beyond the spec (Orrery's own).
 *
 * <p>{@link dev.orrery.plugin.console.internal.web.ConsoleHandler} answers a
 * {@link dev.orrery.plugin.console.internal.web.ConsoleRequest} with a
 * {@link dev.orrery.plugin.console.internal.web.ConsoleResponse}: JSON for schedules, timings and plugins
 * ({@code ConsoleJson}, from the devtools' report values), the schedule picture as SVG laid out by the
 * Eclipse Layout Kernel ({@code GraphSvg}), the pages, and the steering requests, which need a session
 * token ({@code SessionTokens}) and a loopback caller ({@code MutationGuard}) and run on the host's
 * frame thread like the shell's commands. Every request first passes {@code LoopbackGate} (a loopback
 * {@code Host}, the console's own {@code Origin} and {@code Sec-Fetch-Site}); {@code QueryString}
 * decodes URLs strictly for the front ends, which set {@code SecurityHeaders} on every answer. {@link dev.orrery.plugin.console.internal.web.EventStream}
 * streams the live timings and the host's changes as server-sent events.
 */
package dev.orrery.plugin.console.internal.web;
