package dev.orrery.plugin.prefab;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.SystemSet;
import dev.orrery.world.World;
import java.util.List;

/**
 * The {@code prefab} plugin: immutable data (one phase, one set, one system, all named
 * {@code prefab/...}), published as an OSGi service by the bundle's Declarative Services component and
 * declared for {@link java.util.ServiceLoader}.
 *
 * <p><b>When spawns happen.</b> The system {@link #SPAWN} ({@code prefab/spawn}) instantiates every
 * request of the frame in its own phase {@link #SPAWN_PHASE} ({@code prefab/Spawn}), which runs right
 * after PostUpdate and before PreStore. Why there:
 * <ul>
 *   <li>after the simulation phases (OnLoad to PostUpdate), so every request a gameplay system makes
 *       in the frame, in OnStart included, is served in that same frame, at one point;</li>
 *   <li>before PreStore and OnStore, so rendering and storing see the new entities in the frame they
 *       were requested, and gameplay systems see them from the next frame on, all at once, never
 *       half-way through a phase;</li>
 *   <li>its own phase rather than a builtin one, so that other plugins can place work relative to
 *       spawning by phase ({@code dependsOn: prefab/Spawn}, e.g. to initialise new entities), and so
 *       that nothing of the host's own PostUpdate/PreStore ordering has to know about it. Within the
 *       phase, systems can order against the set {@link #SPAWNING}: {@code prefab/spawn} publishes its
 *       spawns when it returns (the phase is a structural transaction, and the system declares a
 *       barrier after itself), so a system after the set sees them.</li>
 * </ul>
 * Requests made in PreStore or OnStore are spawned in the next frame. A schedule stepped with
 * {@code runPhase}/{@code runPhases} spawns when its steps include {@code prefab/Spawn}.
 */
public final class PrefabPlugin {
    /** The plugin name. */
    public static final String NAME = "prefab";

    /** The phase in which requests are spawned: directly after PostUpdate, before PreStore. */
    public static final Phase SPAWN_PHASE = Phase.builder("prefab/Spawn")
            .dependsOn(Phase.POST_UPDATE)
            .before(Phase.PRE_STORE)
            .build();

    /** The set of {@link #SPAWN}, for ordering other systems of {@link #SPAWN_PHASE} around it. */
    public static final SystemSet SPAWNING = SystemSet.define("prefab/spawning");

    /**
     * {@code prefab/spawn}: instantiates every waiting request of the world's {@link SpawnQueue} with
     * its {@link PrefabRegistry}, in request order; bad requests are dropped and reported
     * ({@link SpawnQueue#drainErrors()}), never aborting the others. Does nothing (adds no trait) when
     * no request was made. Its spawns are published as soon as it returns (a {@code commitAfter}
     * barrier), so the systems ordered after {@link #SPAWNING} in the same phase see the new entities.
     */
    public static final EcsSystem SPAWN = EcsSystem.builder("prefab/spawn")
            .phase(SPAWN_PHASE)
            .sets(SPAWNING)
            .commitAfter()
            .run(PrefabPlugin::spawnRequests)
            .build();

    /** The plugin value. */
    public static final Plugin PLUGIN = Plugin.builder(NAME)
            .phases(SPAWN_PHASE)
            .sets(SPAWNING)
            .systems(SPAWN)
            .build();

    private PrefabPlugin() {
    }

    private static void spawnRequests(World world, double dt) {
        SpawnQueue queue = world.get(SpawnQueue.TRAIT);
        if (queue != null && queue.pending() > 0) {
            queue.spawnAll(world, PrefabRegistry.of(world));
        }
    }

    /**
     * A system that keeps the given prefabs registered in the world's registry: the usual way for a
     * content plugin to contribute prefabs.
     *
     * <p>It sits in {@link Phase#ON_LOAD}, the first phase of every frame after OnStart, and is gated
     * by a run condition that checks, by identity, whether each of its prefabs is the one registered
     * under its name ({@link PrefabRegistry#contains(Prefab)}): O(number of prefabs) map look-ups per
     * frame, and the system itself runs only when one is missing. So the prefabs are registered
     * <ul>
     *   <li>in the first frame of a world, before {@code prefab/spawn} serves the requests made in
     *       that frame (OnStart systems included); note that OnStart systems run before it, so they
     *       may request spawns but should not read the registry;</li>
     *   <li>again after {@code world.reset()} (the registry is gone);</li>
     *   <li>again after a hot update of the content bundle: the host purges the old bundle's prefabs
     *       from the registry ({@code WorldPurge.purge}), and the updated bundle's system, although it has
     *       the same name, registers its new prefab objects in the next frame. An OnStart system would
     *       not: OnStart completion is recorded by system name, so it does not run again.</li>
     * </ul>
     * A different prefab already registered under one of the names (e.g. a name clash between two
     * content plugins) makes the system throw, every frame it runs, naming the prefab (see
     * {@link PrefabRegistry#register(Prefab)}); the host pauses the simulation on that fault.
     *
     * @param systemName the system name, prefixed by the content (e.g. {@code dungeon/prefabs})
     * @param prefabs the prefabs; registered in this order; not null
     * @return the system
     * @throws IllegalArgumentException if {@code systemName} is null or empty
     * @throws NullPointerException if a prefab is null
     */
    public static EcsSystem keepRegistered(String systemName, Prefab... prefabs) {
        List<Prefab> list = List.of(prefabs);
        return EcsSystem.builder(systemName)
                .phase(Phase.ON_LOAD)
                .runIf(world -> anyMissing(world, list))
                .run((world, dt) -> registerAll(world, list))
                .build();
    }

    private static boolean anyMissing(World world, List<Prefab> prefabs) {
        PrefabRegistry registry = world.get(PrefabRegistry.TRAIT);
        if (registry == null) {
            return !prefabs.isEmpty();
        }
        for (Prefab p : prefabs) {
            if (!registry.contains(p)) {
                return true;
            }
        }
        return false;
    }

    private static void registerAll(World world, List<Prefab> prefabs) {
        PrefabRegistry registry = PrefabRegistry.of(world);
        for (Prefab p : prefabs) {
            registry.register(p);
        }
    }
}
