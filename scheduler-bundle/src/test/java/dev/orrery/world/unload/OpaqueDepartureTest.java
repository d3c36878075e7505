package dev.orrery.world.unload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.testsupport.memory.Reachability;
import dev.orrery.world.Query;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.Tree;
import dev.orrery.world.World;
import dev.orrery.world.snapshot.OpaqueTrait;
import dev.orrery.world.snapshot.OpaqueTraits;
import dev.orrery.world.snapshot.SnapshotFormat;
import dev.orrery.world.snapshot.SnapshotOptions;
import dev.orrery.world.snapshot.WorldSnapshot;
import dev.orrery.world.unload.isolated.PersistentPayload;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A departing plugin's persistent traits become opaque data instead of being purged, and its state comes
 * back when the plugin does ({@code WorldSnapshot.keepOpaque}, {@code WorldSnapshot.adopt}). The
 * departing code is {@link PersistentPayload}, loaded by an {@link IsolatedLoader}; the code that comes
 * back defines the same id with a class of this test.
 */
@Tag("engine-independent")
class OpaqueDepartureTest {
    /** The returning plugin's state, version 1: the same shape as the departed one's. */
    record Counter(int ticks, String name) {
    }

    /** The returning plugin's state, version 2: the counter became a long score, with a level. */
    record CounterV2(long score, String name, int level) {
    }

    private static final String ID = PersistentPayload.PERSISTENT_ID;
    private static final Trait<Counter> BACK = Trait.<Counter>builder(ID).defaultValue(new Counter(0, ""))
            .persistent(1, TraitCodec.of(Counter.class)).build();
    private static final Trait<CounterV2> UPDATED = Trait.<CounterV2>builder(ID).defaultValue(new CounterV2(0, "", 0))
            .persistent(2, TraitCodec.of(CounterV2.class))
            .migration(1, t -> Tree.obj("score", ((Tree.Obj) t).get("ticks"), "name", ((Tree.Obj) t).get("name"),
                    "level", Tree.of(1)))
            .build();
    private static final Trait<Integer> HP = Trait.<Integer>builder("test/hp").defaultValue(0)
            .persistent(1, TraitCodec.of(v -> Tree.of(v), t -> (int) ((Tree.Int) t).value())).build();

    private final World world = new World();
    private final long[] entities = new long[3];

    @Test
    void purgeKeepsPersistentTraitsAsOpaqueDataAndReleasesTheirClassLoader() throws Exception {
        WeakReference<ClassLoader> loader = fillWithDepartingPlugin();
        PurgeReport report = WorldPurge.purge(world, Unloading.of(l -> l == loader.get()));

        assertEquals(new PurgeReport(0, 0, 0, 0, 4), report, report.toString());
        assertTrue(report.toString().endsWith("; kept 4 values of persistent traits as opaque data"), report.toString());
        assertEquals(new OpaqueTrait(ID, 1, Tree.obj("ticks", Tree.of(40), "name", Tree.of("world"))),
                world.get(OpaqueTraits.TRAIT).byId().get(ID));
        assertEquals(new OpaqueTrait(ID, 1, Tree.obj("ticks", Tree.of(2), "name", Tree.of("two"))),
                world.get(entities[1], OpaqueTraits.TRAIT).byId().get(ID));
        assertEquals(3, world.query(Query.of(OpaqueTraits.TRAIT)).count());
        assertEquals(2, world.get(entities[1], HP), "the entity keeps its other traits");
        assertTrue(world.knownTraits().stream().noneMatch(t -> t.name().equals(ID)), "the trait object is forgotten");
        assertTrue(Reachability.awaitCleared(loader), "the world still reaches the departed loader");
    }

    @Test
    void transientTraitsOfDepartingCodeAreDroppedAsBefore() throws Exception {
        IsolatedLoader loader = new IsolatedLoader(PersistentPayload.class.getName());
        Trait<?> scratch = (Trait<?>) loader.call("transientTrait");
        world.add(scratch);
        long e = world.spawn(HP.with(1));
        world.add(e, scratch);
        PurgeReport report = WorldPurge.purge(world, Unloading.of(loader));
        assertEquals(new PurgeReport(1, 1, 0, 0, 0), report, report.toString());
        assertFalse(world.has(OpaqueTraits.TRAIT));
        assertFalse(world.has(e, OpaqueTraits.TRAIT));
    }

    @ParameterizedTest
    @EnumSource(SnapshotFormat.class)
    void aSaveAfterThePurgeIsByteIdenticalToOneBeforeAndARestoreWritesItBackUnchanged(SnapshotFormat format)
            throws Exception {
        WeakReference<ClassLoader> loader = fillWithDepartingPlugin();
        SnapshotOptions options = SnapshotOptions.builder().format(format).build();
        byte[] before = save(world, options);
        WorldPurge.purge(world, Unloading.of(l -> l == loader.get()));
        byte[] after = save(world, options);
        assertArrayEquals(before, after, () -> new String(before) + "\n---\n" + new String(after));

        World restored = new World();
        WorldSnapshot.restore(new ByteArrayInputStream(after), restored, SnapshotOptions.builder().traits(HP).build());
        assertArrayEquals(after, save(restored, options), "restored opaque data is written back unchanged");
    }

