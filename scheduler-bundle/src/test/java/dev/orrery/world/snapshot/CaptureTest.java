package dev.orrery.world.snapshot;

import static dev.orrery.world.snapshot.SnapshotWorlds.HEALTH;
import static dev.orrery.world.snapshot.SnapshotWorlds.POSITION;
import static dev.orrery.world.snapshot.SnapshotWorlds.populated;
import static dev.orrery.world.snapshot.SnapshotWorlds.save;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.Tree;
import dev.orrery.world.World;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The capture keeps references and copies, the writer encodes: the bytes are those of the tree-building
 * save ({@link TreeSaveReference}), and values changed after the capture do not reach the file.
 */
@Tag("engine-independent")
class CaptureTest {
    /** A mutable value. */
    static final class Counter {
        int count;
        final StringBuilder log = new StringBuilder();

        Counter(int count) {
            this.count = count;
        }

        Tree toTree() {
            return Tree.obj("count", Tree.of(count), "log", Tree.of(log.toString()));
        }

        static Counter fromTree(Tree t) {
            Tree.Obj o = (Tree.Obj) t;
            Counter c = new Counter((int) ((Tree.Int) o.get("count")).value());
            c.log.append(((Tree.Text) o.get("log")).value());
            return c;
        }

        Counter copy() {
            Counter c = new Counter(count);
            c.log.append(log);
            return c;
        }
    }

    static final Trait<Counter> COPIED = Trait.<Counter>builder("test/copied counter").defaultFactory(() -> new Counter(0))
            .persistent(1, TraitCodec.of(Counter::toTree, Counter::fromTree, Counter::copy)).build();
    static final Trait<Counter> UNCOPIED = Trait.<Counter>builder("test/uncopied counter").defaultFactory(() -> new Counter(0))
            .persistent(1, TraitCodec.of(Counter::toTree, Counter::fromTree)).build();
    static final Trait<Counter> WORLD_COUNTER = Trait.<Counter>builder("test/world counter").defaultFactory(() -> new Counter(0))
            .persistent(2, TraitCodec.of(Counter::toTree, Counter::fromTree)).build();

    @Test
    void derivedCodecsCopyImmutableRecordsAndEnumsOnly() {
        assertTrue(TraitCodec.of(SnapshotWorlds.Position.class).canCopy());
        assertTrue(TraitCodec.of(SnapshotWorlds.Mood.class).canCopy());
        SnapshotWorlds.Name name = new SnapshotWorlds.Name("x");
        assertTrue(TraitCodec.of(SnapshotWorlds.Name.class).copy(name) == name, "an immutable value is its own copy");
        TraitCodec<SnapshotWorlds.Inventory> inventory = TraitCodec.of(SnapshotWorlds.Inventory.class);
        assertFalse(inventory.canCopy(), "a record with collections may be mutable");
        assertThrows(UnsupportedOperationException.class, () -> inventory.copy(new SnapshotWorlds.Inventory(List.of(), java.util.Map.of())));
        assertFalse(TraitCodec.of(Counter::toTree, Counter::fromTree).canCopy());
    }

    @ParameterizedTest
    @EnumSource(SnapshotFormat.class)
    void theBytesAreThoseOfTheTreeBuildingSave(SnapshotFormat format) throws Exception {
        SnapshotOptions options = SnapshotOptions.builder().format(format).plugin("b", "2").plugin("a", "1").build();
        for (boolean opaqueFirst : new boolean[] {false, true}) {
            World w = decorated(opaqueFirst, 3);
            assertArrayEquals(TreeSaveReference.save(w, options), save(w, options), "opaque column first: " + opaqueFirst);
        }
        World empty = new World();
        assertArrayEquals(TreeSaveReference.save(empty, options), save(empty, options), "an empty world");
    }

    @ParameterizedTest
    @EnumSource(SnapshotFormat.class)
    void aValueChangedAfterTheCaptureDoesNotChangeTheFile(SnapshotFormat format) throws Exception {
        SnapshotOptions options = SnapshotOptions.builder().format(format).build();
        World w = new World();
        long a = w.spawn(COPIED.with(new Counter(1)), UNCOPIED.with(new Counter(2)), POSITION.with(new SnapshotWorlds.Position(1, 2)));
        w.set(WORLD_COUNTER, new Counter(3));
        byte[] before = save(w, options);

        WorldSnapshot capture = WorldSnapshot.capture(w, options);
        w.get(a, COPIED).count = 10;
        w.get(a, COPIED).log.append("changed");
        w.get(a, UNCOPIED).count = 20;
        w.get(WORLD_COUNTER).count = 30;
        w.set(a, POSITION, new SnapshotWorlds.Position(5, 5));
        w.spawn(POSITION.with(new SnapshotWorlds.Position(7, 7)));
        w.destroy(a);

        assertArrayEquals(before, bytes(capture));
        assertArrayEquals(before, bytes(capture), "the same capture writes the same bytes twice");
    }

