package dev.orrery.plugin.example;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.world.Trait;
import dev.orrery.world.World;

/**
 * The example plugin's data: plugin {@code example}, one system {@code example/clock} in
 * {@link Phase#ON_UPDATE} that adds up dt in the world trait {@link #TIME} and logs the simulated time
 * once per simulated second (every whole second exactly once, see {@link SimulatedTime}).
 */
public final class ClockPlugin {
    /** Simulated seconds, kept in the world (so it survives rebuilds of the schedule). */
    public static final Trait<SimulatedTime> TIME = Trait.of("example/time", SimulatedTime::new);

    /** The immutable plugin value. */
    public static final Plugin PLUGIN = Plugin.builder("example")
            .systems(EcsSystem.define("example/clock", Phase.ON_UPDATE, ClockPlugin::tick))
            .build();

    private static final System.Logger LOG = System.getLogger("dev.orrery.plugin.example");

    private ClockPlugin() {
    }

    private static void tick(World world, double dt) {
        SimulatedTime time = world.add(TIME);
        if (time.advance(dt) > 0) {
            LOG.log(System.Logger.Level.INFO, "example/clock: " + time.wholeSeconds() + " s of simulated time");
        }
    }
}
