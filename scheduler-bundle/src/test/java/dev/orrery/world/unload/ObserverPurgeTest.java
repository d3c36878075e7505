package dev.orrery.world.unload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.EcsObserver;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.testsupport.memory.Reachability;
import dev.orrery.world.World;
import dev.orrery.world.unload.isolated.Payload;
import java.lang.ref.WeakReference;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An observer of a plugin that left: the schedule rebuilt without the plugin never calls it again,
 * from the moment it runs or is attached to the world (as the host does at the swap), outside a run
 * too, and once the world is purged of the plugin's values, nothing reaches the plugin's class loader
 * (the observer, its function, the world's attachment and the trait events keep no reference). The plugin's code is
 * {@link Payload}, loaded by an {@link IsolatedLoader}.
 */
class ObserverPurgeTest {
    private final World world = new World();
    private final EcsSystem burn = EcsSystem.define("rules/burn", (w, dt) -> w.spawn(SharedTraits.BURNING.with("x")));

    @Test
    void aDepartedPluginsObserverIsNotCalledAndItsLoaderIsNotReachableAfterThePurge() throws InterruptedException {
        Schedule[] without = new Schedule[1];
        WeakReference<ClassLoader> ref = runThenDrop(without);
        assertEquals(1, world.get(SharedTraits.SEEN).get());
        without[0].run(world, 0.016);
        assertEquals(1, world.get(SharedTraits.SEEN).get(), "never called after its plugin left");
        PurgeReport report = WorldPurge.purge(world, Unloading.of(l -> l == ref.get()));
        assertEquals(1, report.components(), report.toString());
        assertTrue(Reachability.awaitCleared(ref), "the world or the schedule still reaches the plugin's loader");
        without[0].run(world, 0.016);
        assertEquals(1, world.get(SharedTraits.SEEN).get());
    }

    @Test
    void aScheduleSwappedInWithoutRunningDropsTheDepartedObserverAtOnceOutsideARunToo() throws InterruptedException {
        Schedule[] without = new Schedule[1];
        WeakReference<ClassLoader> ref = runThenDrop(without);
        assertEquals(1, world.get(SharedTraits.SEEN).get());
        world.spawn(SharedTraits.BURNING.with("outside, still attached"));
        assertEquals(2, world.get(SharedTraits.SEEN).get(), "the attached observer fires outside a run");
        without[0].attach(world); // the host's swap, before any frame of the new schedule
        world.spawn(SharedTraits.BURNING.with("outside, after the swap"));
        assertEquals(2, world.get(SharedTraits.SEEN).get(), "never called after its plugin left");
        PurgeReport report = WorldPurge.purge(world, Unloading.of(l -> l == ref.get()));
        assertEquals(2, report.components(), report.toString());
        assertTrue(Reachability.awaitCleared(ref), "the world still reaches the plugin's loader through its observer");
        world.spawn(SharedTraits.BURNING.with("after the purge"));
        assertEquals(2, world.get(SharedTraits.SEEN).get());
    }

    @Test
    void aDetachedSchedulesObserverIsNotCalledAndItsLoaderIsNotReachable() throws InterruptedException {
        Schedule[] without = new Schedule[1];
        WeakReference<ClassLoader> ref = runThenDrop(without);
        without[0].detach(world); // the host stops: the lineage's observers go with it
        world.spawn(SharedTraits.BURNING.with("outside"));
        assertEquals(1, world.get(SharedTraits.SEEN).get());
        WorldPurge.purge(world, Unloading.of(l -> l == ref.get()));
        assertTrue(Reachability.awaitCleared(ref), "the world still reaches the plugin's loader");
    }

    private WeakReference<ClassLoader> runThenDrop(Schedule[] without) {
        IsolatedLoader loader = new IsolatedLoader(Payload.class.getName());
        EcsObserver observer = (EcsObserver) loader.call("ownObserver");
        Plugin payload = Plugin.builder("payload").observers(observer).build();
        Plugin rules = Plugin.builder("rules").systems(burn).build();
        Schedule whole = Schedule.builder("main").plugins(payload, rules).build();
        whole.run(world, 0.016);
        whole.orderGraph(); // tools read the graph: it holds names only
        without[0] = whole.withoutPlugins(List.of("payload"));
        return new WeakReference<>(loader);
    }
}
