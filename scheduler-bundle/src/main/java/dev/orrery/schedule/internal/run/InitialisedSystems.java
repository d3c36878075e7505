package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.world.unload.Purgeable;
import dev.orrery.world.unload.Unloading;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Beyond the spec (Orrery's system lifecycle): which systems are initialised in one world, the value
 * of a world trait that a schedule shares with every schedule that adopts its state
 * ({@code adoptStateOf}) or derives from it ({@code withoutPlugins}), so a rebuild does not initialise
 * a system again. {@link dev.orrery.world.World#reset()} removes it like every world trait: after a
 * reset, systems are initialised again on their next pass, without a dispose in between.
 *
 * <p>Systems are matched by identity ({@link EcsSystem} is compared by identity), not by name: a
 * plugin that is updated brings new system objects of the same names, and the old ones are disposed
 * when they leave while the new ones are initialised. Entries keep the initialisation order, so
 * disposal can go in reverse.
 *
 * <p>A mutable holder, confined to the world's thread like the world; {@link #version()} changes with
 * every change, so each schedule's per-world cache of "phase initialised" flags knows when to refresh.
 * A {@link Purgeable}: {@link dev.orrery.world.unload.WorldPurge#purge} forgets, without disposing, entries whose
 * system belongs to unloaded code (a host disposes departing systems before it purges).
 */
final class InitialisedSystems implements Purgeable {
    /** Initialised system → the plugin that declared it (or the schedule's name), in initialisation order. */
    private final Map<EcsSystem, String> systems = new LinkedHashMap<>();
    private int version;

    /** @return a counter that changes with every change of the entries */
    int version() {
        return version;
    }

    /** @return whether the system is initialised in this world */
    boolean contains(EcsSystem system) {
        return systems.containsKey(system);
    }

    /** Records a system as initialised. */
    void add(EcsSystem system, String source) {
        systems.put(system, source);
        version++;
    }

    /** @return whether the system was recorded (and now is not any more) */
    boolean remove(EcsSystem system) {
        boolean removed = systems.remove(system) != null;
        if (removed) {
            version++;
        }
        return removed;
    }

    /** @return the source recorded with the system, or null if it is not initialised */
    String sourceOf(EcsSystem system) {
        return systems.get(system);
    }

    /** @return the initialised systems, newest first (the order to dispose them in); a new list */
    List<EcsSystem> newestFirst() {
        List<EcsSystem> list = new ArrayList<>(systems.keySet());
        java.util.Collections.reverse(list);
        return list;
    }

    /** @return the number of initialised systems */
    int size() {
        return systems.size();
    }

    /**
     * Forgets, without disposing, the systems whose run, init or dispose function belongs to unloaded
     * code.
     *
     * @param unloading what is being unloaded
     * @return how many were forgotten
     */
    @Override
    public int purge(Unloading unloading) {
        int dropped = 0;
        for (Iterator<EcsSystem> it = systems.keySet().iterator(); it.hasNext(); ) {
            EcsSystem s = it.next();
            if (unloading.isUnloaded(s.run()) || unloading.isUnloaded(s.init().orElse(null))
                    || unloading.isUnloaded(s.dispose().orElse(null))) {
                it.remove();
                dropped++;
            }
        }
        if (dropped > 0) {
            version++;
        }
        return dropped;
    }
}
