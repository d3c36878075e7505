package dev.orrery.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("engine-independent")
class EntityLifecycleTest {
    private final Trait<String> name = Trait.withDefault("Name", "anon");
    private final Trait<Integer> health = Trait.withDefault("Health", 100);
    private final Trait<List<String>> inventory = Trait.of("Inventory", ArrayList::new);
    private final World world = new World();

    @Test
    void spawnWithoutTraitsGivesALiveEntityWithNoTraits() {
        long e = world.spawn();
        assertTrue(world.isAlive(e));
        assertEquals(List.of(), world.traitsOf(e));
        assertEquals(1, world.entityCount());
        assertFalse(world.has(e, name));
        assertNull(world.get(e, name));
    }

    @Test
    void spawnWithValuesStoresEachValue() {
        long e = world.spawn(name.with("orc"), health.with(30));
        assertEquals("orc", world.get(e, name));
        assertEquals(30, world.get(e, health));
        assertTrue(world.has(e, name));
        assertTrue(world.has(e, health));
        assertFalse(world.has(e, inventory));
        assertEquals(Set.of(name, health), Set.copyOf(world.traitsOf(e)));
    }

    @Test
    void spawnWithTraitsUsesAFreshDefaultPerEntity() {
        long a = world.spawn(inventory, health);
        long b = world.spawn(inventory);
        assertEquals(100, world.get(a, health));
        assertEquals(List.of(), world.get(a, inventory));
        assertNotSame(world.get(a, inventory), world.get(b, inventory));
    }

    @Test
    void spawnRejectsATraitGivenTwiceAndSpawnsNothing() {
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                () -> world.spawn(health.with(1), name.with("x"), health.with(2)));
        assertEquals("World.spawn: trait 'Health' is given twice", ex.getMessage());
        assertEquals(0, world.entityCount());
        IllegalArgumentException ex2 = assertThrows(IllegalArgumentException.class, () -> world.spawn(name, name));
        assertEquals("World.spawn: trait 'Name' is given twice", ex2.getMessage());
        assertEquals(0, world.entityCount());
    }

    @Test
    void nullValuesAreRejectedNamingTheTrait() {
        NullPointerException withNull = assertThrows(NullPointerException.class, () -> health.with(null));
        assertEquals("TraitValue: value of trait 'Health' is null", withNull.getMessage());
        long e = world.spawn();
        NullPointerException add = assertThrows(NullPointerException.class, () -> world.add(e, health, null));
        assertEquals("World.add: value of trait 'Health' for entity " + Entity.toString(e) + " is null", add.getMessage());
        NullPointerException set = assertThrows(NullPointerException.class, () -> world.set(e, health, null));
        assertEquals("World.set: value of trait 'Health' for entity " + Entity.toString(e) + " is null", set.getMessage());
        assertFalse(world.has(e, health));
    }

    @Test
    void addWithDefaultAddsOnceAndKeepsTheExistingValue() {
        long e = world.spawn();
        assertEquals(100, world.add(e, health));
        world.set(e, health, 7);
        assertEquals(7, world.add(e, health));
        assertEquals(7, world.add(e, health, 50));
        assertEquals(7, world.get(e, health));
    }

    @Test
    void addWithValueKeepsOtherValuesWhenTheEntityMovesTables() {
        long e = world.spawn(name.with("elf"));
        List<String> bag = new ArrayList<>(List.of("bow"));
        assertSame(bag, world.add(e, inventory, bag));
        world.add(e, health, 80);
        assertEquals("elf", world.get(e, name));
        assertSame(bag, world.get(e, inventory));
        assertEquals(80, world.get(e, health));
    }

    @Test
    void setReplacesTheValueOrAddsTheTrait() {
        long e = world.spawn(health.with(10));
        world.set(e, health, 11);
        assertEquals(11, world.get(e, health));
        world.set(e, name, "added");
        assertEquals("added", world.get(e, name));
        assertEquals(11, world.get(e, health));
    }

    @Test
    void removeDropsTheTraitKeepsTheOthersAndIgnoresAbsentTraits() {
        long e = world.spawn(name.with("a"), health.with(5));
        world.remove(e, name);
        assertFalse(world.has(e, name));
        assertNull(world.get(e, name));
        assertEquals(5, world.get(e, health));
        world.remove(e, name);
        world.remove(e, inventory);
        assertEquals(List.of(health), world.traitsOf(e));
        world.remove(e, health);
        assertEquals(List.of(), world.traitsOf(e));
        assertTrue(world.isAlive(e));
    }

    @Test
    void aTraitNeverSeenByTheWorldIsSimplyAbsent() {
        long e = world.spawn(health.with(1));
        Trait<String> unseen = Trait.withDefault("Unseen", "");
        assertFalse(world.has(e, unseen));
        assertNull(world.get(e, unseen));
        world.remove(e, unseen);
        assertEquals(1, world.get(e, health));
    }

    @Test
    void destroyRemovesTheEntityAndLeavesOthersIntact() {
        long a = world.spawn(health.with(1));
        long b = world.spawn(health.with(2));
        long c = world.spawn(health.with(3));
        world.destroy(a);
        assertFalse(world.isAlive(a));
        assertTrue(world.isAlive(b));
        assertEquals(2, world.get(b, health));
        assertEquals(3, world.get(c, health));
        assertEquals(2, world.entityCount());
    }

    @Test
    void entityTraitsAndWorldTraitsAreSeparate() {
        world.set(health, 999);
        long e = world.spawn(health.with(1));
        assertEquals(999, world.get(health));
        assertEquals(1, world.get(e, health));
        world.remove(health);
        assertEquals(1, world.get(e, health));
    }

    @Test
    void worldsDoNotShareEntities() {
        World other = new World();
        long e = world.spawn(health.with(1));
        long f = other.spawn(health.with(2));
        assertEquals(1, world.get(e, health));
        assertEquals(2, other.get(f, health));
        assertEquals(1, world.entityCount());
        assertEquals(1, other.entityCount());
    }

    @Test
    void handlesEncodeIndexAndGeneration() {
        long e = world.spawn();
        assertEquals(0, Entity.index(e));
        assertEquals(1, Entity.generation(e));
        assertEquals("0v1", Entity.toString(e));
        assertFalse(world.isAlive(Entity.NONE));
    }
}
