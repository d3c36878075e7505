/**
 * The console's OSGi front end (not exported): a Declarative Services component that registers the
 * console's servlet with the OSGi HTTP Whiteboard (served by Apache Felix HTTP Jetty), reports whether
 * the HTTP server listens on the console's port, and picks the timings feed. Beyond the spec (Orrery's own).
 */
package dev.orrery.plugin.console.internal.osgi;
