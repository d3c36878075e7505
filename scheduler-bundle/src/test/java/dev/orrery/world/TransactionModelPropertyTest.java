package dev.orrery.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Tag;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;

/**
 * Random structural operations inside and outside transactions, with random publish points
 * (barriers, commit requests) and random crashes, against an independent model: a map of committed
 * entities and a sequential log of staged operations replayed at publish. After every step the
 * world's committed view (live entities, their traits and values, entity count, a query), its
 * pending-destroy answers and, at the end, its statistics must equal the model's.
 */
@Tag("engine-independent")
class TransactionModelPropertyTest {
    /** A value with identity, so the test can tell which value an entity holds. */
    record V(String label) {
        @Override
        public boolean equals(Object o) {
            return this == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }

    private static final List<Trait<V>> TRAITS = List.of(
            Trait.of("A", () -> new V("default A")), Trait.of("B", () -> new V("default B")),
            Trait.of("C", () -> new V("default C")), Trait.of("D", () -> new V("default D")));
    private static final Query WITH_A_NOT_D = Query.builder().with(TRAITS.get(0)).without(TRAITS.get(3)).build();

    private WorldLog log;

    @BeforeProperty
    void captureDeadTargetWarnings() {
        log = new WorldLog();
    }

    @AfterProperty
    void releaseLog() {
        log.close();
    }

    /** One staged operation of the model's log. */
    private record Op(String kind, long entity, Trait<V> trait, V value, boolean counted) {
    }

    private static final class Model {
        final World world = new World();
        final WorldTransaction tx = world.transaction();
        /** Committed entities (the world's view). */
        final Map<Long, Map<Trait<V>, V>> committed = new LinkedHashMap<>();
        /** Staged spawns of the open transaction. */
        final Set<Long> reserved = new HashSet<>();
        /** Every handle ever handed out, for picking targets (dead ones included). */
        final List<Long> handles = new ArrayList<>();
        final List<Op> log = new ArrayList<>();
        long publishes, discards, staged, applied, coalesced, dead, discarded, moves, inserted, removed;
        int labels;

        V value() {
            return new V("v" + labels++);
        }

        /** Replays the log on a copy of the committed entities: the pending view. Also counts dead ops. */
        Map<Long, Map<Trait<V>, V>> pending(int[] deadOut) {
            Map<Long, Map<Trait<V>, V>> view = new LinkedHashMap<>();
            committed.forEach((e, m) -> view.put(e, new LinkedHashMap<>(m)));
            Set<Long> destroyed = new HashSet<>();
            int deadOps = 0;
            for (Op op : log) {
                if (destroyed.contains(op.entity)) {
                    deadOps++;
                    continue;
                }
                switch (op.kind) {
                    case "spawn" -> view.put(op.entity, new LinkedHashMap<>());
                    case "destroy" -> {
                        view.remove(op.entity);
                        destroyed.add(op.entity);
                    }
                    case "add" -> view.get(op.entity).putIfAbsent(op.trait, op.value);
                    case "put" -> view.get(op.entity).put(op.trait, op.value);
                    case "remove" -> view.get(op.entity).remove(op.trait);
                    default -> throw new AssertionError(op.kind);
                }
            }
            if (deadOut != null) {
                deadOut[0] = deadOps;
            }
            return view;
        }

        boolean pendingDestroy(long e) {
            return log.stream().anyMatch(op -> op.kind.equals("destroy") && op.entity == e);
        }

        /** Whether the committed row holds T's pending value (no remove of T on e in this transaction). */
        boolean valueInRow(long e, Trait<V> t) {
            return committed.containsKey(e) && committed.get(e).containsKey(t)
                    && log.stream().noneMatch(op -> op.entity == e && (op.kind.equals("remove") && op.trait == t));
        }

        void stage(Op op) {
            log.add(op);
            if (op.counted) {
                staged++;
            }
        }

