package dev.orrery.world;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("engine-independent")
class QueryTest {
    static final class Vec {
        double x;
        double y;

        Vec(double x, double y) {
            this.x = x;
            this.y = y;
        }
    }

    private final Trait<Vec> position = Trait.of("Position", () -> new Vec(0, 0));
    private final Trait<Vec> velocity = Trait.of("Velocity", () -> new Vec(0, 0));
    private final Trait<String> label = Trait.withDefault("Label", "");
    private final Trait<Boolean> frozen = Trait.withDefault("Frozen", true);
    private final World world = new World();

    private static long[] sorted(long[] a) {
        long[] c = a.clone();
        Arrays.sort(c);
        return c;
    }

    private long[] collect(Query q) {
        List<Long> out = new ArrayList<>();
        world.query(q).forEach(out::add);
        return sorted(out.stream().mapToLong(Long::longValue).toArray());
    }

    @Test
    void allOfSelectsEntitiesThatHaveEveryTraitAcrossTables() {
        long p = world.spawn(position.with(new Vec(1, 1)));
        long pv = world.spawn(position.with(new Vec(2, 2)), velocity.with(new Vec(1, 0)));
        long pvl = world.spawn(position, velocity, label);
        long v = world.spawn(velocity);
        world.spawn();
        assertArrayEquals(sorted(new long[] {p, pv, pvl}), collect(Query.of(position)));
        assertArrayEquals(sorted(new long[] {pv, pvl}), collect(Query.of(position, velocity)));
        assertArrayEquals(sorted(new long[] {pv, pvl, v}), collect(Query.of(velocity)));
        assertEquals(5, world.query(Query.of()).count());
    }

    @Test
    void noneOfExcludesEntitiesThatHaveAnyOfTheTraits() {
        long a = world.spawn(position, velocity);
        long b = world.spawn(position, velocity, frozen);
        long c = world.spawn(position, label);
        Query moving = Query.builder().with(position).without(frozen, velocity).build();
        assertArrayEquals(new long[] {c}, collect(moving));
        Query notFrozen = Query.builder().with(position).without(frozen).build();
        assertArrayEquals(sorted(new long[] {a, c}), collect(notFrozen));
        Query onlyNone = Query.builder().without(position).build();
        long bare = world.spawn(label);
        assertArrayEquals(new long[] {bare}, collect(onlyNone));
        assertTrue(world.isAlive(b));
    }

    @Test
    void forEachWithTwoTraitsPassesEachEntitysOwnValuesAndWritesStick() {
        Map<Long, double[]> expected = new HashMap<>();
        for (int i = 0; i < 100; i++) {
            long e = i % 3 == 0
                    ? world.spawn(position.with(new Vec(i, 0)), velocity.with(new Vec(1, 2)), label.with("l" + i))
                    : world.spawn(position.with(new Vec(i, 0)), velocity.with(new Vec(1, 2)));
            expected.put(e, new double[] {i + 1, 2});
        }
        world.spawn(position.with(new Vec(-1, -1)));
        QueryResult moving = world.query(Query.of(position, velocity));
        moving.forEach(position, velocity, (e, p, v) -> {
            p.x += v.x;
            p.y += v.y;
        });
        int[] seen = {0};
        moving.forEach(position, (e, p) -> {
            seen[0]++;
            assertEquals(expected.get(e)[0], p.x);
            assertEquals(expected.get(e)[1], p.y);
        });
        assertEquals(100, seen[0]);
    }

    @Test
    void forEachWithThreeTraits() {
        long e = world.spawn(position.with(new Vec(1, 2)), velocity.with(new Vec(3, 4)), label.with("x"));
        world.spawn(position, velocity);
        List<String> seen = new ArrayList<>();
        world.query(Query.of(label, velocity, position)).forEach(position, velocity, label,
                (id, p, v, l) -> seen.add(id + ":" + p.x + "," + v.y + "," + l));
        assertEquals(List.of(e + ":1.0,4.0,x"), seen);
    }

    @Test
    void forEachRejectsATraitOutsideTheQuerysWithTraits() {
        QueryResult r = world.query(Query.builder().with(position).without(frozen).build());
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                () -> r.forEach(velocity, (e, v) -> { }));
        assertEquals("QueryResult.forEach: trait 'Velocity' is not in the with traits of query [Position, !Frozen], "
                + "so entities may lack it", ex.getMessage());
    }

    @Test
    void aQueryResultSeesTablesCreatedAfterItWasObtained() {
        QueryResult r = world.query(Query.of(position));
        assertEquals(0, r.count());
        assertTrue(r.isEmpty());
        long a = world.spawn(position);
        long b = world.spawn(position, label);
        long c = world.spawn(label);
        world.add(c, position);
        assertEquals(3, r.count());
        assertArrayEquals(sorted(new long[] {a, b, c}), sorted(r.entities()));
    }

    @Test
    void equalQueriesShareOneResultPerWorld() {
        Query q1 = Query.builder().with(position, velocity).without(frozen).build();
        Query q2 = Query.builder().with(velocity, position).without(frozen).build();
        assertEquals(q1, q2);
        assertEquals(q1.hashCode(), q2.hashCode());
        assertSame(world.query(q1), world.query(q2));
        assertNotEquals(q1, Query.of(position, velocity));
        assertSame(q1, world.query(q1).query());
    }

    @Test
    void oneQueryRunsOnSeveralWorlds() {
        Query q = Query.of(position);
        World other = new World();
        world.spawn(position);
        other.spawn(position);
        other.spawn(position);
        assertEquals(1, world.query(q).count());
        assertEquals(2, other.query(q).count());
    }

    @Test
    void badQueriesAreRejectedNamingTheTrait() {
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class, () -> Query.of(position, position));
        assertEquals("Query: trait 'Position' is given twice in with", twice.getMessage());
        IllegalArgumentException both = assertThrows(IllegalArgumentException.class,
                () -> Query.builder().with(position).without(position).build());
        assertEquals("Query: trait 'Position' is in both with and without", both.getMessage());
        IllegalArgumentException twiceWithout = assertThrows(IllegalArgumentException.class,
                () -> Query.builder().without(frozen, frozen).build());
        assertEquals("Query: trait 'Frozen' is given twice in without", twiceWithout.getMessage());
    }

    @Test
    void queriesMatchManyTraitIdsBeyondOneMaskWord() {
        List<Trait<Integer>> many = new ArrayList<>();
        for (int i = 0; i < 130; i++) {
            many.add(Trait.withDefault("T" + i, i));
        }
        long e = world.spawn(many.get(0), many.get(70), many.get(129));
        long f = world.spawn(many.get(0), many.get(70));
        assertArrayEquals(new long[] {e}, collect(Query.of(many.get(129), many.get(0))));
        assertArrayEquals(new long[] {f}, collect(Query.builder().with(many.get(70)).without(many.get(129)).build()));
        assertArrayEquals(new long[0], collect(Query.of(many.get(1))));
    }
}
