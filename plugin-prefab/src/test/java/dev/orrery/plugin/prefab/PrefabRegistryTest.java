package dev.orrery.plugin.prefab;

import static dev.orrery.plugin.prefab.TestTraits.HEALTH;
import static dev.orrery.plugin.prefab.TestTraits.INVENTORY;
import static dev.orrery.plugin.prefab.TestTraits.NAME;
import static dev.orrery.plugin.prefab.TestTraits.SPEED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PrefabRegistryTest {
    private final World world = new World();
    private final PrefabRegistry registry = PrefabRegistry.of(world);

    private static final Prefab MONSTER = Prefab.builder("monster")
            .with(NAME, "monster").with(HEALTH, 10).with(SPEED, 2).withFactory(INVENTORY, ArrayList::new).build();
    private static final Prefab ORC = Prefab.builder("orc").parent("monster").with(HEALTH, 30).with(NAME, "orc").build();
    private static final Prefab ORC_CHIEF = Prefab.builder("orc-chief").parent("orc").with(SPEED, 3).build();

    @Test
    void theRegistryLivesInAWorldTraitAndIsClearedByReset() {
        assertSame(registry, world.get(PrefabRegistry.TRAIT));
        assertSame(registry, PrefabRegistry.of(world));
        registry.register(ORC);
        world.reset();
        PrefabRegistry fresh = PrefabRegistry.of(world);
        assertNotSame(registry, fresh);
        assertEquals(Set.of(), fresh.names());
    }

    @Test
    void registerFindUnregister() {
        registry.register(MONSTER);
        registry.register(ORC);
        registry.register(ORC);
        assertEquals(List.of("monster", "orc"), List.copyOf(registry.names()));
        assertEquals(Optional.of(ORC), registry.find("orc"));
        assertTrue(registry.unregister("orc"));
        assertFalse(registry.unregister("orc"));
        assertEquals(Optional.empty(), registry.find("orc"));
    }

    @Test
    void aDifferentPrefabWithATakenNameIsRejected() {
        registry.register(ORC);
        Prefab other = Prefab.builder("orc").build();
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> registry.register(other));
        assertEquals("prefab 'orc' is already registered (a different prefab with that name)", ex.getMessage());
        assertEquals(Optional.of(ORC), registry.find("orc"));
    }

    @Test
    void aChildInheritsItsParentsTraitsAndOverridesTheirValues() {
        registry.register(MONSTER);
        registry.register(ORC);
        registry.register(ORC_CHIEF);
        assertEquals(List.of(NAME, HEALTH, SPEED, INVENTORY), registry.resolvedTraits("orc-chief"));
        long chief = registry.instantiate(world, SpawnRequest.of("orc-chief"));
        assertEquals("orc", world.get(chief, NAME));
        assertEquals(30, world.get(chief, HEALTH));
        assertEquals(3, world.get(chief, SPEED));
        assertEquals(List.of(), world.get(chief, INVENTORY));
        assertEquals("orc-chief", world.get(chief, Prefab.SOURCE));
        long monster = registry.instantiate(world, SpawnRequest.of("monster"));
        assertEquals(10, world.get(monster, HEALTH));
        assertEquals("monster", world.get(monster, Prefab.SOURCE));
    }

    @Test
    void factoriesMakeAFreshValuePerEntityAndOverridesReplaceValues() {
        registry.register(MONSTER);
        long a = registry.instantiate(world, SpawnRequest.of("monster"));
        long b = registry.instantiate(world, SpawnRequest.of("monster", HEALTH.with(99), NAME.with("boss")));
        assertNotSame(world.get(a, INVENTORY), world.get(b, INVENTORY));
        assertEquals(99, world.get(b, HEALTH));
        assertEquals("boss", world.get(b, NAME));
        assertEquals(2, world.get(b, SPEED));
        assertEquals(10, world.get(a, HEALTH));
    }

    @Test
    void anOverrideOfAnInheritedTraitIsAllowed() {
        registry.register(MONSTER);
        registry.register(ORC);
        long orc = registry.instantiate(world, SpawnRequest.of("orc", SPEED.with(7)));
        assertEquals(7, world.get(orc, SPEED));
    }

    @Test
    void resolutionSeesPrefabsRegisteredLater() {
        registry.register(ORC);
        assertThrows(PrefabException.class, () -> registry.resolvedTraits("orc"));
        registry.register(MONSTER);
        assertEquals(List.of(NAME, HEALTH, SPEED, INVENTORY), registry.resolvedTraits("orc"));
        registry.unregister("monster");
        assertThrows(PrefabException.class, () -> registry.resolvedTraits("orc"));
    }

    @Test
    void anUnknownPrefabIsReportedByName() {
        PrefabException ex = assertThrows(PrefabException.class, () -> registry.instantiate(world, SpawnRequest.of("dragon")));
        assertEquals("prefab 'dragon' is not registered", ex.getMessage());
        assertEquals("dragon", ex.prefab());
        assertEquals(0, world.entityCount());
    }

    @Test
    void anUnknownParentNamesTheChildAndTheParent() {
        registry.register(ORC);
        registry.register(ORC_CHIEF);
        PrefabException direct = assertThrows(PrefabException.class, () -> registry.resolvedTraits("orc"));
        assertEquals("prefab 'orc': parent 'monster' is not registered", direct.getMessage());
        PrefabException deep = assertThrows(PrefabException.class, () -> registry.resolvedTraits("orc-chief"));
        assertEquals("prefab 'orc': parent 'monster' is not registered (while resolving prefab 'orc-chief')",
                deep.getMessage());
        assertEquals("orc-chief", deep.prefab());
    }

    @Test
    void inheritanceCyclesAreReportedWithThePrefabsOnTheCycle() {
        registry.register(Prefab.builder("a").parent("b").build());
        registry.register(Prefab.builder("b").parent("c").build());
        registry.register(Prefab.builder("c").parent("a").build());
        registry.register(Prefab.builder("d").parent("b").build());
        PrefabException onCycle = assertThrows(PrefabException.class, () -> registry.resolvedTraits("a"));
        assertEquals("prefab 'a': inheritance cycle a -> b -> c -> a", onCycle.getMessage());
        PrefabException reached = assertThrows(PrefabException.class,
                () -> registry.instantiate(world, SpawnRequest.of("d")));
        assertEquals("prefab 'b': inheritance cycle b -> c -> a -> b (reached from 'd')", reached.getMessage());
        assertEquals(0, world.entityCount());
    }

    @Test
    void overridesOfTraitsThePrefabLacksAreRejectedNamingThePrefab() {
        registry.register(Prefab.builder("rock").with(NAME, "rock").build());
        PrefabException ex = assertThrows(PrefabException.class,
                () -> registry.instantiate(world, SpawnRequest.of("rock", HEALTH.with(3))));
        assertEquals("prefab 'rock' has no trait 'Health' to override (its traits: [Name])", ex.getMessage());
        PrefabException twice = assertThrows(PrefabException.class,
                () -> registry.instantiate(world, SpawnRequest.of("rock", NAME.with("a"), NAME.with("b"))));
        assertEquals("prefab 'rock': trait 'Name' is overridden twice", twice.getMessage());
        assertEquals(0, world.entityCount());
    }

    @Test
    void aFailingFactoryIsReportedAndSpawnsNothing() {
        IllegalStateException boom = new IllegalStateException("boom");
        registry.register(Prefab.builder("bad").with(NAME, "x").withFactory(INVENTORY, () -> {
            throw boom;
        }).build());
        registry.register(Prefab.builder("null").withFactory(INVENTORY, () -> null).build());
        PrefabException ex = assertThrows(PrefabException.class, () -> registry.instantiate(world, SpawnRequest.of("bad")));
        assertEquals("prefab 'bad': the value factory of trait 'Inventory' threw java.lang.IllegalStateException: boom",
                ex.getMessage());
        assertSame(boom, ex.getCause());
        PrefabException nul = assertThrows(PrefabException.class, () -> registry.instantiate(world, SpawnRequest.of("null")));
        assertEquals("prefab 'null': the value factory of trait 'Inventory' returned null", nul.getMessage());
        assertEquals(0, world.entityCount());
    }
}
