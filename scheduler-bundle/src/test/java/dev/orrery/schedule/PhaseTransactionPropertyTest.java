package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orrery.world.CommitStats;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitValue;
import dev.orrery.world.World;
import dev.orrery.world.WorldLog;
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
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;

/**
 * Random phases of systems that stage random structural operations, with random barrier declarations
 * ({@code commitBefore}, {@code commitAfter}), random commit requests and a random crash point, run
 * through a schedule (in the suite's dispatch engine), against an independent model: a sequential
 * replay of the same operations with publishes exactly where the rules put them. The world's live
 * entities, their traits and its statistics must be the model's.
 */
class PhaseTransactionPropertyTest {
    private static final List<Trait<String>> TRAITS = List.of(Trait.withDefault("A", "a"), Trait.withDefault("B", "b"),
            Trait.withDefault("C", "c"));

    private WorldLog log;

    @BeforeProperty
    void capture() {
        log = new WorldLog();
    }

    @AfterProperty
    void release() {
        log.close();
    }

    /** One structural operation: kind 0 spawn, 1 destroy, 2 add, 3 remove; target by index into the handles seen. */
    record Op(int kind, int target, int trait, int mask) {
    }

    /** One system: its operations, whether it requests a commit after op {@code requestAt}, barriers, crash. */
    record Sys(List<Op> ops, int requestAt, boolean before, boolean after, boolean crash) {
    }

    private static Sys randomSystem(Random rnd, boolean crash) {
        List<Op> ops = new ArrayList<>();
        for (int k = rnd.nextInt(5); k >= 0; k--) {
            ops.add(new Op(rnd.nextInt(4), rnd.nextInt(12), rnd.nextInt(TRAITS.size()), rnd.nextInt(8)));
        }
        return new Sys(ops, rnd.nextInt(4) == 0 ? rnd.nextInt(ops.size()) : -1, rnd.nextInt(5) == 0,
                rnd.nextInt(5) == 0, crash);
    }

    /** The model: committed entities, a staged log replayed at publish, and the counters. */
    private static final class Model {
        final Map<Long, Set<Integer>> committed = new LinkedHashMap<>();
        final List<long[]> log = new ArrayList<>(); // {kind, entity, trait}
        final Set<Long> reserved = new HashSet<>();
        long publishes, discards, staged, applied, coalesced, dead, discarded, moves, inserted, removed;

        Map<Long, Set<Integer>> pending(int[] deadOut) {
            Map<Long, Set<Integer>> view = new LinkedHashMap<>();
            committed.forEach((e, s) -> view.put(e, new HashSet<>(s)));
            Set<Long> destroyed = new HashSet<>();
            int d = 0;
            for (long[] op : log) {
                long e = op[1];
                if (destroyed.contains(e)) {
                    d++;
                    continue;
                }
                switch ((int) op[0]) {
                    case 0 -> view.put(e, maskIds((int) op[2]));
                    case 1 -> {
                        view.remove(e);
                        destroyed.add(e);
                    }
                    case 2 -> view.get(e).add((int) op[2]);
                    default -> view.get(e).remove((int) op[2]);
                }
            }
            if (deadOut != null) {
                deadOut[0] = d;
            }
            return view;
        }

        boolean alive(long e) {
            return committed.containsKey(e) || reserved.contains(e);
        }

        void stage(int kind, long e, int trait) {
            log.add(new long[] {kind, e, trait});
            staged++;
        }

        void publish() {
            if (log.isEmpty()) {
                return;
            }
            int[] d = new int[1];
            Map<Long, Set<Integer>> after = pending(d);
            long changes = 0;
            Set<Long> touched = new HashSet<>();
            log.forEach(op -> touched.add(op[1]));
            for (long e : touched) {
                boolean was = committed.containsKey(e);
                boolean is = after.containsKey(e);
                if (!was && is) {
                    inserted++;
                    changes++;
                } else if (was && !is) {
                    removed++;
                    changes++;
                } else if (was && !committed.get(e).equals(after.get(e))) {
                    moves++;
                    changes++;
                }
            }
            applied += log.size() - d[0];
            dead += d[0];
            coalesced += log.size() - d[0] - changes;
            publishes++;
            committed.clear();
            committed.putAll(after);
            reserved.clear();
            log.clear();
        }

        void discard() {
            if (!log.isEmpty()) {
                discards++;
                discarded += log.size();
            }
            reserved.clear();
            log.clear();
        }
    }

    static Set<Integer> maskIds(int mask) {
        Set<Integer> out = new HashSet<>();
        for (int t = 0; t < TRAITS.size(); t++) {
            if ((mask & (1 << t)) != 0) {
                out.add(t);
            }
        }
        return out;
    }

    static List<Trait<String>> maskTraits(int mask) {
        List<Trait<String>> out = new ArrayList<>();
        for (int t = 0; t < TRAITS.size(); t++) {
            if ((mask & (1 << t)) != 0) {
                out.add(TRAITS.get(t));
            }
        }
        return out;
    }

