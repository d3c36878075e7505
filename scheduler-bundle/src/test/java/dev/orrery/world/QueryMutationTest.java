package dev.orrery.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orrery.testsupport.memory.AllocationMeter;
import dev.orrery.testsupport.memory.Measurement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Mutation during iteration: the semantics documented on {@link QueryResult}. */
@Tag("engine-independent")
class QueryMutationTest {
    private final Trait<Integer> health = Trait.withDefault("Health", 100);
    private final Trait<String> tag = Trait.withDefault("Tag", "t");
    private final Trait<Boolean> dead = Trait.withDefault("Dead", true);
    private final World world = new World();
    private final Query alive = Query.builder().with(health).without(dead).build();

    private List<Long> spawnMany(int n) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(i % 2 == 0 ? world.spawn(health.with(i)) : world.spawn(health.with(i), tag.with("odd")));
        }
        return out;
    }

    @Test
    void anEntityDestroyedBeforeItsTurnIsNotVisited() {
        List<Long> all = spawnMany(20);
        List<Long> visited = new ArrayList<>();
        world.query(alive).forEach(e -> {
            visited.add(e);
            if (visited.size() == 1) {
                for (long other : all) {
                    if (other != e) {
                        world.destroy(other);
                    }
                }
            }
        });
        assertEquals(1, visited.size());
        assertEquals(1, world.entityCount());
        assertEquals(1, world.query(alive).count());
    }

    @Test
    void destroyingTheVisitedEntityVisitsEveryEntityOnceAndEmptiesTheWorld() {
        Set<Long> all = new HashSet<>(spawnMany(50));
        List<Long> visited = new ArrayList<>();
        world.query(alive).forEach(health, (e, h) -> {
            visited.add(e);
            world.destroy(e);
        });
        assertEquals(50, visited.size());
        assertEquals(all, new HashSet<>(visited));
        assertEquals(0, world.entityCount());
        assertEquals(0, world.query(alive).count());
    }

    @Test
    void anEntityThatStopsMatchingBeforeItsTurnIsNotVisited() {
        List<Long> all = spawnMany(10);
        Set<Long> visited = new HashSet<>();
        world.query(alive).forEach(e -> {
            visited.add(e);
            if (visited.size() == 1) {
                for (long other : all) {
                    if (other == e) {
                        continue;
                    }
                    if (Entity.index(other) % 2 == 0) {
                        world.add(other, dead);
                    } else {
                        world.remove(other, health);
                    }
                }
            }
        });
        assertEquals(1, visited.size());
        assertEquals(1, world.query(alive).count());
        assertEquals(10, world.entityCount());
    }

    @Test
    void anEntityThatChangesTraitsButStillMatchesIsVisitedOnceWithItsCurrentValue() {
        List<Long> all = spawnMany(30);
        List<Long> visited = new ArrayList<>();
        List<Integer> values = new ArrayList<>();
        world.query(alive).forEach(health, (e, h) -> {
            visited.add(e);
            values.add(h);
            if (visited.size() == 1) {
                for (long other : all) {
                    if (other != e) {
                        world.set(other, health, -1);
                        if (world.has(other, tag)) {
                            world.remove(other, tag);
                        } else {
                            world.add(other, tag, "moved");
                        }
                    }
                }
            }
        });
        assertEquals(30, visited.size());
        assertEquals(new HashSet<>(all), new HashSet<>(visited));
        assertEquals(29, values.stream().filter(v -> v == -1).count());
    }

    @Test
    void theVisitedEntityMayChangeItsOwnTraitsWithoutBeingVisitedAgain() {
        spawnMany(40);
        List<Long> visited = new ArrayList<>();
        world.query(Query.of(health)).forEach(e -> {
            visited.add(e);
            if (world.has(e, tag)) {
                world.remove(e, tag);
            } else {
                world.add(e, tag, "new");
            }
        });
        assertEquals(40, visited.size());
        assertEquals(40, new HashSet<>(visited).size());
        assertEquals(20, world.query(Query.of(tag)).count());
    }

    @Test
    void entitiesSpawnedOrStartingToMatchDuringIterationAreNotVisitedButExistAfterwards() {
        spawnMany(10);
        long bare = world.spawn(tag);
        int[] visits = {0};
        world.query(Query.of(health)).forEach(e -> {
            visits[0]++;
            world.spawn(health.with(0));
            world.spawn(health.with(0), tag.with("x"));
            if (!world.has(bare, health)) {
                world.add(bare, health, 5);
            }
        });
        assertEquals(10, visits[0]);
        assertEquals(31, world.query(Query.of(health)).count());
        assertEquals(5, world.get(bare, health));
    }

    @Test
    void changesApplyImmediatelyInsideTheCallback() {
        long a = world.spawn(health.with(1));
        world.query(Query.of(health)).forEach(e -> {
            world.add(e, tag, "now");
            assertEquals("now", world.get(e, tag));
            world.set(e, health, 2);
            assertEquals(2, world.get(e, health));
            long child = world.spawn(tag.with("child"));
            assertTrue(world.isAlive(child));
            world.destroy(child);
            assertFalse(world.isAlive(child));
        });
        assertEquals(2, world.get(a, health));
        assertEquals("now", world.get(a, tag));
    }

    @Test
    void valuesStayWithTheirEntitiesAfterHolesAreCompacted() {
        List<Long> all = spawnMany(100);
        world.query(Query.of(health)).forEach(health, (e, h) -> {
            if (h % 3 == 0) {
                world.destroy(e);
            }
        });
        for (int i = 0; i < all.size(); i++) {
            long e = all.get(i);
            assertEquals(i % 3 != 0, world.isAlive(e));
            if (i % 3 != 0) {
                assertEquals(i, world.get(e, health));
                assertEquals(i % 2 == 1, world.has(e, tag));
            }
        }
        assertEquals(66, world.query(Query.of(health)).count());
        int[] sum = {0};
        world.query(Query.of(health)).forEach(health, (e, h) -> sum[0] += h);
        int expected = 0;
        for (int i = 0; i < 100; i++) {
            expected += i % 3 != 0 ? i : 0;
        }
        assertEquals(expected, sum[0]);
    }

    @Test
    void nestedIterationsKeepTheirOwnStartSets() {
        spawnMany(10);
        int[] outer = {0};
        int[] inner = {0};
        world.query(Query.of(health)).forEach(e -> {
            outer[0]++;
            if (outer[0] == 1) {
                world.query(Query.of(health)).forEach(f -> {
                    inner[0]++;
                    if (f != e) {
                        world.destroy(f);
                    }
                    world.spawn(health.with(7));
                });
            }
        });
        assertEquals(10, inner[0]);
        assertEquals(1, outer[0]);
        assertEquals(11, world.entityCount());
        assertEquals(11, world.query(Query.of(health)).count());
    }

    @Test
    void aThrowingCallbackLeavesTheWorldConsistent() {
        List<Long> all = spawnMany(10);
        IllegalStateException boom = new IllegalStateException("boom");
        int[] visits = {0};
        IllegalStateException ex = assertThrows(IllegalStateException.class, () -> world.query(Query.of(health)).forEach(e -> {
            if (++visits[0] == 3) {
                throw boom;
            }
            world.destroy(e);
        }));
        assertSame(boom, ex);
        assertEquals(8, world.entityCount());
        assertEquals(8, world.query(Query.of(health)).count());
        int[] after = {0};
        world.query(Query.of(health)).forEach(health, (e, h) -> {
            after[0]++;
            assertEquals(all.indexOf(e), h);
        });
        assertEquals(8, after[0]);
        world.reset();
        assertEquals(0, world.entityCount());
    }

    @Test
    void resetInsideACallbackThrowsAndClearsNothing() {
        spawnMany(3);
        world.set(tag, "world");
        IllegalStateException ex = assertThrows(IllegalStateException.class,
                () -> world.query(Query.of(health)).forEach(e -> world.reset()));
        assertEquals("World.reset: cannot reset while a query is iterating this world", ex.getMessage());
        assertEquals(3, world.entityCount());
        assertEquals("world", world.get(tag));
    }

    @Test
    void iterationAllocatesNothingPerEntity() {
        final class Counter {
            long n;
        }
        Trait<Counter> counter = Trait.of("Counter", Counter::new);
        Trait<Counter> other = Trait.of("Other", Counter::new);
        for (int i = 0; i < 100_000; i++) {
            world.spawn(counter, other);
        }
        QueryResult r = world.query(Query.of(counter, other));
        EntityAction2<Counter, Counter> inc = (e, a, b) -> a.n += b.n + 1;
        assumeTrue(AllocationMeter.isSupported(), "this JVM cannot count allocated bytes per thread");
        // One allocation per entity would be 200,000 objects per window; a few per call are allowed.
        Measurement m = AllocationMeter.windows(1, AllocationMeter.DEFAULT_MAX_WINDOWS).measure(() -> {
            r.forEach(counter, other, inc);
            r.forEach(counter, other, inc);
        });
        assertTrue(m.leastBytes() < 16_384, m.describe("two iterations over 100000 entities"));
    }
}
