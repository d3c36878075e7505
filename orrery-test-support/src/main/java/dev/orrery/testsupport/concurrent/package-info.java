/**
 * Deterministic stand-ins for threads in tests: {@link dev.orrery.testsupport.concurrent.QueuedExecutor}
 * runs handed-over work only when the test says so.
 */
@Export
@Version("0.1.0")
package dev.orrery.testsupport.concurrent;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
