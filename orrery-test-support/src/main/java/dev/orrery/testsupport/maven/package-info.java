/**
 * Maven builds of a project outside the reactor, as a user would run them
 * ({@link dev.orrery.testsupport.maven.OfflineBuild}): offline, against a private local repository
 * that holds the reactor's artifacts, every other artifact read from the build's own local repository.
 */
@Export
@Version("0.1.0")
package dev.orrery.testsupport.maven;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
