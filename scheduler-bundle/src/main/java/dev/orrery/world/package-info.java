/**
 * The ECS world: world traits (typed, identity-keyed singletons per world) and, later, entities that
 * carry traits, with queries over them.
 *
 * <p>A {@link dev.orrery.world.World} is confined to one thread: the thread that runs its schedules
 * (a host's frame thread). Nothing in this package is synchronized.
 */
@Export
@Version("0.1.0")
package dev.orrery.world;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
