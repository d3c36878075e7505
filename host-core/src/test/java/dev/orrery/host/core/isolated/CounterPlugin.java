package dev.orrery.host.core.isolated;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.world.Query;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.World;

/**
 * A plugin with persistent state, loaded by the rehydration tests in a class loader of its own per
 * "bundle version" ({@code PluginLoader}): its trait, its record and its system are that loader's, as
 * a plugin bundle's are of its bundle. Each frame it counts in a world value and, on its first frame,
 * spawns one entity holding a count of 100.
 */
public final class CounterPlugin {
    /** The trait's id, stable across versions. */
    public static final String ID = "counter/count";

    /**
     * The counted state.
     *
     * @param n frames counted
     */
    public record Count(long n) {
    }

    private static final Trait<Count> COUNT = Trait.<Count>builder(ID).defaultValue(new Count(0))
            .persistent(1, TraitCodec.of(Count.class)).build();

    private CounterPlugin() {
    }

    /** @return the plugin {@code counter}: one system that declares its write of {@link #ID} */
    public static Plugin plugin() {
        return Plugin.builder("counter").systems(EcsSystem.builder("counter/tick").writes(COUNT).run(CounterPlugin::tick)
                .build()).build();
    }

    private static void tick(World world, double dt) {
        long n = world.add(COUNT).n();
        if (n == 0) {
            world.spawn(COUNT.with(new Count(100)));
        }
        world.set(COUNT, new Count(n + 1));
    }

    /**
     * @param world a world
     * @return the world value's count, or -1 when the world has none of this loader's trait
     */
    public static long count(World world) {
        return world.has(COUNT) ? world.get(COUNT).n() : -1;
    }

    /**
     * Sets the world value, as a save made by this version would hold it.
     *
     * @param world a world
     * @param n the count
     */
    public static void seed(World world, long n) {
        world.set(COUNT, new Count(n));
    }

    /**
     * @param world a world
     * @return how many entities hold this loader's trait
     */
    public static int entities(World world) {
        return world.query(Query.of(COUNT)).count();
    }
}
