package dev.orrery.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A handle carries the tag of the world that spawned it ({@link Entity}, "Layout"): every entity
 * method of another world refuses it with one line, immediate and staged calls alike, and the other
 * world's entity in the same slot is never reached.
 */
@Tag("engine-independent")
class EntityWorldTagTest {
    private final Trait<Integer> health = Trait.withDefault("Health", 100);
    private final Trait<String> tag = Trait.withDefault("Tag", "t");
    private final World a = new World();
    private final World b = new World();

    private List<Consumer<Long>> uses(World world) {
        return List.of(
                e -> world.get(e, health),
                e -> world.has(e, health),
                e -> world.set(e, health, 3),
                e -> world.add(e, tag),
                e -> world.add(e, tag, "x"),
                e -> world.remove(e, health),
                e -> world.traitsOf(e),
                e -> world.destroy(e));
    }

    private static final List<String> OPERATIONS = List.of("World.get", "World.has", "World.set", "World.add",
            "World.add", "World.remove", "World.traitsOf", "World.destroy");

    @Test
    void everyEntityMethodRefusesAHandleOfAnotherWorldAndLeavesItsOwnEntityUntouched() {
        long ofA = a.spawn(health.with(1));
        long ofB = b.spawn(health.with(2));
        assertEquals(Entity.index(ofA), Entity.index(ofB), "same slot");
        assertEquals(Entity.generation(ofA), Entity.generation(ofB), "same generation");
        assertNotEquals(ofA, ofB, "different world tags");
        List<Consumer<Long>> uses = uses(b);
        for (int i = 0; i < uses.size(); i++) {
            Consumer<Long> use = uses.get(i);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> use.accept(ofA));
            assertEquals(OPERATIONS.get(i) + ": entity 0v1 belongs to another world", e.getMessage());
        }
        assertFalse(b.isAlive(ofA));
        assertTrue(a.isAlive(ofA));
        assertEquals(2, b.get(ofB, health));
        assertEquals(List.of(health), b.traitsOf(ofB));
        assertEquals(1, b.entityCount());
        assertEquals(1, a.get(ofA, health));
    }

    @Test
    void stagedCallsRefuseAHandleOfAnotherWorldToo() {
        long ofA = a.spawn(health.with(1));
        long ofB = b.spawn(health.with(2));
        b.transaction().open();
        try {
            List<Consumer<Long>> uses = uses(b);
            for (int i = 0; i < uses.size(); i++) {
                Consumer<Long> use = uses.get(i);
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> use.accept(ofA));
                assertEquals(OPERATIONS.get(i) + ": entity 0v1 belongs to another world", e.getMessage());
            }
            b.destroy(ofB);
            assertTrue(b.isPendingDestroy(ofB));
            assertFalse(b.isPendingDestroy(ofA), "another world's handle in the same slot is not pending here");
            assertEquals(1, b.commitStats().opsStaged(), "only the destroy was staged");
        } finally {
            b.transaction().close();
        }
        assertFalse(b.isAlive(ofB));
        assertTrue(a.isAlive(ofA));
    }

    @Test
    void handlesArePositiveAndCarryTheirWorldsTag() {
        long ofA = a.spawn();
        long ofB = b.spawn();
        assertTrue(ofA > 0 && ofB > 0);
        int tagA = Entity.worldTag(ofA);
        int tagB = Entity.worldTag(ofB);
        assertTrue(tagA >= 1 && tagA <= Entity.WORLD_TAGS, "tag " + tagA);
        assertTrue(tagB >= 1 && tagB <= Entity.WORLD_TAGS, "tag " + tagB);
        assertNotEquals(tagA, tagB, "worlds created one after the other");
        a.destroy(ofA);
        long reused = a.spawn();
        assertEquals(tagA, Entity.worldTag(reused), "a reused slot keeps the world's tag");
        a.reset();
        assertEquals(tagA, Entity.worldTag(a.spawn()), "so does a reset");
        assertEquals(0, Entity.worldTag(Entity.NONE));
    }

    @Test
    void consecutiveWorldsGetDistinctTagsUpToTheHorizon() {
        Set<Integer> tags = new HashSet<>();
        for (int i = 0; i < Entity.WORLD_TAGS; i++) {
            tags.add(Entity.worldTag(new World().spawn()));
        }
        assertEquals(Entity.WORLD_TAGS, tags.size(), "any " + Entity.WORLD_TAGS + " worlds created in a row");
    }

    @Test
    void theGenerationWrapsToOneAndKeepsTheTag() {
        long first = a.spawn();
        a.destroy(first);
        long e = Entity.NONE;
        for (int g = 2; g <= Entity.MAX_GENERATION; g++) {
            e = a.spawn();
            a.destroy(e);
        }
        assertEquals(Entity.MAX_GENERATION, Entity.generation(e));
        long wrapped = a.spawn();
        assertEquals(0, Entity.index(wrapped));
        assertEquals(1, Entity.generation(wrapped), "after the largest generation comes 1, never 0");
        assertEquals(Entity.worldTag(first), Entity.worldTag(wrapped));
        assertEquals(first, wrapped, "the documented horizon: the slot's first handle names the entity again");
        assertTrue(a.isAlive(wrapped));
    }
}