        void publish() {
            int[] deadOps = new int[1];
            Map<Long, Map<Trait<V>, V>> after = pending(deadOps);
            long ops = log.stream().filter(Op::counted).count();
            if (ops == 0) {
                log.clear();
                return;
            }
            long changes = 0;
            Set<Long> touched = new HashSet<>();
            log.forEach(op -> touched.add(op.entity));
            for (long e : touched) {
                boolean before = committed.containsKey(e);
                boolean now = after.containsKey(e);
                if (!before && now) {
                    inserted++;
                    changes++;
                } else if (before && !now) {
                    removed++;
                    changes++;
                } else if (before && !committed.get(e).keySet().equals(after.get(e).keySet())) {
                    moves++;
                    changes++;
                }
            }
            applied += ops - deadOps[0];
            dead += deadOps[0];
            coalesced += ops - deadOps[0] - changes;
            publishes++;
            committed.clear();
            committed.putAll(after);
            reserved.clear();
            log.clear();
        }

        void discard() {
            long ops = log.stream().filter(Op::counted).count();
            if (ops > 0) {
                discards++;
                discarded += ops;
            }
            reserved.clear();
            log.clear();
        }

        long pick(Random rnd) {
            return handles.get(rnd.nextInt(handles.size()));
        }

        boolean alive(long e) {
            return committed.containsKey(e) || reserved.contains(e);
        }

        /** One random structural call, checked against the model; staged when the transaction is open. */
        void structural(Random rnd) {
            boolean staging = tx.isOpen();
            int kind = handles.isEmpty() ? 0 : rnd.nextInt(6);
            Trait<V> t = TRAITS.get(rnd.nextInt(TRAITS.size()));
            if (kind == 0) {
                Map<Trait<V>, V> m = new LinkedHashMap<>();
                List<TraitValue<?>> values = new ArrayList<>();
                for (Trait<V> tr : TRAITS) {
                    if (rnd.nextInt(3) == 0) {
                        V v = value();
                        m.put(tr, v);
                        values.add(tr.with(v));
                    }
                }
                long e = world.spawn(values.toArray(new TraitValue<?>[0]));
                assertTrue(world.isAlive(e), "a spawned handle is alive at once");
                handles.add(e);
                if (staging) {
                    reserved.add(e);
                    stage(new Op("spawn", e, null, null, true));
                    m.forEach((tr, v) -> stage(new Op("put", e, tr, v, false)));
                    assertEquals(List.of(), world.traitsOf(e), "a staged spawn carries its traits from the publish on");
                } else {
                    committed.put(e, m);
                }
                return;
            }
            long e = pick(rnd);
            if (!alive(e)) {
                assertThrows(IllegalArgumentException.class, () -> world.add(e, t), "a dead handle fails at once");
                return;
            }
            if (!staging) {
                immediate(kind, e, t);
                return;
            }
            Map<Long, Map<Trait<V>, V>> view = pending(null);
            boolean deadTarget = pendingDestroy(e);
            switch (kind) {
                case 1 -> {
                    world.destroy(e);
                    stage(new Op("destroy", e, null, null, true));
                }
                case 2 -> {
                    V given = rnd.nextBoolean() ? value() : null;
                    V got = given == null ? world.add(e, t) : world.add(e, t, given);
                    if (!deadTarget) {
                        V existing = view.get(e).get(t);
                        if (existing != null) {
                            assertSame(existing, got, "add returns the pending value");
                        } else if (given != null) {
                            assertSame(given, got, "add returns the given value");
                        }
                    }
                    stage(new Op("add", e, t, got, true));
                }
                case 3 -> {
                    world.remove(e, t);
                    stage(new Op("remove", e, t, null, true));
                }
                default -> {
                    V v = value();
                    boolean inRow = valueInRow(e, t);
                    world.set(e, t, v);
                    if (deadTarget) {
                        if (committed.containsKey(e) && committed.get(e).containsKey(t)) {
                            committed.get(e).put(t, v); // a value write: at once
                        } else {
                            stage(new Op("put", e, t, v, true));
                        }
                    } else if (view.get(e).containsKey(t)) {
                        if (inRow) {
                            committed.get(e).put(t, v);
                        } else {
                            stage(new Op("put", e, t, v, false));
                        }
                    } else {
                        stage(new Op("put", e, t, v, true));
                    }
                }
            }
        }

