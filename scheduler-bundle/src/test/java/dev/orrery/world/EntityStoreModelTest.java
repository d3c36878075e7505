package dev.orrery.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Tag;

/**
 * Model-based checks: random spawn/destroy/add/remove/set, outside and inside query iterations,
 * compared with a plain map model and with the iteration semantics of {@link QueryResult}.
 */
@Tag("engine-independent")
class EntityStoreModelTest {
    private final List<Trait<Integer>> traits = List.of(
            Trait.withDefault("T0", -1), Trait.withDefault("T1", -1), Trait.withDefault("T2", -1),
            Trait.withDefault("T3", -1));
    private final Query query = Query.builder().with(traits.get(0)).without(traits.get(3)).build();

    private final class Model {
        final World world = new World();
        final Map<Long, Map<Trait<Integer>, Integer>> entities = new HashMap<>();
        final List<Long> live = new ArrayList<>();
        final List<Long> destroyed = new ArrayList<>();
        int next;

        boolean matches(long e) {
            Map<Trait<Integer>, Integer> m = entities.get(e);
            return m != null && m.containsKey(traits.get(0)) && !m.containsKey(traits.get(3));
        }

        long randomOp(Random rnd) {
            int op = live.isEmpty() ? 0 : rnd.nextInt(6);
            Trait<Integer> t = traits.get(rnd.nextInt(traits.size()));
            int value = next++;
            if (op == 0) {
                List<TraitValue<?>> values = new ArrayList<>();
                Map<Trait<Integer>, Integer> m = new HashMap<>();
                for (Trait<Integer> tr : traits) {
                    if (rnd.nextBoolean()) {
                        values.add(tr.with(value));
                        m.put(tr, value);
                    }
                }
                long e = world.spawn(values.toArray(new TraitValue<?>[0]));
                entities.put(e, m);
                live.add(e);
                return e;
            }
            long e = live.get(rnd.nextInt(live.size()));
            Map<Trait<Integer>, Integer> m = entities.get(e);
            switch (op) {
                case 1 -> {
                    world.destroy(e);
                    entities.remove(e);
                    live.remove(e);
                    destroyed.add(e);
                }
                case 2 -> {
                    int got = world.add(e, t, value);
                    assertEquals((int) m.computeIfAbsent(t, k -> value), got);
                }
                case 3 -> {
                    world.remove(e, t);
                    m.remove(t);
                }
                default -> {
                    world.set(e, t, value);
                    m.put(t, value);
                }
            }
            return e;
        }

        void check() {
            assertEquals(entities.size(), world.entityCount());
            for (Map.Entry<Long, Map<Trait<Integer>, Integer>> en : entities.entrySet()) {
                long e = en.getKey();
                assertTrue(world.isAlive(e));
                for (Trait<Integer> t : traits) {
                    assertEquals(en.getValue().get(t), world.get(e, t), () -> "entity " + Entity.toString(e) + " " + t);
                }
                assertEquals(en.getValue().keySet(), new HashSet<>(world.traitsOf(e)));
            }
            for (long d : destroyed) {
                assertFalse(world.isAlive(d));
            }
            Set<Long> expected = new HashSet<>();
            for (long e : live) {
                if (matches(e)) {
                    expected.add(e);
                }
            }
            Set<Long> seen = new HashSet<>();
            world.query(query).forEach(traits.get(0), (e, v) -> {
                assertTrue(seen.add(e));
                assertEquals(entities.get(e).get(traits.get(0)), v);
            });
            assertEquals(expected, seen);
            assertEquals(expected.size(), world.query(query).count());
        }
    }

    @Property(tries = 200)
    void storeAgreesWithAMapModel(@ForAll long seed) {
        Random rnd = new Random(seed);
        Model model = new Model();
        for (int i = 0; i < 300; i++) {
            model.randomOp(rnd);
            if (i % 50 == 0) {
                model.check();
            }
        }
        model.check();
    }

    @Property(tries = 300)
    void iterationVisitsExactlyTheStartSetEntitiesThatStillMatchAtTheirTurn(@ForAll long seed) {
        Random rnd = new Random(seed);
        Model model = new Model();
        for (int i = 0; i < 60; i++) {
            model.randomOp(rnd);
        }
        Set<Long> start = new HashSet<>();
        for (long e : model.live) {
            if (model.matches(e)) {
                start.add(e);
            }
        }
        Set<Long> visited = new HashSet<>();
        Set<Long> everStoppedMatching = new HashSet<>();
        int opsPerVisit = rnd.nextInt(4);
        model.world.query(query).forEach(traits.get(0), (e, v) -> {
            assertTrue(start.contains(e), "visited an entity outside the start set");
            assertTrue(visited.add(e), "visited twice");
            assertTrue(model.matches(e), "visited an entity that does not match");
            assertEquals(model.entities.get(e).get(traits.get(0)), v, "stale value");
            for (int k = 0; k < opsPerVisit; k++) {
                long touched = model.randomOp(rnd);
                if (!model.matches(touched)) {
                    everStoppedMatching.add(touched);
                }
            }
        });
        for (long e : start) {
            if (!visited.contains(e)) {
                assertTrue(everStoppedMatching.contains(e), "skipped an entity that always matched");
            }
        }
        model.check();
    }
}
