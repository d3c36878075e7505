/**
 * A log capture for tests on a plain JVM ({@link dev.orrery.testsupport.log.CapturedLog}): a
 * {@code System.Logger} to inject, or a handler on a {@code java.util.logging} logger, both keeping
 * the records off the console for the test to assert on.
 */
@Export
@Version("0.1.0")
package dev.orrery.testsupport.log;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
