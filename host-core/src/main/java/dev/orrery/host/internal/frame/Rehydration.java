package dev.orrery.host.internal.frame;

import dev.orrery.host.Schedules;
import dev.orrery.world.Query;
import dev.orrery.world.QueryResult;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import dev.orrery.world.snapshot.OpaqueTraits;
import dev.orrery.world.snapshot.WorldSnapshot;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Collections;
import java.util.HashSet;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * Gives plugins their persistent state back: the opaque data of every persistent trait that a plugin
 * of the schedules in force declares ({@link Schedules#persistentTraits()}) is decoded under that
 * plugin's trait object ({@link WorldSnapshot#adopt}). Opaque data is what a departed plugin's
 * persistent traits became ({@code WorldPurge.purge}) or what a loaded file held for a trait no
 * running plugin defined; so after an uninstall and reinstall, an update, or a load made while the
 * plugin was absent, the plugin finds its values again. One INFO line per trait adopted; one WARNING
 * per trait object whose data cannot be decoded (it stays opaque, written back unchanged by a save).
 *
 * <p>Implementation notes. Runs on the frame thread at a frame boundary, after every install of a
 * swap (and its purge) and after every purge a bundle event requested: the two moments opaque data
 * appears or a declaring plugin arrives. A world without opaque data costs one world-trait lookup and
 * one cached query's emptiness check. {@code warned} holds the trait objects whose data failed, weakly,
 * so a failing trait warns once however often the host reinstalls, and holds no departed class loader.
 * A failing codec is plugin code: any {@link RuntimeException} or {@link LinkageError} it throws is
 * that trait's WARNING, never the frame thread's end.
 */
final class Rehydration {
    private static final Query OPAQUE = Query.of(OpaqueTraits.TRAIT);

    private final Logger log;
    private final Set<Trait<?>> warned = Collections.newSetFromMap(new WeakHashMap<>());

    /** @param log where adoptions and failures are logged */
    Rehydration(Logger log) {
        this.log = log;
    }

    /**
     * Frame thread, at a frame boundary: adopts the opaque data of every declared persistent trait.
     *
     * @param world the world
     * @return how many values were adopted
     */
    int run(World world) {
        if (world.isStaging() || world.isIterating()) {
            return 0; // not a frame boundary (never expected: swaps and purges are frame tasks); the next one retries
        }
        Set<String> opaqueIds = opaqueIds(world);
        if (opaqueIds.isEmpty()) {
            return 0;
        }
        int adopted = 0;
        for (Schedules.DeclaredTrait declared : world.get(Schedules.TRAIT).persistentTraits()) {
            Trait<?> trait = declared.trait();
            if (opaqueIds.contains(trait.name())) {
                adopted += adopt(world, declared);
            }
        }
        return adopted;
    }

    private int adopt(World world, Schedules.DeclaredTrait declared) {
        Trait<?> trait = declared.trait();
        try {
            int n = WorldSnapshot.adopt(world, trait);
            if (n > 0) {
                log.log(Level.INFO, "rehydrated persistent trait '" + trait.name() + "' for plugin '" + declared.plugin()
                        + "': " + n + (n == 1 ? " value" : " values"));
            }
            return n;
        } catch (RuntimeException | LinkageError e) {
            if (warned.add(trait)) {
                log.log(Level.WARNING, "persistent trait '" + trait.name() + "' of plugin '" + declared.plugin()
                        + "' stays opaque data: " + reason(e));
            }
            return 0;
        }
    }

    /** @return the ids of the world's and every entity's opaque data */
    private static Set<String> opaqueIds(World world) {
        Set<String> ids = new HashSet<>();
        if (world.has(OpaqueTraits.TRAIT)) {
            ids.addAll(world.get(OpaqueTraits.TRAIT).byId().keySet());
        }
        QueryResult withOpaque = world.query(OPAQUE);
        if (!withOpaque.isEmpty()) {
            for (long e : withOpaque.entities()) {
                ids.addAll(world.get(e, OpaqueTraits.TRAIT).byId().keySet());
            }
        }
        return ids;
    }

    private static String reason(Throwable e) {
        String m = e.getMessage();
        if (m == null) {
            return e.toString();
        }
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
