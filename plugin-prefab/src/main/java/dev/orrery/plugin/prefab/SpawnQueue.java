package dev.orrery.plugin.prefab;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitValue;
import dev.orrery.world.World;
import dev.orrery.world.unload.Purgeable;
import dev.orrery.world.unload.Unloading;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The spawn requests of one world and the errors of the requests that failed: the value of the world
 * trait {@link #TRAIT}.
 *
 * <p>Any system may {@link #request} spawns; nothing is spawned then. The system {@code prefab/spawn}
 * takes every request made since its last run and instantiates them in request order, at one point
 * of the frame (its phase, see {@link PrefabPlugin}); like every structural change inside a schedule's
 * run they are staged, and {@code prefab/spawn} publishes them when it returns, so every system after
 * it sees all of a frame's new entities at once. A request that fails (unknown prefab or
 * parent, inheritance cycle, override of a trait the prefab lacks, failing value factory) is
 * <b>dropped and reported</b>: no entity is spawned for it, a {@link SpawnError} naming the prefab is
 * kept here until {@link #drainErrors()}, and the other requests of that pass are spawned as usual.
 * Dropping, rather than spawning with defaults, keeps half-right entities (a typo in a prefab name,
 * an override meant for another prefab) out of the game; the error says what to fix.
 *
 * <p>Mutable and confined to the world's thread. Errors accumulate until drained (a host or devtools
 * drains them each frame). When code is unloaded, {@link #purge(Unloading)} drops the requests and
 * errors whose overrides refer to it.
 */
public final class SpawnQueue implements Purgeable {
    /** The world trait holding the queue; added lazily, empty. */
    public static final Trait<SpawnQueue> TRAIT = Trait.of("prefab/spawn-queue", SpawnQueue::new);

    private List<SpawnRequest> requests = new ArrayList<>();
    private List<SpawnRequest> spare = new ArrayList<>();
    private final List<SpawnError> errors = new ArrayList<>();

    /** Creates an empty queue; normally made by {@link #of(World)}. */
    public SpawnQueue() {
    }

    /**
     * @param world the world
     * @return the world's queue, added empty on first use
     */
    public static SpawnQueue of(World world) {
        return world.add(TRAIT);
    }

    /**
     * Asks for one entity from a prefab, spawned at the next run of {@code prefab/spawn}. The name and
     * overrides are checked then, not now.
     *
     * @param prefab the prefab name; not empty
     * @param overrides values that replace the prefab's for traits it declares
     * @throws IllegalArgumentException if {@code prefab} is null or empty
     */
    public void request(String prefab, TraitValue<?>... overrides) {
        requests.add(SpawnRequest.of(prefab, overrides));
    }

    /**
     * Asks for one entity, as {@link #request(String, TraitValue...)}.
     *
     * @param request the request; not null
     */
    public void request(SpawnRequest request) {
        requests.add(Objects.requireNonNull(request, "SpawnQueue.request: request is null"));
    }

    /**
     * Drops the waiting requests and the errors whose overrides have a trait or value of unloaded code
     * ({@link Unloading#isUnloaded(Object)}).
     *
     * @param unloading what is being unloaded
     * @return the number of requests and errors dropped
     */
    @Override
    public int purge(Unloading unloading) {
        int before = requests.size() + errors.size();
        requests.removeIf(r -> refersTo(r, unloading));
        errors.removeIf(e -> refersTo(e.request(), unloading));
        spare.clear();
        return before - requests.size() - errors.size();
    }

    private static boolean refersTo(SpawnRequest r, Unloading unloading) {
        for (TraitValue<?> o : r.overrides()) {
            if (unloading.isUnloaded(o.trait()) || unloading.isUnloaded(o.value())) {
                return true;
            }
        }
        return false;
    }

    /** @return the number of requests waiting for {@code prefab/spawn} */
    public int pending() {
        return requests.size();
    }

    /** @return the reported errors not yet drained, oldest first (an unmodifiable copy) */
    public List<SpawnError> errors() {
        return List.copyOf(errors);
    }

    /** @return the reported errors, oldest first, and forgets them */
    public List<SpawnError> drainErrors() {
        List<SpawnError> out = List.copyOf(errors);
        errors.clear();
        return out;
    }

    /**
     * Instantiates every waiting request, in request order: the body of {@code prefab/spawn}.
     * Requests made while this runs (by a value factory) wait for the next call.
     *
     * @param world the world to spawn in
     * @param registry the world's prefabs
     * @return the number of entities spawned
     */
    public int spawnAll(World world, PrefabRegistry registry) {
        if (requests.isEmpty()) {
            return 0;
        }
        List<SpawnRequest> batch = requests;
        requests = spare;
        int spawned = 0;
        try {
            for (SpawnRequest r : batch) {
                try {
                    registry.instantiate(world, r);
                    spawned++;
                } catch (PrefabException e) {
                    errors.add(new SpawnError(r, e.getMessage()));
                } catch (RuntimeException e) {
                    errors.add(new SpawnError(r, "prefab '" + r.prefab() + "': spawning failed: " + e));
                }
            }
        } finally {
            batch.clear();
            spare = batch;
        }
        return spawned;
    }
}
