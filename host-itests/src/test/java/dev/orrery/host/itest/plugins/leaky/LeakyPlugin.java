package dev.orrery.host.itest.plugins.leaky;

import dev.orrery.host.itest.support.Slots;
import dev.orrery.host.itest.support.Trace;
import dev.orrery.plugin.prefab.Prefab;
import dev.orrery.plugin.prefab.PrefabPlugin;
import dev.orrery.plugin.prefab.SpawnQueue;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.world.Query;
import dev.orrery.world.Trait;
import org.osgi.framework.FrameworkUtil;
import org.osgi.service.component.annotations.Component;

/**
 * Plugin {@code leaky}: puts everything it can into the world, so that the leak tests can check that
 * none of it keeps its bundle's class loader once the bundle is gone. Built twice (1.0.0 and 2.0.0)
 * from the same classes; {@code leaky/tick} records {@code leaky/tick:<bundle version>}.
 * <ul>
 *   <li>a world trait of its own ({@link #STATE}, value class {@link LeakyState});</li>
 *   <li>an entity component of its own ({@link #MARKER}, value class {@link Marker}), and a cached
 *       query over it ({@link #MARKED});</li>
 *   <li>values of its classes in traits of another bundle ({@link Slots#ANY}, world and entity);</li>
 *   <li>a prefab with a value factory lambda, registered by {@code PrefabPlugin.keepRegistered}, and spawn requests;</li>
 *   <li>the frame thread's context class loader set to its own;</li>
 *   <li>{@code leaky/boom} throws a {@link LeakyException} while the trace marks it failing.</li>
 * </ul>
 */
@Component(service = Plugin.class)
public final class LeakyPlugin extends ForwardingPlugin {
    static final Trait<LeakyState> STATE = Trait.of("leaky/state", LeakyState::new);
    static final Trait<Marker> MARKER = Trait.of("leaky/marker", Marker::new);
    static final Query MARKED = Query.builder().with(MARKER).without(STATE).build();
    static final Prefab BLOB = Prefab.builder("leaky/blob").withFactory(MARKER, () -> new Marker()).build();

    /** DS constructor. */
    public LeakyPlugin() {
        super(Plugin.builder("leaky").systems(
                PrefabPlugin.keepRegistered("leaky/prefabs", BLOB),
                EcsSystem.define("leaky/tick", Phase.ON_UPDATE, LeakyPlugin::tick),
                EcsSystem.define("leaky/boom", Phase.ON_UPDATE, LeakyPlugin::boom)).build());
    }

    private static void tick(dev.orrery.world.World world, double dt) {
        String version = FrameworkUtil.getBundle(LeakyPlugin.class).getVersion().toString();
        world.add(Trace.TRAIT).record("leaky/tick:" + version);
        world.add(STATE).ticks++;
        world.set(Slots.ANY, new LeakyState());
        world.spawn(MARKER.with(new Marker()), Slots.ANY.with(new Marker()));
        world.spawn(Slots.ANY.with("a JDK value in a support trait"));
        world.query(MARKED).forEach(e -> world.get(e, MARKER));
        SpawnQueue.of(world).request("leaky/blob");
        Thread.currentThread().setContextClassLoader(LeakyPlugin.class.getClassLoader());
    }

    private static void boom(dev.orrery.world.World world, double dt) {
        if (world.add(Trace.TRAIT).isFailing("leaky/boom")) {
            throw new LeakyException("leaky/boom was told to fail");
        }
    }
}
