package dev.orrery.host.itest.plugins.keeper;

import dev.orrery.host.itest.support.Trace;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import dev.orrery.world.Query;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.World;
import org.osgi.framework.FrameworkUtil;
import org.osgi.service.component.annotations.Component;

/**
 * Plugin {@code keeper}: keeps its state in persistent traits of its own bundle, with values of its own
 * record class, and no model bundle. Built twice (1.0.0 and 2.0.0) from the same classes. Each frame
 * {@code keeper/tick} counts in the world value ({@link #TALLY}) and on an entity it spawned on its
 * first frame, and records {@code keeper/tick:<bundle version>:<world count>:<entity count>} in the
 * support bundle's trace (JDK strings), so the tests read its state without its classes.
 */
@Component(service = Plugin.class)
public final class KeeperPlugin extends ForwardingPlugin {
    /**
     * The kept state.
     *
     * @param frames frames counted
     */
    public record Tally(long frames) {
    }

    static final Trait<Tally> TALLY = Trait.<Tally>builder("keeper/tally").defaultValue(new Tally(0))
            .persistent(1, TraitCodec.of(Tally.class)).build();

    /** DS constructor. */
    public KeeperPlugin() {
        super(Plugin.builder("keeper").systems(EcsSystem.builder("keeper/tick").writes(TALLY)
                .run(KeeperPlugin::tick).build()).build());
    }

    private static void tick(World world, double dt) {
        long frames = world.add(TALLY).frames() + 1;
        world.set(TALLY, new Tally(frames));
        long[] holders = world.query(Query.of(TALLY)).entities();
        long onEntity;
        if (holders.length == 0) {
            world.spawn(TALLY.with(new Tally(1)));
            onEntity = 1;
        } else {
            onEntity = world.get(holders[0], TALLY).frames() + 1;
            world.set(holders[0], TALLY, new Tally(onEntity));
        }
        String version = FrameworkUtil.getBundle(KeeperPlugin.class).getVersion().toString();
        world.add(Trace.TRAIT).record("keeper/tick:" + version + ":" + frames + ":" + onEntity);
    }
}
