package ${package};

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The {@code ${pluginName}} plugin, as immutable data: one custom phase, two ordered systems, two
 * world traits. Game state lives in the world (traits), never in this class: the host rebuilds and
 * hot-updates plugins while the world goes on.
 *
 * <p>The traits hold JDK values ({@link AtomicLong}), so tests (and other bundles) can read them by
 * name without this bundle's classes.
 */
public final class GamePlugin {
    /** Frames counted so far. */
    public static final Trait<AtomicLong> FRAMES = Trait.of("${pluginName}/frames", AtomicLong::new);

    /** Points: 10 per frame, computed after the frame was counted. */
    public static final Trait<AtomicLong> SCORE = Trait.of("${pluginName}/score", AtomicLong::new);

    /** The plugin's own phase: after the builtin OnUpdate, before PostUpdate. */
    public static final Phase PLAY = Phase.builder("${pluginName}/Play")
            .dependsOn(Phase.ON_UPDATE)
            .before(Phase.POST_UPDATE)
            .build();

    /** Counts the frame. */
    public static final EcsSystem COUNT = EcsSystem.define("${pluginName}/count", PLAY, GamePlugin::count);

    /** Scores the frame; ordered after {@link #COUNT}. */
    public static final EcsSystem SCORE_SYSTEM = EcsSystem.builder("${pluginName}/score")
            .phase(PLAY)
            .after(COUNT)
            .run(GamePlugin::score)
            .build();

    /** The plugin value the component publishes. */
    public static final Plugin PLUGIN = Plugin.builder("${pluginName}")
            .phases(PLAY)
            .systems(SCORE_SYSTEM, COUNT)
            .build();

    private GamePlugin() {
    }

    private static void count(World world, double dt) {
        world.add(FRAMES).incrementAndGet();
    }

    private static void score(World world, double dt) {
        world.add(SCORE).set(10 * world.add(FRAMES).get());
    }
}
