package dev.orrery.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.Tag;

/**
 * Publishes that move whole tables at once (every entity of a table gets or loses the same trait in
 * one transaction) against a map model: traits, values by identity, queries, and tables that keep
 * working (appends, moves, destroys) afterwards.
 */
@Tag("engine-independent")
class BulkPublishPropertyTest {
    private static final List<Trait<Object>> TRAITS = List.of(Trait.of("A", Object::new), Trait.of("B", Object::new),
            Trait.of("C", Object::new), Trait.of("D", Object::new));
    private static final Query WITH_B = Query.builder().with(TRAITS.get(1)).build();

    /** Per try (jqwik keeps one instance for all tries of a property): reset by {@link #fresh()}. */
    private World world = new World();
    private Map<Long, Map<Trait<Object>, Object>> model = new LinkedHashMap<>();

    private void fresh() {
        world = new World();
        model = new LinkedHashMap<>();
    }

    private void check(String when) {
        assertEquals(model.size(), world.entityCount(), () -> when);
        Set<Long> withB = new HashSet<>();
        model.forEach((e, m) -> {
            assertEquals(m.keySet(), new HashSet<>(world.traitsOf(e)), () -> when + ": traits of " + Entity.toString(e));
            m.forEach((t, v) -> assertSame(v, world.get(e, t), () -> when + ": value of " + t.name()));
            if (m.containsKey(TRAITS.get(1))) {
                withB.add(e);
            }
        });
        Set<Long> seen = new HashSet<>();
        world.query(WITH_B).forEach(seen::add);
        assertEquals(withB, seen, () -> when + ": query");
    }

    private long spawn(Random rnd) {
        Map<Trait<Object>, Object> m = new LinkedHashMap<>();
        List<TraitValue<?>> values = new ArrayList<>();
        for (Trait<Object> t : TRAITS) {
            if (rnd.nextBoolean()) {
                Object v = new Object();
                m.put(t, v);
                values.add(t.with(v));
            }
        }
        long e = world.spawn(values.toArray(new TraitValue<?>[0]));
        model.put(e, m);
        return e;
    }

    @Example
    @Label("a trait added to, then removed from, every entity of a table: two whole-table moves")
    void addThenRemoveOnAWholeTable() {
        Trait<Object> a = TRAITS.get(0);
        Trait<Object> b = TRAITS.get(1);
        List<Long> all = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            Object v = new Object();
            long e = world.spawn(a.with(v));
            all.add(e);
            model.put(e, new LinkedHashMap<>(Map.of(a, v)));
        }
        WorldTransaction tx = world.transaction();
        tx.open();
        for (long e : all) {
            Object v = world.add(e, b);
            model.get(e).put(b, v);
        }
        tx.publish();
        check("after the add pass");
        for (long e : all) {
            world.remove(e, b);
            model.get(e).remove(b);
        }
        tx.close();
        check("after the remove pass");
        assertEquals(200, world.commitStats().archetypeMoves());
        Object late = new Object();
        long more = world.spawn(a.with(new Object()), b.with(late));
        model.put(more, new LinkedHashMap<>(Map.of(a, world.get(more, a), b, late)));
        world.destroy(all.get(0));
        model.remove(all.get(0));
        check("the tables keep working");
    }

    @Property(tries = 200)
    void wholeTableAndPartialMovesPublishTheModelsWorld(@ForAll long seed) {
        Random rnd = new Random(seed);
        fresh();
        List<Long> handles = new ArrayList<>();
        for (int i = 40 + rnd.nextInt(80); i > 0; i--) {
            handles.add(spawn(rnd));
        }
        WorldTransaction tx = world.transaction();
        for (int round = 0; round < 6; round++) {
            tx.open();
            Trait<Object> t = TRAITS.get(rnd.nextInt(TRAITS.size()));
            boolean add = rnd.nextBoolean();
            int selection = rnd.nextInt(3); // 0 every entity, 1 the entities of one table, 2 a random subset
            Map<Trait<Object>, Object> sample = model.get(handles.get(rnd.nextInt(handles.size())));
            Set<Trait<Object>> table = sample == null ? Set.of() : new HashSet<>(sample.keySet());
            Map<Long, Map<Trait<Object>, Object>> after = new HashMap<>();
            model.forEach((e, m) -> after.put(e, new LinkedHashMap<>(m)));
            for (long e : new ArrayList<>(model.keySet())) {
                boolean chosen = selection == 0 || (selection == 1 && model.get(e).keySet().equals(table))
                        || (selection == 2 && rnd.nextInt(3) > 0);
                if (!chosen) {
                    continue;
                }
                if (add) {
                    Object v = world.add(e, t);
                    after.get(e).putIfAbsent(t, v);
                } else {
                    world.remove(e, t);
                    after.get(e).remove(t);
                }
            }
            if (rnd.nextInt(3) == 0) {
                long victim = handles.get(rnd.nextInt(handles.size()));
                if (world.isAlive(victim)) {
                    world.destroy(victim);
                    after.remove(victim);
                }
            }
            if (rnd.nextInt(4) == 0) {
                tx.discard();
            } else {
                model.clear();
                model.putAll(after);
            }
            tx.close();
            String label = "round " + round + " (seed " + seed + ")";
            check(label);
            for (int i = rnd.nextInt(4); i > 0; i--) {
                handles.add(spawn(rnd)); // appends into the tables a bulk move handed over
            }
            check("appends after " + label);
        }
    }
}
