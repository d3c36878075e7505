/** Shared by the test probe and the test plugin bundles; exported by the support bundle. */
@Export
@Version("1.0.0")
package dev.orrery.host.itest.support;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
