/**
 * Pax Exam 4 support for plugin tests (JUnit 4 driver, run on the JUnit Platform by
 * junit-vintage-engine): {@link dev.orrery.testkit.paxexam.OrreryOptions} gives the platform's
 * container options and the plugin under test in one call each, and
 * {@link dev.orrery.testkit.paxexam.OrreryPluginTest} is the base class that injects the host, gives a
 * {@link dev.orrery.testkit.osgi.HostDriver}, and builds a probe that does not fall into the
 * probe-wiring trap ({@link dev.orrery.testkit.osgi.ProbeTrap}).
 * {@link dev.orrery.testkit.paxexam.PlatformOptions} tunes the platform (rebuild coalescing, no
 * prefabs, a folder watched by FileInstall), and {@link dev.orrery.testkit.paxexam.TestBundle} builds
 * bundles from test classes with bnd (a plugin's second version, a model bundle).
 *
 * @since 0.1
 */
@Export
@Version("0.2.0")
package dev.orrery.testkit.paxexam;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