    @Test
    void aCodecThatFailsOnTheWorkerNamesTheTraitAndTheEntity() {
        Trait<SnapshotWorlds.Score> failing = Trait.<SnapshotWorlds.Score>builder("test/failing")
                .defaultValue(new SnapshotWorlds.Score(0))
                .persistent(1, TraitCodec.of(s -> { throw new IllegalStateException("no"); }, t -> null, s -> s)).build();
        World w = new World();
        long e = w.spawn(failing.with(new SnapshotWorlds.Score(1)));
        WorldSnapshot capture = WorldSnapshot.capture(w, SnapshotOptions.defaults());
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> bytes(capture));
        assertEquals("WorldSnapshot.writeTo: trait 'test/failing' of entity " + dev.orrery.world.Entity.toString(e)
                + ": its codec failed: no", x.getMessage());
    }

    @Test
    void aCodecThatReturnsNullOnTheWorkerNamesTheTraitAndTheEntity() {
        Trait<SnapshotWorlds.Score> nulling = Trait.<SnapshotWorlds.Score>builder("test/nulling")
                .defaultValue(new SnapshotWorlds.Score(0))
                .persistent(1, TraitCodec.of(s -> null, t -> null, s -> s)).build();
        World w = new World();
        long e = w.spawn(nulling.with(new SnapshotWorlds.Score(1)));
        WorldSnapshot capture = WorldSnapshot.capture(w, SnapshotOptions.defaults());
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> bytes(capture));
        assertEquals("WorldSnapshot.writeTo: trait 'test/nulling' of entity " + dev.orrery.world.Entity.toString(e)
                + ": its codec returned null", x.getMessage());
    }

    /** A record whose accessor fails: its derived codec fails while it streams the value. */
    record Touchy(int value) {
        @Override
        public int value() {
            throw new IllegalStateException("touched");
        }
    }

    @Test
    void aDerivedCodecThatFailsWhileStreamingNamesTheTraitAndTheEntity() {
        Trait<Touchy> touchy = Trait.<Touchy>builder("test/touchy").defaultValue(new Touchy(0))
                .persistent(1, TraitCodec.of(Touchy.class)).build();
        World w = new World();
        long e = w.spawn(touchy.with(new Touchy(1)));
        WorldSnapshot capture = WorldSnapshot.capture(w, SnapshotOptions.defaults());
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> bytes(capture));
        assertTrue(x.getMessage().startsWith("WorldSnapshot.writeTo: trait 'test/touchy' of entity "
                + dev.orrery.world.Entity.toString(e) + ": its codec failed: accessor value of "), x.getMessage());
    }

    @Test
    void aCopyFunctionThatFailsIsReportedByTheCapture() {
        Trait<Counter> failing = Trait.<Counter>builder("test/failing copy").defaultFactory(() -> new Counter(0))
                .persistent(1, TraitCodec.of(Counter::toTree, Counter::fromTree, c -> null)).build();
        World w = new World();
        w.spawn(failing.with(new Counter(1)));
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class,
                () -> WorldSnapshot.capture(w, SnapshotOptions.defaults()));
        assertTrue(x.getMessage().startsWith("WorldSnapshot.capture: trait 'test/failing copy' of entity "), x.getMessage());
        assertTrue(x.getMessage().endsWith(": its codec returned null from copy"), x.getMessage());
    }

    /**
     * A populated world with mutable traits (copied and not), opaque data on entities (an unknown id,
     * and ids of decoded traits of the same entity, of older and newer versions) and on the world.
     */
    private static World decorated(boolean opaqueFirst, long seed) {
        World w = new World();
        Random r = new Random(seed);
        if (opaqueFirst) { // the opaque trait gets the first column id in this world
            w.destroy(w.spawn(OpaqueTraits.TRAIT.with(OpaqueTraits.EMPTY)));
        }
        World p = populated(1_000, seed);
        // move the populated world's state in through a snapshot, so this world's trait ids keep their order
        try {
            WorldSnapshot.restore(new java.io.ByteArrayInputStream(save(p, SnapshotOptions.defaults())), w,
                    SnapshotWorlds.definitions());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        AllocatorStateWalk.live(w).forEach(e -> {
            int k = r.nextInt(6);
            if (k == 0) {
                w.add(e, OpaqueTraits.TRAIT, OpaqueTraits.of(List.of(new OpaqueTrait("plugin/absent", 1 + r.nextInt(3),
                        Tree.obj("hp", Tree.of(r.nextInt(100)))), new OpaqueTrait(HEALTH.name(), 7, Tree.of("newer")),
                        new OpaqueTrait("a/first", 1, Tree.nil()))));
            } else if (k == 1) {
                w.add(e, COPIED, new Counter(r.nextInt(9)));
                w.add(e, UNCOPIED, new Counter(r.nextInt(9)));
            } else if (k == 2) {
                w.add(e, OpaqueTraits.TRAIT, OpaqueTraits.of(List.of(new OpaqueTrait("zz/last", 9, Tree.of(true)))));
                w.add(e, COPIED, new Counter(1));
            }
        });
        w.set(WORLD_COUNTER, new Counter(5));
        w.set(OpaqueTraits.TRAIT, OpaqueTraits.of(List.of(new OpaqueTrait("plugin/world thing", 4, Tree.of(1.5)))));
        w.add(SnapshotWorlds.SCRATCH);
        return w;
    }

    private static byte[] bytes(WorldSnapshot capture) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        capture.writeTo(out);
        return out.toByteArray();
    }

    /** The live entities of a world, in slot order. */
    private static final class AllocatorStateWalk {
        static List<Long> live(World w) {
            dev.orrery.world.AllocatorState a = w.allocatorState();
            boolean[] free = new boolean[a.slotCount()];
            for (int s : a.freeSlots()) {
                free[s] = true;
            }
            List<Long> out = new java.util.ArrayList<>();
            for (int s = 0; s < a.slotCount(); s++) {
                if (!free[s]) {
                    out.add(a.handle(s));
                }
            }
            return out;
        }
    }
}
