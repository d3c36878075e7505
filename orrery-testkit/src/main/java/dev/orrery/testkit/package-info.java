/**
 * Testing a plugin without OSGi (JUnit 5 or any framework): {@link dev.orrery.testkit.PluginHarness}
 * builds a schedule from the plugins under test, steps it frame by frame with a fixed dt (seconds) on
 * its own world, seeds and reads world traits, and records which systems ran or were skipped and why
 * ({@link dev.orrery.testkit.SystemRun}), in execution order.
 *
 * <p>For tests inside an OSGi framework (the plugin as a bundle in a real host) see
 * {@code dev.orrery.testkit.paxexam} (Pax Exam options and base class) and
 * {@code dev.orrery.testkit.osgi} (the host driver, usable from any in-framework test).
 *
 * @since 0.1
 */
@Export
@Version("0.1.0")
package dev.orrery.testkit;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
