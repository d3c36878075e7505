package dev.orrery.world.snapshot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.Tree;
import dev.orrery.world.World;
import java.io.ByteArrayInputStream;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Plugin versions across a save: migrations up, opaque data for newer and absent definitions. */
@Tag("engine-independent")
class SnapshotMigrationTest {
    /** The plugin's health at version 1: one number. */
    record HealthV1(int hp) {
    }

    /** At version 2: current and maximum. */
    record HealthV2(int current, int max) {
    }

    /** At version 3: also regeneration per second. */
    record HealthV3(int current, int max, double regen) {
    }

    static final Trait<HealthV1> V1 = Trait.<HealthV1>builder("plugin/health").defaultValue(new HealthV1(0))
            .persistent(1, TraitCodec.of(HealthV1.class)).build();
    static final Trait<HealthV2> V2 = Trait.<HealthV2>builder("plugin/health").defaultValue(new HealthV2(0, 0))
            .persistent(2, TraitCodec.of(HealthV2.class))
            .migration(1, t -> Tree.obj("current", ((Tree.Obj) t).get("hp"), "max", ((Tree.Obj) t).get("hp")))
            .build();
    static final Trait<HealthV3> V3 = Trait.<HealthV3>builder("plugin/health").defaultValue(new HealthV3(0, 0, 0))
            .persistent(3, TraitCodec.of(HealthV3.class))
            .migration(1, t -> Tree.obj("current", ((Tree.Obj) t).get("hp"), "max", ((Tree.Obj) t).get("hp")))
            .migration(2, t -> ((Tree.Obj) t).with("regen", Tree.of(0.5)))
            .build();
    static final Trait<HealthV1> WORLD_V1 = Trait.<HealthV1>builder("plugin/boss health").defaultValue(new HealthV1(0))
            .persistent(1, TraitCodec.of(HealthV1.class)).build();

    private static World savedByV1(long[] entities) {
        World w = new World();
        for (int i = 0; i < entities.length; i++) {
            entities[i] = w.spawn(V1.with(new HealthV1(10 + i)), SnapshotWorlds.POSITION.with(new SnapshotWorlds.Position(i, i)));
        }
        w.set(WORLD_V1, new HealthV1(999));
        return w;
    }

    private static SnapshotOptions with(SnapshotFormat format, Trait<?>... traits) {
        return SnapshotOptions.builder().format(format).traits(traits).traits(SnapshotWorlds.POSITION).build();
    }

    @ParameterizedTest
    @EnumSource(SnapshotFormat.class)
    void dataSavedByVersionOneIsMigratedToTwoAndToThree(SnapshotFormat format) throws Exception {
        long[] e = new long[3];
        byte[] v1 = SnapshotWorlds.save(savedByV1(e), with(format));

        World w2 = new World();
        RestoreReport r2 = WorldSnapshot.restore(new ByteArrayInputStream(v1), w2, with(format, V2));
        assertEquals(3, r2.migrated());
        assertEquals(new HealthV2(11, 11), w2.get(e[1], V2));

        World w3 = new World();
        WorldSnapshot.restore(new ByteArrayInputStream(v1), w3, with(format, V3));
        assertEquals(new HealthV3(12, 12, 0.5), w3.get(e[2], V3), "v1 -> v3 through both steps");
    }

    @ParameterizedTest
    @EnumSource(SnapshotFormat.class)
    void anAbsentDefinitionKeepsTheDataOpaqueResavesItUnchangedAndRehydratesIt(SnapshotFormat format) throws Exception {
        long[] e = new long[3];
        byte[] saved = SnapshotWorlds.save(savedByV1(e), with(format, V1, WORLD_V1));

        World absent = new World();
        RestoreReport report = WorldSnapshot.restore(new ByteArrayInputStream(saved), absent, with(format));
        assertEquals(4, report.opaque(), "three entity values and one world trait");
        assertTrue(absent.isAlive(e[0]));
        assertEquals(List.of("plugin/health"), List.copyOf(absent.get(e[0], OpaqueTraits.TRAIT).byId().keySet()));
        assertEquals(new OpaqueTrait("plugin/boss health", 1, Tree.obj("hp", Tree.of(999))),
                absent.get(OpaqueTraits.TRAIT).byId().get("plugin/boss health"));
        assertArrayEquals(saved, SnapshotWorlds.save(absent, with(format)), "the plugin's data is written back unchanged");

        assertEquals(4, WorldSnapshot.rehydrate(absent, V2, WORLD_V1), "the plugin arrives (at version 2)");
        assertEquals(new HealthV2(10, 10), absent.get(e[0], V2));
        assertEquals(new HealthV1(999), absent.get(WORLD_V1));
        assertFalse(absent.has(e[0], OpaqueTraits.TRAIT), "nothing left opaque");
        assertNull(absent.get(OpaqueTraits.TRAIT));
    }

    @ParameterizedTest
    @EnumSource(SnapshotFormat.class)
    void newerDataIsNeverDowngradedButKeptOpaqueWithOneWarning(SnapshotFormat format) throws Exception {
        World w3 = new World();
        long a = w3.spawn(V3.with(new HealthV3(1, 2, 3)));
        long b = w3.spawn(V3.with(new HealthV3(4, 5, 6)));
        byte[] saved = SnapshotWorlds.save(w3, with(format));

        World w2 = new World();
        try (CapturedLog log = CapturedLog.attach("dev.orrery.world.snapshot")) {
            RestoreReport r = WorldSnapshot.restore(new ByteArrayInputStream(saved), w2,
                    SnapshotOptions.builder().source("save.orrery").traits(V2).build());
            assertEquals(2, r.opaque());
            assertEquals(List.of("WARNING save.orrery: trait 'plugin/health' was saved by version 3 but the running code"
                    + " knows version 2; kept as opaque data, not downgraded"), log.lines());
        }
        assertFalse(w2.has(a, V2));
        assertEquals(3, w2.get(b, OpaqueTraits.TRAIT).byId().get("plugin/health").version());
        assertEquals(0, WorldSnapshot.rehydrate(w2, V2), "version 2 still cannot read it");
        assertArrayEquals(saved, SnapshotWorlds.save(w2, with(format)));
        assertEquals(2, WorldSnapshot.rehydrate(w2, V3), "the newer plugin can");
        assertEquals(new HealthV3(4, 5, 6), w2.get(b, V3));
        assertTrue(w2.isAlive(a) && w2.has(a, V3), "the same handle, now decoded");
    }
}
