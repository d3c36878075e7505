package dev.orrery.plugin.example;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.world.Trait;
import dev.orrery.world.World;

/**
 * The example plugin's data: plugin {@code example}, one system {@code example/clock} in
 * {@link Phase#ON_UPDATE} that adds up dt in the world trait {@link #TIME} and logs the simulated time
 * once per simulated second.
 */
public final class ClockPlugin {
    /** Simulated seconds, kept in the world (so it survives rebuilds of the schedule). */
    public static final Trait<double[]> TIME = Trait.of("example/time", () -> new double[1]);

    /** The immutable plugin value. */
    public static final Plugin PLUGIN = Plugin.builder("example")
            .systems(EcsSystem.define("example/clock", Phase.ON_UPDATE, ClockPlugin::tick))
            .build();

    private static final System.Logger LOG = System.getLogger("dev.orrery.plugin.example");

    private ClockPlugin() {
    }

    private static void tick(World world, double dt) {
        double[] t = world.add(TIME);
        double before = t[0];
        t[0] += dt;
        if (Math.floor(t[0]) > Math.floor(before)) {
            LOG.log(System.Logger.Level.INFO, String.format(java.util.Locale.ROOT,
                    "example/clock: %.0f s of simulated time", Math.floor(t[0])));
        }
    }
}
