package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orrery.world.Query;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Random frames of adds, sets, markChanged, removals, destroys and spawns (between frames, applied
 * at once, and inside a writer system, staged until the phase publishes), with readers skipped by
 * their run condition or disabled at random, against an independent model: a log of events (added,
 * changed, removed) with a global sequence number and, per reader, the sequence number of its
 * previous run. Each reader run must see exactly the model's added and changed sets and removed
 * multiset.
 */
class ChangeDetectionPropertyTest {
    static final Trait<Object> A = Trait.of("A", Object::new);
    static final Trait<Object> B = Trait.of("B", Object::new);
    static final Query ADDED = Query.builder().added(A).build();
    static final Query CHANGED = Query.builder().changed(A).build();
    static final int READERS = 4;

    /** What one reader saw on one run. */
    record Seen(Set<Long> added, Set<Long> changed, Map<Long, Integer> removed) {
    }

    /** The model: committed entities (which have A, which have B), the event log, the readers' marks. */
    private static final class Model {
        final Map<Long, boolean[]> committed = new LinkedHashMap<>();
        /** Per entity: sequence number of its latest add of A, and of its latest change of A. */
        final Map<Long, Long> addedAt = new HashMap<>();
        final Map<Long, Long> changedAt = new HashMap<>();
        final List<long[]> removals = new ArrayList<>(); // {entity, seq}
        final long[] lastRun = new long[READERS];
        long seq = 1;

        void added(long e) {
            long s = seq++;
            addedAt.put(e, s);
            changedAt.put(e, s);
        }

        void changed(long e) {
            changedAt.put(e, seq++);
        }

        void removed(long e) {
            removals.add(new long[] {e, seq++});
        }

        Seen view(int reader) {
            long since = lastRun[reader];
            Set<Long> added = new TreeSet<>();
            Set<Long> changed = new TreeSet<>();
            for (Map.Entry<Long, boolean[]> en : committed.entrySet()) {
                if (en.getValue()[0]) {
                    if (addedAt.get(en.getKey()) > since) {
                        added.add(en.getKey());
                    }
                    if (changedAt.get(en.getKey()) > since) {
                        changed.add(en.getKey());
                    }
                }
            }
            Map<Long, Integer> removed = new TreeMap<>();
            for (long[] r : removals) {
                if (r[1] > since) {
                    removed.merge(r[0], 1, Integer::sum);
                }
            }
            lastRun[reader] = seq++;
            return new Seen(added, changed, removed);
        }
    }

    /** The writer's staged operations on one entity in the open transaction. */
    private static final class Pending {
        final boolean spawned;
        boolean hasA;
        boolean hasB;
        boolean valueInList;
        boolean destroyed;

        Pending(boolean spawned, boolean hasA, boolean hasB) {
            this.spawned = spawned;
            this.hasA = hasA;
            this.hasB = hasB;
        }
    }

    private static Seen observe(World w) {
        Set<Long> added = new TreeSet<>();
        w.query(ADDED).forEach(added::add);
        Set<Long> changed = new TreeSet<>();
        w.query(CHANGED).forEach(changed::add);
        Map<Long, Integer> removed = new TreeMap<>();
        w.removed(A).forEach(e -> removed.merge(e, 1, Integer::sum));
        return new Seen(added, changed, removed);
    }

    @Property(tries = 150)
    void readersSeeExactlyTheModelsChanges(@ForAll long seed) {
        Random random = new Random(seed);
        World world = new World();
        Model model = new Model();
        world.removed(A); // removals are recorded from the first call on: from the start, here
        Map<Integer, List<Seen>> actual = new HashMap<>();
        Map<Integer, List<Seen>> expected = new HashMap<>();
        boolean[] gates = new boolean[READERS];
        Map<Long, Pending> pending = new LinkedHashMap<>();
        List<Long> handles = new ArrayList<>();

        RunFunction[] reads = new RunFunction[READERS];
        for (int r = 0; r < READERS; r++) {
            int reader = r;
            reads[r] = (w, dt) -> {
                actual.computeIfAbsent(reader, k -> new ArrayList<>()).add(observe(w));
                expected.computeIfAbsent(reader, k -> new ArrayList<>()).add(model.view(reader));
            };
        }
        // reader0, writer, reader1 and reader2 in OnUpdate (in that order), reader3 in PostUpdate.
        EcsSystem r0 = EcsSystem.builder("reader0").runIf(w -> gates[0]).run(reads[0]).build();
        EcsSystem writer = EcsSystem.builder("writer").after(r0).run((w, dt) -> {
            for (int k = random.nextInt(6); k > 0; k--) {
                stagedOp(w, random, model, pending, handles);
            }
        }).build();
        EcsSystem r1 = EcsSystem.builder("reader1").after(writer).runIf(w -> gates[1]).run(reads[1]).build();
        EcsSystem r2 = EcsSystem.builder("reader2").after(r1).runIf(w -> gates[2]).run(reads[2]).build();
        EcsSystem r3 = EcsSystem.builder("reader3").phase(Phase.POST_UPDATE).runIf(w -> gates[3]).run(reads[3])
                .build();
        Schedule schedule = Schedule.builder("p").systems(r0, writer, r1, r2, r3).build();
        EcsSystem[] bySlot = {r0, r1, r2, r3};

        for (int frame = 0; frame < 12; frame++) {
            for (int k = random.nextInt(5); k > 0; k--) {
                immediateOp(world, random, model, handles);
            }
            for (int r = 0; r < READERS; r++) {
                gates[r] = random.nextInt(4) != 0;
                if (random.nextInt(5) == 0) {
                    schedule.disable(world, bySlot[r]);
                } else {
                    schedule.enable(world, bySlot[r]);
                }
            }
            runFrame(schedule, world, model, pending);
        }
        assertEquals(expected, actual, "seed " + seed);
    }

