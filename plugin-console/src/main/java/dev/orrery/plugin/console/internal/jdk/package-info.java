/**
 * The console's JDK HTTP server front end (not exported): the implementation of
 * {@code dev.orrery.plugin.console.ConsoleHttpServer} on {@code com.sun.net.httpserver}, found by the API
 * through {@code ServiceLoader}. Beyond the spec (Orrery's own).
 */
package dev.orrery.plugin.console.internal.jdk;
