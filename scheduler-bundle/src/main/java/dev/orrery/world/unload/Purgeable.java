package dev.orrery.world.unload;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A world trait value that holds objects of other code (a registry of templates, a queue of requests)
 * and can drop them when that code is unloaded. {@link WorldPurge#purge} calls
 * {@link #purge(Unloading)} on every world trait value that implements this interface and is not
 * itself dropped, so a container defined by a bundle that stays (a model or platform bundle) forgets
 * the entries of a bundle that leaves, and its classes become collectable.
 *
 * <p>Called on the world's thread, like every world method.
 *
 * @since 0.1
 */
@ConsumerType
public interface Purgeable {
    /**
     * Drops every entry that belongs to unloaded code ({@link Unloading#isUnloaded(Object)} on the
     * entry's traits, values, factories, or on the class that defined it).
     *
     * @param unloading what is being unloaded
     * @return the number of entries dropped
     */
    int purge(Unloading unloading);
}
