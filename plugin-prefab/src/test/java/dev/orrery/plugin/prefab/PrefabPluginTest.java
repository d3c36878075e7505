package dev.orrery.plugin.prefab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.plugin.prefab.internal.PrefabPluginComponent;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.world.World;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class PrefabPluginTest {
    @Test
    void thePluginIsImmutableDataNamedPrefab() {
        Plugin plugin = PrefabPlugin.PLUGIN;
        assertEquals("prefab", plugin.name());
        assertEquals(List.of(PrefabPlugin.SPAWN_PHASE), plugin.phases());
        assertEquals(List.of(PrefabPlugin.SPAWNING), plugin.sets());
        assertEquals(List.of(PrefabPlugin.SPAWN), plugin.systems());
        Stream.of(plugin.phases().stream().map(Phase::name), plugin.sets().stream().map(s -> s.name()),
                plugin.systems().stream().map(EcsSystem::name))
                .flatMap(s -> s)
                .forEach(n -> assertTrue(n.startsWith("prefab/"), n));
    }

    @Test
    void theSpawnPhaseSitsBetweenPostUpdateAndPreStore() {
        Phase phase = PrefabPlugin.SPAWN_PHASE;
        assertEquals("prefab/Spawn", phase.name());
        assertEquals(List.of(Phase.POST_UPDATE), phase.dependsOn());
        assertEquals(List.of(Phase.PRE_STORE), phase.before());
        assertEquals(false, phase.manual());
        assertSame(phase, PrefabPlugin.SPAWN.phase());
        assertEquals(List.of(PrefabPlugin.SPAWNING), PrefabPlugin.SPAWN.sets());
    }

    @Test
    void theComponentForwardsToThePluginAndHoldsNoState() {
        PrefabPluginComponent component = new PrefabPluginComponent();
        assertSame(PrefabPlugin.PLUGIN, component.delegate());
        assertEquals("prefab", component.name());
        assertEquals(PrefabPlugin.PLUGIN.systems(), component.systems());
        assertEquals(0, PrefabPluginComponent.class.getDeclaredFields().length);
        assertTrue(Modifier.isPublic(PrefabPluginComponent.class.getConstructors()[0].getModifiers()));
    }

    @Test
    void keepRegisteredMakesAnOnLoadSystemThatRegistersThePrefabsOnce() {
        Prefab a = Prefab.builder("content/a").build();
        Prefab b = Prefab.builder("content/b").parent("content/a").build();
        EcsSystem system = PrefabPlugin.keepRegistered("content/prefabs", a, b);
        assertEquals("content/prefabs", system.name());
        assertSame(Phase.ON_LOAD, system.phase());
        World world = new World();
        system.run().run(world, 0);
        assertFalse(system.conditions().get(0).test(world), "registered: the condition stops it");
        assertEquals(List.of("content/a", "content/b"), List.copyOf(PrefabRegistry.of(world).names()));
    }
}
