package dev.orrery.world.unload;

import dev.orrery.world.MessageBus;
import dev.orrery.world.MessageType;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import dev.orrery.world.snapshot.WorldSnapshot;
import java.lang.System.Logger.Level;
import java.util.Objects;

/**
 * Drops from a world what belongs to code that is being unloaded (a bundle that is uninstalled or
 * updated, a plugin layer that is dropped), so that the world keeps no reference to that code's
 * classes and its class loader can be collected. Built on the world's cold-path API
 * ({@link World#knownTraits()}, {@link World#forget(Trait)}, {@link World#removeFromEntities(Trait,
 * java.util.function.Predicate)}); a host calls it on the world's thread at a frame boundary.
 *
 * @since 0.1
 */
public final class WorldPurge {
    private static final System.Logger LOG = System.getLogger("dev.orrery.world.unload");

    private WorldPurge() {
    }

    /**
     * Purges one world. In order:
     * <ol>
     *   <li>every trait the world refers to ({@link World#knownTraits()}: world trait, entity
     *       component, or named by a cached query) that belongs to unloaded code
     *       ({@link Unloading#isUnloaded(Object)}: created by it, or its default factory or default
     *       value is of its classes) is {@linkplain World#forget(Trait) forgotten}; a
     *       {@linkplain Trait#isPersistent() persistent} one keeps its values as opaque data
     *       ({@link WorldSnapshot#keepOpaque}: trees with the trait's version, on the world and the
     *       entities), so that the code's next version, or the same code installed again, finds its
     *       state ({@link WorldSnapshot#adopt}); if its codec fails, one WARNING names the trait and its
     *       values are dropped;</li>
     *   <li>every other world trait whose value is of an unloaded class is removed;</li>
     *   <li>every entity component whose value is of an unloaded class is removed from its entity (the
     *       entity stays, with its other traits);</li>
     *   <li>every remaining world trait value that is {@link Purgeable} is asked to drop its entries of
     *       unloaded code;</li>
     *   <li>every message type of unloaded code ({@link Unloading#isUnloaded(Object)}: created by it)
     *       is {@linkplain MessageBus#forget forgotten} with its buffered messages, and every buffered
     *       message of another type whose value is of an unloaded class is
     *       {@linkplain MessageBus#removeIf removed} (readers skip it).</li>
     * </ol>
     * Values of JDK classes and of classes of code that stays are kept in traits of code that stays; a
     * transient trait of unloaded code goes with all its values. A value of unloaded classes in a trait
     * of code that stays is removed, persistent or not (its classes go, and the codec that stays did not
     * write it for them). Values are judged by their own class only (see
     * {@link Unloading}). Cost: one pass over the traits, the world trait values, every entity's
     * components and the buffered messages; a cold path, never per frame.
     *
     * @param world the world; not null
     * @param unloading what is being unloaded; not null
     * @return what was dropped
     * @throws NullPointerException if an argument is null; the message names it
     * @throws IllegalStateException if called while a query of the world is iterating
     *     ({@link World#isIterating()}) or a schedule runs on it ({@link World#isStaging()}); nothing
     *     is dropped then
     * @throws RuntimeException what a {@link Purgeable} threw; what was dropped before stays dropped
     */
    public static PurgeReport purge(World world, Unloading unloading) {
        Objects.requireNonNull(world, "WorldPurge.purge: world is null");
        Objects.requireNonNull(unloading, "WorldPurge.purge: unloading is null");
        if (world.isIterating()) {
            throw new IllegalStateException("WorldPurge.purge: cannot run while a query is iterating this world");
        }
        if (world.isStaging()) {
            throw new IllegalStateException("WorldPurge.purge: cannot run while a schedule runs on this world (its "
                    + "structural changes are staged in a transaction); purge between run calls");
        }
        int worldTraits = 0;
        int components = 0;
        int kept = 0;
        for (Trait<?> t : world.knownTraits()) {
            if (unloading.isUnloaded(t)) {
                if (t.isPersistent()) {
                    int k = keepOpaque(world, t);
                    if (k >= 0) {
                        kept += k;
                        continue;
                    }
                }
                if (world.has(t)) {
                    worldTraits++;
                }
                components += world.forget(t);
            }
        }
        for (Trait<?> t : world.worldTraits()) {
            if (unloading.isUnloaded(world.get(t))) {
                world.remove(t);
                worldTraits++;
            }
        }
        for (Trait<?> t : world.entityTraits()) {
            components += world.removeFromEntities(t, unloading::isUnloaded);
        }
        int entries = 0;
        for (Trait<?> t : world.worldTraits()) {
            if (world.get(t) instanceof Purgeable p) {
                entries += p.purge(unloading);
            }
        }
        int messages = 0;
        MessageBus bus = world.messageBus();
        for (MessageType<?> type : bus.types()) {
            messages += unloading.isUnloaded(type) ? bus.forget(type) : bus.removeIf(type, unloading::isUnloaded);
        }
        return worldTraits == 0 && components == 0 && entries == 0 && messages == 0 && kept == 0
                ? PurgeReport.NONE : new PurgeReport(worldTraits, components, entries, messages, kept);
    }

    /** @return the values kept as opaque data, or -1 if the codec failed (logged; nothing kept, nothing changed) */
    private static int keepOpaque(World world, Trait<?> trait) {
        try {
            return WorldSnapshot.keepOpaque(world, trait);
        } catch (IllegalArgumentException e) {
            LOG.log(Level.WARNING, "WorldPurge.purge: the values of persistent trait '" + trait.name()
                    + "' are dropped, not kept as opaque data: " + e.getMessage());
            return -1;
        }
    }
}
