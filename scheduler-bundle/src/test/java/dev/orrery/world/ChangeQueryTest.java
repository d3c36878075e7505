package dev.orrery.world;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Change queries and {@link World#removed(Trait)} outside any system: the window is "since the
 * previous iteration of the same query" (or the previous {@code removed} call for the trait).
 */
@Tag("engine-independent")
class ChangeQueryTest {
    static final Trait<int[]> HEALTH = Trait.of("Health", () -> new int[] {10});
    static final Trait<String> NAME = Trait.withDefault("Name", "n");
    static final Trait<String> OTHER = Trait.withDefault("Other", "o");
    static final Query CHANGED = Query.builder().changed(HEALTH).build();
    static final Query ADDED = Query.builder().added(HEALTH).build();

    private final World world = new World();

    private static long[] sorted(long[] handles) {
        long[] copy = handles.clone();
        Arrays.sort(copy);
        return copy;
    }

    private long[] changed() {
        return sorted(world.query(CHANGED).entities());
    }

    private long[] added() {
        return sorted(world.query(ADDED).entities());
    }

    @Test
    @DisplayName("the first iteration sees every entity that has the trait; the next only what changed since")
    void firstIterationSeesEverything() {
        long a = world.spawn(HEALTH);
        long b = world.spawn(HEALTH, NAME);
        world.spawn(NAME);
        assertArrayEquals(sorted(new long[] {a, b}), changed());
        assertArrayEquals(new long[0], changed(), "nothing changed since");
        world.set(b, HEALTH, new int[] {3});
        assertArrayEquals(new long[] {b}, changed());
    }

    @Test
    @DisplayName("set marks changed; an add marks added and changed; markChanged marks an in-place change")
    void setAddAndMarkChanged() {
        long a = world.spawn(HEALTH);
        long b = world.spawn(NAME);
        changed();
        added();
        world.set(a, HEALTH, new int[] {1});
        world.add(b, HEALTH);
        assertArrayEquals(sorted(new long[] {a, b}), changed());
        assertArrayEquals(new long[] {b}, added(), "a set of a trait the entity has is no add");
        world.get(a, HEALTH)[0] = 7;
        assertArrayEquals(new long[0], changed(), "an in-place change the world cannot see");
        world.markChanged(a, HEALTH);
        assertArrayEquals(new long[] {a}, changed());
        world.set(a, NAME, "x"); // a new trait: the entity moves tables
        assertArrayEquals(new long[0], changed(), "a move for another trait is no change of this one");
    }

    @Test
    @DisplayName("each query has its own window outside systems; count and isEmpty do not move it")
    void windowPerQuery() {
        long a = world.spawn(HEALTH, NAME);
        QueryResult both = world.query(Query.builder().with(NAME).changed(HEALTH).build());
        assertEquals(1, world.query(CHANGED).count());
        assertEquals(1, world.query(CHANGED).count(), "count does not consume");
        assertFalse(world.query(CHANGED).isEmpty());
        assertArrayEquals(new long[] {a}, changed());
        assertTrue(world.query(CHANGED).isEmpty());
        assertEquals(1, both.count(), "another query's window is its own");
        int[] seen = {0};
        both.forEach(HEALTH, NAME, (e, h, n) -> seen[0] += h[0]);
        assertEquals(10, seen[0]);
        assertTrue(both.isEmpty());
    }

    @Test
    @DisplayName("an entity changed several times is visited once; its latest value is passed")
    void visitedOnce() {
        long a = world.spawn(HEALTH);
        changed();
        for (int i = 0; i < 5; i++) {
            world.set(a, HEALTH, new int[] {i});
            world.markChanged(a, HEALTH);
        }
        List<Integer> values = new ArrayList<>();
        world.query(CHANGED).forEach(HEALTH, (e, h) -> values.add(h[0]));
        assertEquals(List.of(4), values);
    }

    @Test
    @DisplayName("entities changed during the iteration are left to the next; dead or non-matching ones are skipped")
    void mutationDuringIteration() {
        long a = world.spawn(HEALTH);
        long b = world.spawn(HEALTH);
        long c = world.spawn(HEALTH);
        List<Long> visited = new ArrayList<>();
        world.query(CHANGED).forEach(e -> {
            visited.add(e);
            for (long other : new long[] {a, b, c}) {
                if (other != e && world.isAlive(other)) {
                    world.set(other, HEALTH, new int[] {1}); // changes a not-yet-visited one too
                }
            }
        });
        assertEquals(3, visited.size(), "each entity of the window once, though others changed it: " + visited);
        assertEquals(3, changed().length, "the changes made during the iteration are the next window's");
        world.set(a, HEALTH, new int[] {2});
        world.set(b, HEALTH, new int[] {2});
        world.set(c, HEALTH, new int[] {2});
        List<Long> second = new ArrayList<>();
        world.query(CHANGED).forEach(e -> {
            second.add(e);
            if (second.size() == 1) {
                long[] others = Arrays.stream(new long[] {a, b, c}).filter(x -> x != e).toArray();
                world.destroy(others[0]);
                world.remove(others[1], HEALTH);
            }
        });
        assertEquals(1, second.size(), "the destroyed one and the one without the trait are not visited: " + second);
    }

    @Test
    @DisplayName("a change query nested in a callback that changed entities visits each once too")
    void nestedChangeIteration() {
        long a = world.spawn(HEALTH);
        long b = world.spawn(HEALTH);
        List<Long> inner = new ArrayList<>();
        QueryResult other = world.query(Query.builder().changed(HEALTH).with(HEALTH).without(OTHER).build());
        world.query(CHANGED).forEach(e -> {
            world.set(a, HEALTH, new int[] {1});
            world.set(b, HEALTH, new int[] {1});
            if (inner.isEmpty()) {
                other.forEach(inner::add);
            }
        });
        assertEquals(2, inner.size(), "each once: " + inner);
        assertEquals(2, changed().length);
    }

    @Test
    @DisplayName("a trait tracked late: entities that already have it count as added and changed")
    void trackingStartsLate() {
        long a = world.spawn(HEALTH);
        world.set(a, HEALTH, new int[] {2});
        assertArrayEquals(new long[] {a}, added());
        assertArrayEquals(new long[] {a}, changed());
    }

    @Test
    @DisplayName("removed lists removals and destroys since the previous call; handles may be dead")
    void removedOutsideSystems() {
        long a = world.spawn(HEALTH);
        long b = world.spawn(HEALTH, NAME);
        long c = world.spawn(NAME);
        assertTrue(world.removed(HEALTH).isEmpty(), "removals are recorded from the first call on");
        world.remove(a, HEALTH);
        world.destroy(b);
        world.destroy(c); // never had it
        RemovedEntities removed = world.removed(HEALTH);
        assertArrayEquals(new long[] {a, b}, removed.toArray());
        assertTrue(removed.contains(b));
        assertFalse(world.isAlive(removed.get(1)), "b is dead");
        assertTrue(world.removed(HEALTH).isEmpty(), "the window moved on");
        world.add(a, HEALTH);
        world.remove(a, HEALTH);
        world.add(a, HEALTH);
        world.remove(a, HEALTH);
        assertEquals(2, world.removed(HEALTH).size(), "once per removal");
    }

    @Test
    @DisplayName("a query with two change filters selects the entities that pass both")
    void twoFilters() {
        long a = world.spawn(HEALTH, NAME);
        long b = world.spawn(HEALTH, NAME);
        QueryResult both = world.query(Query.builder().changed(HEALTH).added(NAME).build());
        assertEquals(2, both.entities().length);
        world.set(a, HEALTH, new int[] {1});
        world.set(b, HEALTH, new int[] {1});
        world.remove(b, NAME);
        world.add(b, NAME);
        assertArrayEquals(new long[] {b}, both.entities(), "a's Name was not added again");
    }

    @Test
    @DisplayName("a staged transaction reports its net effect when it publishes")
    void publishReportsNetEffect() {
        long a = world.spawn(HEALTH);
        long b = world.spawn(HEALTH);
        long c = world.spawn(NAME);
        changed();
        added();
        world.removed(HEALTH);
        WorldTransaction tx = world.transaction();
        tx.open();
        world.remove(a, HEALTH);
        world.add(a, HEALTH, new int[] {5}); // removed and re-added: a replaced value
        world.add(c, HEALTH);
        world.add(b, OTHER);
        world.remove(b, OTHER); // net: nothing
        long d = world.spawn(HEALTH);
        long e = world.spawn(HEALTH);
        world.destroy(e); // spawned and destroyed: nothing
        assertArrayEquals(new long[0], changed(), "nothing is published yet");
        tx.close();
        assertArrayEquals(sorted(new long[] {a, c, d}), changed());
        assertArrayEquals(sorted(new long[] {c, d}), added());
        assertTrue(world.removed(HEALTH).isEmpty(), "a kept the trait");
        assertNotEquals(a, b);
    }

    @Test
    @DisplayName("markChanged names the entity and the trait when the entity lacks it")
    void markChangedErrors() {
        long a = world.spawn(NAME);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> world.markChanged(a, HEALTH));
        assertEquals("World.markChanged: entity " + Entity.toString(a) + " has no trait 'Health'", e.getMessage());
        world.destroy(a);
        assertThrows(IllegalArgumentException.class, () -> world.markChanged(a, NAME));
        assertThrows(NullPointerException.class, () -> world.markChanged(a, null));
    }

    @Test
    @DisplayName("the change log stays bounded when the same entities change every frame")
    void logStaysBounded() {
        long[] es = new long[100];
        for (int i = 0; i < es.length; i++) {
            es[i] = world.spawn(HEALTH);
        }
        QueryResult q = world.query(CHANGED);
        for (int frame = 0; frame < 1000; frame++) {
            for (long e : es) {
                world.set(e, HEALTH, new int[] {frame});
            }
            assertEquals(100, q.entities().length);
        }
        TraitChanges tc = world.trackedChanges(HEALTH);
        assertTrue(tc.logEntity.length <= 1024, "log capacity " + tc.logEntity.length);
    }

    @Test
    @DisplayName("Query: change filters in equality, toString and validation")
    void queryShape() {
        Query q = Query.builder().with(NAME).changed(HEALTH).build();
        assertEquals(List.of(NAME, HEALTH), q.allOf(), "a change filter's trait is required");
        assertEquals(Query.builder().changed(HEALTH).with(NAME).build(), q);
        assertNotEquals(Query.of(NAME, HEALTH), q);
        assertNotEquals(Query.builder().with(NAME).added(HEALTH).build(), q);
        assertEquals("query [Name, changed Health]", q.toString());
        assertTrue(q.hasChangeFilter());
        assertFalse(Query.of(NAME).hasChangeFilter());
        assertEquals("Query: trait 'Health' is in both changed and without",
                assertThrows(IllegalArgumentException.class,
                        () -> Query.builder().changed(HEALTH).without(HEALTH).build()).getMessage());
        assertEquals("Query: trait 'Health' is given twice in added",
                assertThrows(IllegalArgumentException.class,
                        () -> Query.builder().added(HEALTH, HEALTH).build()).getMessage());
    }
}
