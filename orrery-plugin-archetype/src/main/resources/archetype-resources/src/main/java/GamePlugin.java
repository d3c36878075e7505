package ${package};

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.World;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The {@code ${pluginName}} plugin, as immutable data: one custom phase, two ordered systems, two
 * world traits. Game state lives in the world (traits), never in this class: the host rebuilds and
 * hot-updates plugins while the world goes on.
 *
 * <p>{@link #SCORE} is persistent: when this bundle is updated, or uninstalled and installed again,
 * the host keeps its value as data and gives it back to the new revision, whose systems declare it
 * ({@code writes}); saves hold it too. {@link #FRAMES} is transient: it starts afresh with every
 * revision.
 */
public final class GamePlugin {
    /**
     * The score: frames counted and points. Persistent data: raise {@link #SCORE}'s version and add a
     * migration when its components change.
     *
     * @param frames frames counted since the game began
     * @param points 10 per frame counted
     */
    public record Score(long frames, long points) {
    }

    /** The score, version 1 of its data, written by both systems; saved and kept across updates. */
    public static final Trait<Score> SCORE = Trait.<Score>builder("${pluginName}/score")
            .defaultValue(new Score(0, 0))
            .persistent(1, TraitCodec.of(Score.class))
            .build();

    /** Frames this revision of the plugin has run: transient, so an update starts it afresh. */
    public static final Trait<AtomicLong> FRAMES = Trait.of("${pluginName}/frames", AtomicLong::new);

    /** The plugin's own phase: after the builtin OnUpdate, before PostUpdate. */
    public static final Phase PLAY = Phase.builder("${pluginName}/Play")
            .dependsOn(Phase.ON_UPDATE)
            .before(Phase.POST_UPDATE)
            .build();

    /** Counts the frame. */
    public static final EcsSystem COUNT = EcsSystem.builder("${pluginName}/count")
            .phase(PLAY)
            .writes(SCORE, FRAMES)
            .run(GamePlugin::count)
            .build();

    /** Scores the frame; ordered after {@link #COUNT}. */
    public static final EcsSystem SCORE_SYSTEM = EcsSystem.builder("${pluginName}/score")
            .phase(PLAY)
            .after(COUNT)
            .writes(SCORE)
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
        Score s = world.add(SCORE);
        world.set(SCORE, new Score(s.frames() + 1, s.points()));
    }

    private static void score(World world, double dt) {
        Score s = world.add(SCORE);
        world.set(SCORE, new Score(s.frames(), 10 * s.frames()));
    }
}
