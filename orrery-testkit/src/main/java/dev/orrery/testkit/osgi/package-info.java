/**
 * In-framework helpers for testing a plugin bundle in a real Orrery host, independent of the test
 * framework (Pax Exam's JUnit 4 driver, or JUnit 5 through the OSGi Test extensions): the
 * {@link dev.orrery.testkit.osgi.HostDriver} steps frames, runs work on the frame thread with a timeout
 * that cancels it, waits for plugin states and rebuilds, and installs, updates and uninstalls plugin
 * bundles (refreshing them, and refusing the probe-wiring trap, see
 * {@link dev.orrery.testkit.osgi.ProbeTrap}); {@link dev.orrery.testkit.osgi.LogCapture} records log
 * lines of the host and of plugins, and {@link dev.orrery.testkit.osgi.ConsoleCapture} what is printed
 * to the console instead (SCR's and the framework's own reports).
 *
 * <p>Nothing here needs Pax Exam, and the kit's bundle imports Pax Exam and {@code javax.inject} only
 * optionally, so it also resolves in a framework launched by bnd's testing plugin; there a JUnit 5
 * test gets the driver from the OSGi Test extensions' injected context and host with
 * {@link dev.orrery.testkit.osgi.HostDriver#of} (see the module {@code orrery-testkit-junit5-example}).
 *
 * @since 0.1
 */
@Export
@Version("0.3.0")
package dev.orrery.testkit.osgi;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
