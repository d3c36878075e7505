package dev.orrery.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("engine-independent")
class WorldResetTest {
    private final Trait<Integer> score = Trait.withDefault("Score", 0);
    private final Trait<String> name = Trait.withDefault("Name", "");

    @Test
    void resetClearsWorldTraitsAndEntitiesAndQueriesStayUsable() {
        World world = new World();
        TraitRef<Integer> ref = world.ref(score);
        world.set(score, 10);
        long e = world.spawn(score.with(1), name.with("a"));
        QueryResult r = world.query(Query.of(score));
        assertEquals(1, r.count());

        world.reset();

        assertFalse(world.has(score));
        assertNull(ref.get());
        assertEquals(0, world.entityCount());
        assertFalse(world.isAlive(e));
        assertSame(r, world.query(Query.of(score)));
        assertEquals(0, r.count());
        long f = world.spawn(score.with(2));
        assertEquals(1, r.count());
        assertEquals(2, world.get(f, score));
        world.set(score, 3);
        assertEquals(3, ref.get());
    }
}
