package dev.orrery.plugin.prefab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.plugin.prefab.isolated.Content;
import dev.orrery.testsupport.memory.Reachability;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import dev.orrery.world.unload.PurgeReport;
import dev.orrery.world.unload.Unloading;
import dev.orrery.world.unload.WorldPurge;
import java.lang.ref.WeakReference;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The registry and the spawn queue forget what belongs to unloaded code (docs/architecture.md, "The OSGi host":
 * removed or updated bundles leave no reference behind). The unloaded code is {@link Content}, loaded
 * by a class loader of its own.
 */
class PrefabPurgeTest {
    private static final Trait<Object> SHARED = Trait.of("test/shared", Object::new);
    private static final Prefab STAYS = Prefab.builder("test/stays").with(SHARED, "x").build();

    @Test
    void prefabOriginIsTheClassThatCalledBuilder() {
        assertSame(PrefabPurgeTest.class, STAYS.origin());
    }

    @Test
    void registryForgetsEveryPrefabThatBelongsToUnloadedCodeAndKeepsTheOthers() {
        IsolatedContent content = new IsolatedContent();
        PrefabRegistry registry = new PrefabRegistry();
        registry.register(STAYS);
        content.prefabs(SHARED).forEach(registry::register);
        registry.resolvedTraits("content/factory");
        assertEquals(Set.of("test/stays", "content/plain", "content/factory", "content/own", "content/constant"),
                registry.names());

        assertEquals(4, registry.purge(Unloading.of(content)));
        assertEquals(Set.of("test/stays"), registry.names());
        assertEquals(0, registry.purge(Unloading.of(content)));
    }

    @Test
    void spawnQueueDropsRequestsAndErrorsWhoseOverridesReferToUnloadedCode() {
        IsolatedContent content = new IsolatedContent();
        World world = new World();
        PrefabRegistry registry = PrefabRegistry.of(world);
        registry.register(STAYS);
        SpawnQueue queue = SpawnQueue.of(world);
        queue.request("test/missing", SHARED.with(content.value()));  // fails: an error that refers to it
        queue.spawnAll(world, registry);
        queue.request("test/stays", SHARED.with(content.value()));
        queue.request("test/stays", SHARED.with("jdk"));
        assertEquals(1, queue.errors().size());

        assertEquals(2, queue.purge(Unloading.of(content)));
        assertEquals(1, queue.pending());
        assertEquals(List.of(), queue.errors());
        assertEquals(1, queue.spawnAll(world, registry));
    }

    @Test
    void worldPurgeReachesTheRegistryAndTheContentLoaderBecomesCollectable() throws InterruptedException {
        World world = new World();
        WeakReference<ClassLoader> ref = registerContent(world);
        PurgeReport report = WorldPurge.purge(world, Unloading.of(l -> l == ref.get()));
        assertEquals(new PurgeReport(0, 0, 4), report);
        assertEquals(Set.of("test/stays"), PrefabRegistry.of(world).names());
        assertTrue(Reachability.awaitCleared(ref), "the registry still reaches the content's class loader");
    }

    private static WeakReference<ClassLoader> registerContent(World world) {
        IsolatedContent content = new IsolatedContent();
        PrefabRegistry registry = PrefabRegistry.of(world);
        registry.register(STAYS);
        content.prefabs(SHARED).forEach(registry::register);
        registry.resolvedTraits("content/constant");
        return new WeakReference<>(content);
    }
}