    /** What a system does to the world (the system under test); records spawned handles in {@code handles}. */
    private static void act(World w, Op op, List<Long> handles) {
        if (op.kind == 0) {
            List<Trait<String>> ts = maskTraits(op.mask);
            TraitValue<?>[] values = new TraitValue<?>[ts.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = ts.get(i).with("v");
            }
            handles.add(w.spawn(values));
            return;
        }
        if (op.target >= handles.size()) {
            return;
        }
        long e = handles.get(op.target);
        if (!w.isAlive(e)) {
            return;
        }
        Trait<String> t = TRAITS.get(op.trait);
        switch (op.kind) {
            case 1 -> w.destroy(e);
            case 2 -> w.add(e, t);
            default -> w.remove(e, t);
        }
    }

    /** The same operation on the model, with the handles the run recorded. */
    private static void model(Model m, Op op, List<Long> handles, int[] spawnIndex) {
        if (op.kind == 0) {
            long e = handles.get(spawnIndex[0]++);
            m.reserved.add(e);
            m.log.add(new long[] {0, e, op.mask});
            m.staged++;
            return;
        }
        if (op.target >= spawnIndex[0]) {
            return;
        }
        long e = handles.get(op.target);
        if (!m.alive(e)) {
            return;
        }
        m.stage(op.kind, e, op.trait);
    }

    @Property(tries = 300)
    void phasesPublishExactlyTheModelsWorld(@ForAll long seed) {
        Random rnd = new Random(seed);
        World world = new World();
        List<Long> handles = new ArrayList<>();
        Model model = new Model();
        for (int i = 0; i < 5; i++) {
            long e = world.spawn(TRAITS.get(i % TRAITS.size()));
            handles.add(e);
            model.committed.put(e, new HashSet<>(Set.of(i % TRAITS.size())));
        }
        int count = 2 + rnd.nextInt(7);
        int crashAt = rnd.nextInt(3) == 0 ? rnd.nextInt(count) : -1;
        List<Sys> plan = new ArrayList<>();
        List<EcsSystem> systems = new ArrayList<>();
        EcsSystem previous = null;
        for (int i = 0; i < count; i++) {
            Sys sys = randomSystem(rnd, i == crashAt);
            plan.add(sys);
            EcsSystem.Builder b = EcsSystem.builder("s" + i).run((w, dt) -> {
                for (int k = 0; k < sys.ops.size(); k++) {
                    act(w, sys.ops.get(k), handles);
                    if (k == sys.requestAt) {
                        w.enqueueCommit();
                    }
                }
                if (sys.crash) {
                    throw new IllegalStateException("crash");
                }
            });
            if (previous != null) {
                b.after(previous);
            }
            if (sys.before) {
                b.commitBefore();
            }
            if (sys.after) {
                b.commitAfter();
            }
            previous = b.build();
            systems.add(previous);
        }
        Schedule schedule = Schedule.builder("p").systems(systems).build();
        boolean crashed = false;
        try {
            schedule.run(world, 0.016);
        } catch (IllegalStateException e) {
            crashed = true;
        }
        assertEquals(crashAt >= 0, crashed);

        int[] spawnIndex = {5};
        for (Sys sys : plan) {
            if (sys.before) {
                model.publish();
            }
            for (int k = 0; k < sys.ops.size(); k++) {
                model(model, sys.ops.get(k), handles, spawnIndex);
            }
            if (sys.crash) {
                model.discard();
                break;
            }
            if (sys.requestAt >= 0) {
                model.publish();
            }
            if (sys.after) {
                model.publish();
            }
        }
        if (!crashed) {
            model.publish();
        }

        Map<Long, Set<Integer>> actual = new HashMap<>();
        for (long e : handles) {
            if (world.isAlive(e)) {
                Set<Integer> ts = new HashSet<>();
                for (int t = 0; t < TRAITS.size(); t++) {
                    if (world.has(e, TRAITS.get(t))) {
                        ts.add(t);
                    }
                }
                actual.put(e, ts);
            }
        }
        assertEquals(new HashMap<>(model.committed), actual, "live entities and their traits (seed " + seed + ")");
        assertEquals(model.committed.size(), world.entityCount());
        CommitStats s = world.commitStats();
        assertEquals(List.of(model.publishes, model.discards, model.staged, model.applied, model.coalesced, model.dead,
                        model.discarded, model.moves, model.inserted, model.removed),
                List.of(s.publishes(), s.discards(), s.opsStaged(), s.opsApplied(), s.opsCoalesced(), s.opsSkippedDead(),
                        s.opsDiscarded(), s.archetypeMoves(), s.entitiesInserted(), s.entitiesRemoved()),
                "statistics (seed " + seed + "): " + s);
    }
}