    @Test
    void theReturningPluginAdoptsItsStateUnderANewTraitObject() throws Exception {
        WeakReference<ClassLoader> loader = fillWithDepartingPlugin();
        WorldPurge.purge(world, Unloading.of(l -> l == loader.get()));

        assertEquals(4, WorldSnapshot.adopt(world, BACK));
        assertEquals(new Counter(40, "world"), world.get(BACK));
        assertEquals(List.of(new Counter(1, "one"), new Counter(2, "two"), new Counter(3, "three")),
                List.of(world.get(entities[0], BACK), world.get(entities[1], BACK), world.get(entities[2], BACK)));
        assertFalse(world.has(OpaqueTraits.TRAIT), "no opaque data is left");
        assertEquals(0, world.query(Query.of(OpaqueTraits.TRAIT)).count());
        assertEquals(0, WorldSnapshot.adopt(world, BACK), "adopting again finds nothing");
    }

    @Test
    void rehydrateAfterThePurgeGivesTheSameValuesAsAdopt() throws Exception {
        WeakReference<ClassLoader> loader = fillWithDepartingPlugin();
        WorldPurge.purge(world, Unloading.of(l -> l == loader.get()));
        assertEquals(4, WorldSnapshot.rehydrate(world, BACK));
        assertEquals(new Counter(2, "two"), world.get(entities[1], BACK));
        assertEquals(new Counter(40, "world"), world.get(BACK));
    }

    @Test
    void anUpdateThatRaisedTheVersionMigratesTheKeptData() throws Exception {
        WeakReference<ClassLoader> loader = fillWithDepartingPlugin();
        WorldPurge.purge(world, Unloading.of(l -> l == loader.get()));
        assertEquals(4, WorldSnapshot.adopt(world, UPDATED));
        assertEquals(new CounterV2(3, "three", 1), world.get(entities[2], UPDATED));
        assertEquals(new CounterV2(40, "world", 1), world.get(UPDATED));
    }

    @Test
    void dataThatCannotBeDecodedStaysOpaqueAndNothingChanges() throws Exception {
        WeakReference<ClassLoader> loader = fillWithDepartingPlugin();
        WorldPurge.purge(world, Unloading.of(l -> l == loader.get()));
        Map<Long, OpaqueTraits> before = opaqueByEntity();
        Trait<Counter> failing = Trait.<Counter>builder(ID).defaultValue(new Counter(0, ""))
                .persistent(1, TraitCodec.<Counter>of(c -> Tree.of(c.name()), t -> {
                    throw new IllegalArgumentException("expected a text, found an object");
                })).build();

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorldSnapshot.adopt(world, failing));
        assertEquals("WorldSnapshot.adopt: trait 'payload/persistent' of the world (version 1) cannot be decoded, it stays"
                + " opaque data: expected a text, found an object", e.getMessage());
        assertEquals(before, opaqueByEntity());
        assertFalse(world.has(failing));

        Trait<Counter> older = Trait.<Counter>builder(ID).defaultValue(new Counter(0, ""))
                .persistent(1, TraitCodec.of(Counter.class)).build();
        world.set(OpaqueTraits.TRAIT, OpaqueTraits.of(List.of(new OpaqueTrait(ID, 2, Tree.obj()))));
        e = assertThrows(IllegalArgumentException.class, () -> WorldSnapshot.adopt(world, older));
        assertTrue(e.getMessage().contains("saved by a newer version"), e.getMessage());
        assertEquals(before.get(entities[0]), world.get(entities[0], OpaqueTraits.TRAIT));
    }

    @Test
    void keepOpaqueRefusesATransientTraitAndLeavesAFailingCodecsWorldUnchanged() {
        Trait<String> plain = Trait.withDefault("test/plain", "x");
        assertThrows(IllegalArgumentException.class, () -> WorldSnapshot.keepOpaque(world, plain));
        Trait<String> broken = Trait.<String>builder("test/broken").defaultValue("x")
                .persistent(1, TraitCodec.of(v -> null, t -> "x")).build();
        long e = world.spawn(broken.with("y"));
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> WorldSnapshot.keepOpaque(world, broken));
        assertTrue(x.getMessage().contains("'test/broken'") && x.getMessage().contains("returned null"), x.getMessage());
        assertEquals("y", world.get(e, broken));
        assertFalse(world.has(e, OpaqueTraits.TRAIT));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private WeakReference<ClassLoader> fillWithDepartingPlugin() {
        IsolatedLoader loader = new IsolatedLoader(PersistentPayload.class.getName());
        Trait own = (Trait) loader.call("persistentTrait");
        List<Object> values = (List<Object>) loader.call("values");
        world.set(own, loader.call("worldValue"));
        world.ref(own);
        for (int i = 0; i < entities.length; i++) {
            entities[i] = world.spawn(HP.with(i + 1), own.with(values.get(i)));
        }
        world.spawn(HP.with(9));
        world.query(Query.of(own, HP)).count();
        return new WeakReference<>(loader);
    }

    private Map<Long, OpaqueTraits> opaqueByEntity() {
        Map<Long, OpaqueTraits> out = new TreeMap<>();
        for (long e : world.query(Query.of(OpaqueTraits.TRAIT)).entities()) {
            out.put(e, world.get(e, OpaqueTraits.TRAIT));
        }
        out.put(-1L, world.get(OpaqueTraits.TRAIT));
        assertNotNull(out.get(-1L));
        return out;
    }

    private static byte[] save(World w, SnapshotOptions options) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        WorldSnapshot.save(w, out, options);
        return out.toByteArray();
    }
}
