/**
 * The test double of the host API for Orrery's own unit tests:
 * {@link dev.orrery.testsupport.host.FakeGameHost}, a {@code GameHost} without threads or timers.
 */
@Export
@Version("0.1.0")
package dev.orrery.testsupport.host;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
