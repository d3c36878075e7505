package dev.orrery.plugin.prefab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.Condition;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.Query;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import dev.orrery.world.unload.Unloading;
import dev.orrery.world.unload.WorldPurge;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link PrefabPlugin#keepRegistered}: prefabs are registered in the first frame, and again after the
 * host purged a hot-updated content bundle's prefabs, although the updated bundle's system has the
 * same name (an OnStart system would not run again: OnStart completion is recorded by name).
 */
class KeepRegisteredTest {
    private static final Trait<Object> SHARED = Trait.of("test/shared", Object::new);
    private static final Query SPAWNED = Query.of(Prefab.SOURCE);
    private static final Set<String> NAMES = Set.of("content/plain", "content/factory", "content/own",
            "content/constant");

    /** One version of a content plugin: its prefabs, and an OnStart system that requests one spawn. */
    private static Plugin content(EcsSystem registration) {
        return Plugin.builder("content").systems(registration,
                EcsSystem.define("content/setup", Phase.ON_START,
                        (w, dt) -> SpawnQueue.of(w).request("content/plain"))).build();
    }

    private static Prefab[] array(List<Prefab> prefabs) {
        return prefabs.toArray(new Prefab[0]);
    }

    @Test
    void theSystemSitsInOnLoadAndIsGatedByAnIdentityCheck() {
        Prefab a = Prefab.builder("content/a").build();
        EcsSystem system = PrefabPlugin.keepRegistered("content/prefabs", a);
        assertEquals("content/prefabs", system.name());
        assertSame(Phase.ON_LOAD, system.phase());
        Condition missing = system.conditions().get(0);
        World world = new World();
        assertTrue(missing.test(world), "no registry yet: missing");
        assertFalse(world.has(PrefabRegistry.TRAIT), "the condition only reads");

        PrefabRegistry.of(world).register(Prefab.builder("content/other").build());
        assertTrue(missing.test(world));
        system.run().run(world, 0);
        assertFalse(missing.test(world), "registered: the system does not run");
        assertTrue(PrefabRegistry.of(world).contains(a));

        PrefabRegistry.of(world).unregister("content/a");
        assertTrue(missing.test(world));
        assertFalse(PrefabRegistry.of(world).contains(Prefab.builder("content/a").build()),
                "contains is by identity: an equal-looking prefab is not the registered one");
    }

    @Test
    void prefabsAreRegisteredInTheFirstFrameAndServeTheOnStartRequests() {
        Prefab coin = Prefab.builder("content/plain").build();
        Schedule schedule = Schedule.builder("main")
                .plugins(PrefabPlugin.PLUGIN, content(PrefabPlugin.keepRegistered("content/prefabs", coin))).build();
        World world = new World();
        schedule.run(world, 1.0 / 60);
        assertTrue(PrefabRegistry.of(world).contains(coin));
        assertEquals(1, world.query(SPAWNED).count());
        assertEquals(List.of(), SpawnQueue.of(world).drainErrors());
    }

    @Test
    void afterAHotUpdateAndThePurgeTheUpdatedBundlesPrefabsAreRegisteredAgain() {
        IsolatedContent v1 = new IsolatedContent();
        List<Prefab> prefabsV1 = v1.prefabs(SHARED);
        Schedule s1 = Schedule.builder("main").plugins(PrefabPlugin.PLUGIN,
                content(PrefabPlugin.keepRegistered("content/prefabs", array(prefabsV1)))).build();
        World world = new World();
        s1.run(world, 1.0 / 60);
        s1.run(world, 1.0 / 60);
        PrefabRegistry registry = PrefabRegistry.of(world);
        prefabsV1.forEach(p -> assertTrue(registry.contains(p), p.name()));
        assertEquals(1, world.query(SPAWNED).count());

        // The host's update: a schedule with the new bundle's plugin (same system names) is swapped in,
        // then the world is purged of the old bundle's code.
        IsolatedContent v2 = new IsolatedContent();
        List<Prefab> prefabsV2 = v2.prefabs(SHARED);
        Schedule s2 = Schedule.builder("main").plugins(PrefabPlugin.PLUGIN,
                content(PrefabPlugin.keepRegistered("content/prefabs", array(prefabsV2)))).adoptStateOf(s1).build();
        WorldPurge.purge(world, Unloading.of(v1));
        assertEquals(Set.of(), PrefabRegistry.of(world).names(), "the old bundle's prefabs are purged");

        s2.run(world, 1.0 / 60);
        assertEquals(NAMES, PrefabRegistry.of(world).names());
        prefabsV2.forEach(p -> assertTrue(PrefabRegistry.of(world).contains(p), p.name()));
        assertEquals(1, world.query(SPAWNED).count(), "content/setup (OnStart) did not run again");
        SpawnQueue.of(world).request("content/factory");
        s2.run(world, 1.0 / 60);
        assertEquals(2, world.query(SPAWNED).count(), "the new prefabs spawn");
        assertEquals(List.of(), SpawnQueue.of(world).drainErrors());
    }

    /** What {@link PrefabPlugin#keepRegistered} is for: an OnStart registration is not run again. */
    private static EcsSystem onStartRegistration(Prefab... prefabs) {
        return EcsSystem.define("content/prefabs", Phase.ON_START, (world, dt) -> {
            for (Prefab p : prefabs) {
                PrefabRegistry.of(world).register(p);
            }
        });
    }

    @Test
    void anOnStartRegistrationLeavesAnUpdatedBundlesPrefabsMissing() {
        IsolatedContent v1 = new IsolatedContent();
        Schedule s1 = Schedule.builder("main").plugins(PrefabPlugin.PLUGIN,
                content(onStartRegistration(array(v1.prefabs(SHARED))))).build();
        World world = new World();
        s1.run(world, 1.0 / 60);
        assertEquals(NAMES, PrefabRegistry.of(world).names());

        IsolatedContent v2 = new IsolatedContent();
        Schedule s2 = Schedule.builder("main").plugins(PrefabPlugin.PLUGIN,
                content(onStartRegistration(array(v2.prefabs(SHARED)))))
                .adoptStateOf(s1).build();
        WorldPurge.purge(world, Unloading.of(v1));
        s2.run(world, 1.0 / 60);
        assertEquals(Set.of(), PrefabRegistry.of(world).names(), "why keepRegistered sits in OnLoad");
    }

    @Test
    void aDifferentPrefabUnderTheSameNameMakesTheSystemThrowNamingIt() {
        World world = new World();
        PrefabRegistry.of(world).register(Prefab.builder("content/a").build());
        EcsSystem system = PrefabPlugin.keepRegistered("content/prefabs", Prefab.builder("content/a").build());
        assertTrue(system.conditions().get(0).test(world));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> system.run().run(world, 0));
        assertEquals("prefab 'content/a' is already registered (a different prefab with that name)", e.getMessage());
    }
}
