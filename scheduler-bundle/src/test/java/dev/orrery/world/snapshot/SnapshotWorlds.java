package dev.orrery.world.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orrery.world.AllocatorState;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.Tree;
import dev.orrery.world.World;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/** Worlds for the snapshot tests: 20 persistent trait types, recycled ids, and a deep comparison. */
final class SnapshotWorlds {
    enum Mood { CALM, ANGRY, AFRAID }

    record Position(double x, double y) {
    }

    record Health(int current, int max) {
    }

    record Name(String value) {
    }

    record Target(long entity) {
    }

    record Inventory(List<String> items, Map<String, Integer> counts) {
    }

    record Score(long points) {
    }

    /** The 20 persistent entity trait types (records, an enum, a hand-written codec), and one transient. */
    static final List<Trait<?>> TRAITS = new ArrayList<>();
    static final Trait<Position> POSITION = add(Trait.<Position>builder("test/position").defaultValue(new Position(0, 0))
            .persistent(1, TraitCodec.of(Position.class)).build());
    static final Trait<Health> HEALTH = add(Trait.<Health>builder("test/health").defaultValue(new Health(1, 1))
            .persistent(2, TraitCodec.of(Health.class)).migration(1, t -> t).build());
    static final Trait<Name> NAME = add(Trait.<Name>builder("test/name").defaultValue(new Name(""))
            .persistent(1, TraitCodec.of(Name.class)).build());
    static final Trait<Target> TARGET = add(Trait.<Target>builder("test/target").defaultValue(new Target(0))
            .persistent(1, TraitCodec.of(Target.class)).build());
    static final Trait<Mood> MOOD = add(Trait.<Mood>builder("test/mood").defaultValue(Mood.CALM)
            .persistent(1, TraitCodec.of(Mood.class)).build());
    static final Trait<Inventory> INVENTORY = add(Trait.<Inventory>builder("test/inventory")
            .defaultValue(new Inventory(List.of(), Map.of())).persistent(1, TraitCodec.of(Inventory.class)).build());
    static final List<Trait<Score>> SCORES = scores();
    static final Trait<StringBuilder> SCRATCH = Trait.of("test/scratch", StringBuilder::new);
    static final Trait<Score> WORLD_SCORE = Trait.<Score>builder("test/world score").defaultValue(new Score(0))
            .persistent(1, TraitCodec.of(Score.class)).build();
    static final Trait<Mood> WORLD_MOOD = Trait.<Mood>builder("test/world mood").defaultValue(Mood.CALM)
            .persistent(1, TraitCodec.of(Mood.class)).build();

    private SnapshotWorlds() {
    }

    private static <T> Trait<T> add(Trait<T> t) {
        TRAITS.add(t);
        return t;
    }

    private static List<Trait<Score>> scores() {
        List<Trait<Score>> out = new ArrayList<>();
        for (int i = 0; i < 14; i++) {
            TraitCodec<Score> codec = i < 13 ? TraitCodec.of(Score.class) // the last one: a hand-written codec
                    : TraitCodec.of(v -> Tree.of(Long.toString(v.points(), 36)), t -> new Score(Long.parseLong(((Tree.Text) t).value(), 36)));
            out.add(add(Trait.<Score>builder("test/score " + i).defaultValue(new Score(0)).persistent(1, codec).build()));
        }
        return out;
    }

    /** All definitions, for restores into a world that has not seen them. */
    static SnapshotOptions definitions() {
        List<Trait<?>> all = new ArrayList<>(TRAITS);
        all.add(WORLD_SCORE);
        all.add(WORLD_MOOD);
        return SnapshotOptions.builder().traits(all.toArray(new Trait<?>[0])).build();
    }

    /**
     * A world of {@code n} live entities with random subsets of the 20 traits, after destroying and
     * respawning a third of them (recycled slots with later generations, a free list), with handles
     * stored in values, world traits and a transient trait.
     */
    static World populated(int n, long seed) {
        Random r = new Random(seed);
        World w = new World();
        List<Long> live = new ArrayList<>();
        for (int i = 0; i < n + n / 3; i++) {
            live.add(spawnRandom(w, r, live));
        }
        for (int i = 0; i < n / 3; i++) {
            w.destroy(live.remove(r.nextInt(live.size())));
        }
        for (int i = 0; i < n / 6; i++) { // recycled slots, generation 2
            live.add(spawnRandom(w, r, live));
        }
        for (int i = 0; i < n / 6; i++) { // leaves a free list
            w.destroy(live.remove(r.nextInt(live.size())));
        }
        w.set(WORLD_SCORE, new Score(123_456_789_012L));
        w.set(WORLD_MOOD, Mood.AFRAID);
        w.add(SCRATCH); // transient: skipped
        return w;
    }

    private static long spawnRandom(World w, Random r, List<Long> live) {
        long e = w.spawn();
        for (Trait<?> t : TRAITS) {
            if (r.nextInt(4) == 0) {
                setRandom(w, e, t, r, live);
            }
        }
        if (r.nextInt(10) == 0) {
            w.add(e, SCRATCH);
        }
        return e;
    }

    @SuppressWarnings("unchecked")
    private static void setRandom(World w, long e, Trait<?> t, Random r, List<Long> live) {
        Object v;
        if (t == POSITION) {
            v = new Position(r.nextDouble() * 100 - 50, r.nextGaussian());
        } else if (t == HEALTH) {
            v = new Health(r.nextInt(100), 100);
        } else if (t == NAME) {
            v = new Name("unit \"" + r.nextInt(1000) + "\" é");
        } else if (t == TARGET) {
            v = new Target(live.isEmpty() ? 0 : live.get(r.nextInt(live.size())));
        } else if (t == MOOD) {
            v = Mood.values()[r.nextInt(3)];
        } else if (t == INVENTORY) {
            v = new Inventory(List.of("sword", "bread " + r.nextInt(5)), Map.of("gold", r.nextInt(50)));
        } else {
            v = new Score(r.nextLong());
        }
        w.set(e, (Trait<Object>) t, v);
    }

    /** Asserts both worlds hold the same entities (handles), persistent values and allocator. */
    static void assertSameState(World expected, World actual) {
        AllocatorState a = expected.allocatorState();
        assertEquals(a, actual.allocatorState(), "allocator");
        assertEquals(expected.entityCount(), actual.entityCount(), "entity count");
        boolean[] free = new boolean[a.slotCount()];
        for (int s : a.freeSlots()) {
            free[s] = true;
        }
        for (int slot = 0; slot < a.slotCount(); slot++) {
            if (!free[slot]) {
                long e = a.handle(slot);
                assertEquals(persistentValues(expected, e), persistentValues(actual, e), "entity " + slot);
            }
        }
        for (Trait<?> t : List.of(WORLD_SCORE, WORLD_MOOD)) {
            assertEquals(expected.get(t), actual.get(t), t.name());
        }
    }

    private static Map<String, Object> persistentValues(World w, long e) {
        Map<String, Object> out = new TreeMap<>();
        for (Trait<?> t : w.traitsOf(e)) {
            if (t.isPersistent() || t == OpaqueTraits.TRAIT) {
                out.put(t.name(), w.get(e, t));
            }
        }
        return out;
    }

    static byte[] save(World w, SnapshotOptions options) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            WorldSnapshot.save(w, out, options);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
