/**
 * Unloading code from a world: which class loaders' code leaves ({@link dev.orrery.world.unload.Unloading}),
 * world values that drop their entries of it ({@link dev.orrery.world.unload.Purgeable}), and the
 * purge itself ({@link dev.orrery.world.unload.WorldPurge}), built on the cold-path API of
 * {@link dev.orrery.world.World}. Used by hosts at a frame boundary, on the world's thread.
 */
@Export
@Version("0.2.0")
package dev.orrery.world.unload;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
