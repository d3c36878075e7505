package dev.orrery.world.snapshot;

import static dev.orrery.world.snapshot.SnapshotWorlds.HEALTH;
import static dev.orrery.world.snapshot.SnapshotWorlds.POSITION;
import static dev.orrery.world.snapshot.SnapshotWorlds.SCRATCH;
import static dev.orrery.world.snapshot.SnapshotWorlds.assertSameState;
import static dev.orrery.world.snapshot.SnapshotWorlds.definitions;
import static dev.orrery.world.snapshot.SnapshotWorlds.populated;
import static dev.orrery.world.snapshot.SnapshotWorlds.save;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.Entity;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.World;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

@Tag("engine-independent")
class WorldSnapshotTest {

    @ParameterizedTest
    @EnumSource(SnapshotFormat.class)
    void roundTripOfTenThousandEntitiesReproducesHandlesValuesAndTheNextSpawns(SnapshotFormat format) throws Exception {
        World original = populated(10_000, 42);
        byte[] bytes = save(original, SnapshotOptions.builder().format(format).plugin("game", "1.0.0").build());

        World restored = new World();
        RestoreReport report = WorldSnapshot.restore(new ByteArrayInputStream(bytes), restored, definitions());
        assertEquals(10_000, report.entities());
        assertEquals(List.of(new PluginEntry("game", "1.0.0")), report.plugins());
        assertEquals(0, report.opaque());
        assertSameState(original, restored);
        assertFalse(restored.has(SCRATCH), "transient world traits are not saved");

        long[] next = new long[100];
        for (int i = 0; i < 100; i++) {
            next[i] = original.spawn();
        }
        for (int i = 0; i < 100; i++) {
            assertEquals(Entity.toString(next[i]), Entity.toString(restored.spawn()), "spawn " + i);
            assertEquals(next[i], restored.allocatorState().handle(Entity.index(next[i])));
        }
    }

    @ParameterizedTest
    @EnumSource(SnapshotFormat.class)
    void theSameWorldSavedTwiceGivesTheSameBytesAndARestoredWorldSavesThemToo(SnapshotFormat format) throws Exception {
        SnapshotOptions options = SnapshotOptions.builder().format(format).build();
        World w = populated(500, 7);
        w.removeFromEntities(SCRATCH); // a restored world has no transient traits, so its header skips none
        w.remove(SCRATCH);
        byte[] first = save(w, options);
        assertArrayEquals(first, save(w, options));
        World restored = new World();
        WorldSnapshot.restore(new ByteArrayInputStream(first), restored, definitions());
        assertArrayEquals(first, save(restored, options), "restore then save is the identity on the bytes");
    }

    @Test
    void theHeaderNamesTheFormatVersionsAndSkippedTraits() {
        World w = populated(20, 3);
        String json = new String(save(w, SnapshotOptions.defaults()), StandardCharsets.UTF_8);
        assertTrue(json.startsWith("orrery-world 1 json\nsection header "), json.substring(0, 60));
        assertTrue(json.contains("\"test/health\" : 2"), "trait versions in the header");
        assertTrue(json.contains("\"skipped\" : [\n    \"test/scratch\"\n  ]"), "transient traits listed as skipped: " + json.substring(0, 700));
        assertTrue(json.contains("\"orrery\" : \""), "the Orrery version");
    }

    @Test
    void savingInsideATransactionIsRefused() {
        World w = new World();
        w.spawn(POSITION.with(new SnapshotWorlds.Position(1, 2)));
        IllegalStateException[] seen = new IllegalStateException[1];
        w.transaction().open();
        try {
            seen[0] = assertThrows(IllegalStateException.class, () -> save(w, SnapshotOptions.defaults()));
        } finally {
            w.transaction().close();
        }
        assertTrue(seen[0].getMessage().startsWith("WorldSnapshot.capture: cannot save while a schedule runs"),
                seen[0].getMessage());
    }

    @Test
    void twoPersistentTraitsWithOneIdAreRefusedByName() {
        World w = new World();
        Trait<SnapshotWorlds.Score> twin = Trait.<SnapshotWorlds.Score>builder("test/health")
                .defaultValue(new SnapshotWorlds.Score(1)).persistent(1, TraitCodec.of(SnapshotWorlds.Score.class)).build();
        w.spawn(HEALTH.with(new SnapshotWorlds.Health(1, 2)));
        w.spawn(twin.with(new SnapshotWorlds.Score(3)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> save(w, SnapshotOptions.defaults()));
        assertTrue(e.getMessage().contains("two different persistent traits have the id 'test/health'"), e.getMessage());
    }

    @Test
    void restoreReplacesPersistentWorldTraitsAndKeepsTransientOnes() throws Exception {
        World w = populated(10, 1);
        byte[] bytes = save(w, SnapshotOptions.defaults());
        World target = new World();
        target.add(SCRATCH).append("kept");
        Trait<SnapshotWorlds.Score> stale = Trait.<SnapshotWorlds.Score>builder("test/stale")
                .defaultValue(new SnapshotWorlds.Score(0)).persistent(1, TraitCodec.of(SnapshotWorlds.Score.class)).build();
        target.add(stale);
        target.spawn(POSITION.with(new SnapshotWorlds.Position(9, 9)));
        WorldSnapshot.restore(new ByteArrayInputStream(bytes), target, definitions());
        assertSameState(w, target);
        assertEquals("kept", target.get(SCRATCH).toString());
        assertNull(target.get(stale), "a persistent world trait the snapshot lacks is removed");
    }
}