        void immediate(int kind, long e, Trait<V> t) {
            Map<Trait<V>, V> m = committed.get(e);
            switch (kind) {
                case 1 -> {
                    world.destroy(e);
                    committed.remove(e);
                }
                case 2 -> {
                    V got = world.add(e, t);
                    assertSame(m.computeIfAbsent(t, k -> got), got);
                }
                case 3 -> {
                    world.remove(e, t);
                    m.remove(t);
                }
                default -> {
                    V v = value();
                    world.set(e, t, v);
                    m.put(t, v);
                }
            }
        }

        void check(String when) {
            assertEquals(committed.size(), world.entityCount(), when + ": entity count");
            for (long e : handles) {
                boolean alive = alive(e);
                assertEquals(alive, world.isAlive(e), when + ": isAlive " + Entity.toString(e));
                if (!alive) {
                    continue;
                }
                Map<Trait<V>, V> m = committed.getOrDefault(e, Map.of());
                assertEquals(m.keySet(), new HashSet<>(world.traitsOf(e)), when + ": traits of " + Entity.toString(e));
                for (Trait<V> t : TRAITS) {
                    assertSame(m.get(t), world.get(e, t), when + ": value of " + t.name());
                }
                assertEquals(tx.isOpen() && pendingDestroy(e), world.isPendingDestroy(e), when + ": pending destroy");
            }
            Set<Long> matching = new HashSet<>();
            committed.forEach((e, m) -> {
                if (m.containsKey(TRAITS.get(0)) && !m.containsKey(TRAITS.get(3))) {
                    matching.add(e);
                }
            });
            Set<Long> seen = new HashSet<>();
            world.query(WITH_A_NOT_D).forEach(seen::add);
            assertEquals(matching, seen, when + ": query");
        }

        void checkStats() {
            CommitStats s = world.commitStats();
            assertEquals(List.of(publishes, discards, staged, applied, coalesced, dead, discarded, moves, inserted, removed),
                    List.of(s.publishes(), s.discards(), s.opsStaged(), s.opsApplied(), s.opsCoalesced(),
                            s.opsSkippedDead(), s.opsDiscarded(), s.archetypeMoves(), s.entitiesInserted(),
                            s.entitiesRemoved()), "statistics: " + s);
        }
    }

    @Property(tries = 400)
    void stagedOperationsPublishExactlyTheModelsWorld(@ForAll long seed) {
        Random rnd = new Random(seed);
        Model model = new Model();
        for (int step = 0; step < 120; step++) {
            int action = rnd.nextInt(20);
            String when = "step " + step + " (seed " + seed + ")";
            if (action == 0) {
                if (!model.tx.isOpen()) {
                    model.tx.open();
                }
            } else if (action == 1 && model.tx.isOpen()) {
                model.tx.publish(); // a phase end or a barrier
                model.publish();
            } else if (action == 2 && model.tx.isOpen()) {
                model.tx.discard(); // a crash
                model.discard();
            } else if (action == 3 && model.tx.isOpen()) {
                model.world.enqueueCommit(); // a system asks; its executor publishes after it returns
                assertTrue(model.tx.needsAttention());
                assertTrue(model.tx.afterSystem("requester"));
                model.publish();
            } else if (action == 4 && model.tx.isOpen()) {
                model.tx.close(); // the run call ends: whatever is left publishes
                model.publish();
            } else {
                model.structural(rnd);
            }
            model.check(when);
        }
        if (model.tx.isOpen()) {
            model.tx.close();
            model.publish();
            model.check("end (seed " + seed + ")");
        }
        model.checkStats();
    }
}