    /** One frame: OnUpdate (which publishes the writer's staging at its end: the model's too), then the rest. */
    private static void runFrame(Schedule s, World world, Model model, Map<Long, Pending> pending) {
        s.runPhase(world, Phase.ON_UPDATE, 0.016);
        publish(model, pending);
        s.runPhases(world, Phase.POST_UPDATE, Phase.ON_STORE, 0.016);
    }

    /** The model's side of a publish: the net effect per entity. */
    private static void publish(Model model, Map<Long, Pending> pending) {
        for (Map.Entry<Long, Pending> en : pending.entrySet()) {
            long e = en.getKey();
            Pending p = en.getValue();
            boolean[] before = model.committed.get(e);
            if (p.spawned) {
                if (!p.destroyed) {
                    model.committed.put(e, new boolean[] {p.hasA, p.hasB});
                    if (p.hasA) {
                        model.added(e);
                    }
                }
                continue;
            }
            if (p.destroyed) {
                if (before[0]) {
                    model.removed(e);
                }
                model.committed.remove(e);
                continue;
            }
            if (!before[0] && p.hasA) {
                model.added(e);
            } else if (before[0] && !p.hasA) {
                model.removed(e);
            } else if (before[0] && p.valueInList) {
                model.changed(e);
            }
            before[0] = p.hasA;
            before[1] = p.hasB;
        }
        pending.clear();
    }

    private static Long pick(Random random, Model model) {
        if (model.committed.isEmpty()) {
            return null;
        }
        List<Long> live = new ArrayList<>(model.committed.keySet());
        return live.get(random.nextInt(live.size()));
    }

    /** An operation between frames: applied at once. */
    private static void immediateOp(World w, Random random, Model model, List<Long> handles) {
        int kind = random.nextInt(8);
        Long e = pick(random, model);
        if (kind == 0 || e == null) {
            boolean a = random.nextBoolean();
            long s = a ? w.spawn(A) : w.spawn(B);
            handles.add(s);
            model.committed.put(s, new boolean[] {a, !a});
            if (a) {
                model.added(s);
            }
            return;
        }
        boolean[] has = model.committed.get(e);
        switch (kind) {
            case 1 -> { // set: a change, or an add
                w.set(e, A, new Object());
                if (has[0]) {
                    model.changed(e);
                } else {
                    has[0] = true;
                    model.added(e);
                }
            }
            case 2 -> {
                w.add(e, A);
                if (!has[0]) {
                    has[0] = true;
                    model.added(e);
                }
            }
            case 3 -> {
                w.remove(e, A);
                if (has[0]) {
                    has[0] = false;
                    model.removed(e);
                }
            }
            case 4 -> {
                if (has[0]) {
                    w.markChanged(e, A);
                    model.changed(e);
                }
            }
            case 5 -> {
                w.destroy(e);
                if (has[0]) {
                    model.removed(e);
                }
                model.committed.remove(e);
            }
            case 6 -> { // churn of another trait: moves tables, changes nothing of A
                if (has[1]) {
                    w.remove(e, B);
                } else {
                    w.add(e, B);
                }
                has[1] = !has[1];
            }
            default -> w.set(e, B, new Object());
        }
    }

    /** An operation of the writer system: structural ones staged until the phase publishes, value writes at once. */
    private static void stagedOp(World w, Random random, Model model, Map<Long, Pending> pending, List<Long> handles) {
        int kind = random.nextInt(8);
        List<Long> candidates = new ArrayList<>(model.committed.keySet());
        for (Map.Entry<Long, Pending> en : pending.entrySet()) {
            if (en.getValue().spawned) {
                candidates.add(en.getKey());
            }
        }
        candidates.removeIf(h -> pending.containsKey(h) && pending.get(h).destroyed);
        if (kind == 0 || candidates.isEmpty()) {
            boolean a = random.nextBoolean();
            long s = a ? w.spawn(A) : w.spawn(B);
            handles.add(s);
            pending.put(s, new Pending(true, a, !a));
            return;
        }
        long e = candidates.get(random.nextInt(candidates.size()));
        Pending p = pending.computeIfAbsent(e, h -> {
            boolean[] has = model.committed.get(h);
            return new Pending(false, has[0], has[1]);
        });
        boolean committedA = !p.spawned && model.committed.get(e)[0];
        switch (kind) {
            case 1 -> { // set
                w.set(e, A, new Object());
                if (p.hasA) {
                    if (!p.valueInList && !p.spawned) {
                        model.changed(e); // the committed row: a value write, at once
                    }
                } else {
                    p.hasA = true;
                    p.valueInList = true;
                }
            }
            case 2 -> {
                w.add(e, A);
                if (!p.hasA) {
                    p.hasA = true;
                    p.valueInList = true;
                }
            }
            case 3 -> {
                w.remove(e, A);
                p.hasA = false;
                p.valueInList = false;
            }
            case 4 -> {
                if (committedA) {
                    w.markChanged(e, A); // applies at once
                    model.changed(e);
                } else if (p.hasA) {
                    w.markChanged(e, A); // a staged add: the publish reports it
                }
            }
            case 5 -> {
                w.destroy(e);
                p.destroyed = true;
            }
            case 6 -> {
                if (p.hasB) {
                    w.remove(e, B);
                } else {
                    w.add(e, B);
                }
                p.hasB = !p.hasB;
            }
            default -> {
                if (committedA && p.hasA && !p.valueInList) {
                    w.get(e, A); // a read changes nothing
                }
            }
        }
    }
}
