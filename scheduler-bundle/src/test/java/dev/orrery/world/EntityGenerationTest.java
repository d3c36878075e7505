package dev.orrery.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("engine-independent")
class EntityGenerationTest {
    private final Trait<Integer> health = Trait.withDefault("Health", 100);
    private final Trait<String> tag = Trait.withDefault("Tag", "t");
    private final World world = new World();

    @Test
    void aDestroyedSlotIsReusedWithTheNextGeneration() {
        long old = world.spawn(health.with(1));
        world.destroy(old);
        long reused = world.spawn(health.with(2));
        assertEquals(Entity.index(old), Entity.index(reused));
        assertEquals(Entity.generation(old) + 1, Entity.generation(reused));
        assertNotEquals(old, reused);
        assertFalse(world.isAlive(old));
        assertTrue(world.isAlive(reused));
    }

    @Test
    void everyEntityMethodRejectsAStaleHandleAndLeavesTheReusingEntityUntouched() {
        long old = world.spawn(health.with(1));
        world.destroy(old);
        long reused = world.spawn(health.with(2));
        String expected = "entity 0v1 is not alive: it was destroyed and its slot now holds entity 0v2";
        List<Consumer<Long>> uses = List.of(
                e -> world.get(e, health),
                e -> world.has(e, health),
                e -> world.set(e, health, 3),
                e -> world.add(e, tag),
                e -> world.add(e, tag, "x"),
                e -> world.remove(e, health),
                e -> world.traitsOf(e),
                e -> world.destroy(e));
        List<String> operations = List.of("World.get", "World.has", "World.set", "World.add", "World.add",
                "World.remove", "World.traitsOf", "World.destroy");
        for (int i = 0; i < uses.size(); i++) {
            Consumer<Long> use = uses.get(i);
            IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> use.accept(old));
            assertEquals(operations.get(i) + ": " + expected, ex.getMessage());
        }
        assertTrue(world.isAlive(reused));
        assertEquals(2, world.get(reused, health));
        assertEquals(List.of(health), world.traitsOf(reused));
        assertEquals(1, world.entityCount());
    }

    @Test
    void destroyingTwiceFailsWithTheDestroyedMessage() {
        long e = world.spawn();
        world.destroy(e);
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> world.destroy(e));
        assertEquals("World.destroy: entity 0v1 is not alive: it was destroyed", ex.getMessage());
        assertEquals(0, world.entityCount());
    }

    @Test
    void noneAndForeignHandlesAreRejected() {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> world.get(Entity.NONE, health));
        assertEquals("World.get: Entity.NONE is not an entity", none.getMessage());
        World other = new World();
        other.spawn();
        other.spawn();
        long foreign = other.spawn();
        IllegalArgumentException never = assertThrows(IllegalArgumentException.class, () -> world.has(foreign, health));
        assertEquals("World.has: entity 2v1 belongs to another world", never.getMessage());
        long mine = world.spawn();
        long future = Entity.of(Entity.index(mine), Entity.generation(mine) + 5, Entity.worldTag(mine));
        IllegalArgumentException ahead = assertThrows(IllegalArgumentException.class, () -> world.get(future, health));
        assertEquals("World.get: entity 0v6 was never spawned in this world (slot 0 is at generation 1)",
                ahead.getMessage());
        long beyond = Entity.of(7, 1, Entity.worldTag(mine));
        IllegalArgumentException unused = assertThrows(IllegalArgumentException.class, () -> world.get(beyond, health));
        assertEquals("World.get: entity 7v1 was never spawned in this world", unused.getMessage());
    }

    @Test
    void manyReusesNeverAliasAnOldHandle() {
        long[] handles = new long[50];
        for (int i = 0; i < handles.length; i++) {
            handles[i] = world.spawn(health.with(i));
            world.destroy(handles[i]);
        }
        long live = world.spawn(health.with(-1));
        for (long h : handles) {
            assertFalse(world.isAlive(h));
            assertNotEquals(h, live);
        }
        assertEquals(-1, world.get(live, health));
    }

    @Test
    void resetInvalidatesEveryHandleEvenWhenSlotsAreReused() {
        long a = world.spawn(health.with(1));
        long b = world.spawn(health.with(2));
        world.reset();
        assertFalse(world.isAlive(a));
        assertFalse(world.isAlive(b));
        long c = world.spawn(health.with(3));
        long d = world.spawn(health.with(4));
        assertEquals(0, Entity.index(c));
        assertEquals(2, Entity.generation(c));
        assertThrows(IllegalArgumentException.class, () -> world.get(a, health));
        assertThrows(IllegalArgumentException.class, () -> world.set(b, health, 9));
        assertEquals(3, world.get(c, health));
        assertEquals(4, world.get(d, health));
    }

    @Test
    void toStringPrintsNoneAndMalformedHandlesReadably() {
        assertEquals("Entity.NONE", Entity.toString(Entity.NONE));
        assertEquals("invalid entity handle 0xffffffffffffffff", Entity.toString(-1L));
        assertEquals("invalid entity handle 0x0000000000000005", Entity.toString(Entity.of(5, 0)));
        assertEquals("invalid entity handle 0x00000001ffffffff", Entity.toString(Entity.of(-1, 1)));
        assertEquals("5v2", Entity.toString(Entity.of(5, 2)));
        assertEquals("5v2", Entity.toString(Entity.of(5, 2, 9)), "the world tag is not shown");
        assertEquals("0v16777215", Entity.toString(Entity.of(0, Entity.MAX_GENERATION, Entity.WORLD_TAGS)),
                "the largest generation of the last tag");
        assertEquals("invalid entity handle 0xffffffff00000000", Entity.toString(Entity.of(0, -1)),
                "bit 63 is never set in a handle a world spawns");
        assertEquals("2147483647v1", Entity.toString(Entity.of(Integer.MAX_VALUE, 1)));
    }

    @Test
    void malformedHandlesAreRejectedWithTheirHexForm() {
        world.spawn();
        IllegalArgumentException minusOne = assertThrows(IllegalArgumentException.class, () -> world.get(-1L, health));
        assertEquals("World.get: invalid entity handle 0xffffffffffffffff (generation 0 or negative index) is not an "
                + "entity", minusOne.getMessage());
        IllegalArgumentException genZero = assertThrows(IllegalArgumentException.class,
                () -> world.destroy(Entity.of(0, 0) | 7));
        assertEquals("World.destroy: invalid entity handle 0x0000000000000007 (generation 0 or negative index) is "
                + "not an entity", genZero.getMessage());
        assertEquals(1, world.entityCount());
    }
}
