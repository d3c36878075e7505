package dev.orrery.world.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.Tree;
import dev.orrery.world.World;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The migration example of docs/plugin-guide.md's "Hot update rules", as written there ({@code
 * DocBlocksTest} checks that the guide's lines are these): the score of a plugin's version 1 is kept as
 * opaque data when its bundle leaves, as the host's purge does, and the updated code, whose score gained
 * a component, adopts it through the migration, as the host's rehydration does.
 */
class HotUpdateGuideExampleTest {
    /** The plugin's code before the update. */
    static final class Version1 {
        public record Score(long frames, long points) {
        }

        static final Trait<Score> SCORE = Trait.<Score>builder("score/score")
                .defaultValue(new Score(0, 0))
                .persistent(1, TraitCodec.of(Score.class))
                .build();
    }

    /** The plugin's code after the update: the score has a bonus now. */
    static final class Version2 {
        public record Score(long frames, long points, long bonus) { } // version 1 had no bonus

        static final Trait<Score> SCORE = Trait.<Score>builder("score/score")
                .defaultValue(new Score(0, 0, 0))
                .persistent(2, TraitCodec.of(Score.class))
                .migration(1, v1 -> ((Tree.Obj) v1).with("bonus", Tree.of(0)))
                .build();
    }

    @Test
    @DisplayName("guide-migration: version 1's score, kept as data, comes back to version 2 migrated")
    void theKeptScoreIsMigratedOnAdoption() {
        World world = new World();
        world.set(Version1.SCORE, new Version1.Score(6, 60));

        assertEquals(1, WorldSnapshot.keepOpaque(world, Version1.SCORE));
        assertFalse(world.has(Version1.SCORE), "the old trait is forgotten");
        assertEquals(new OpaqueTrait("score/score", 1, Tree.obj("frames", Tree.of(6), "points", Tree.of(60))),
                world.get(OpaqueTraits.TRAIT).byId().get("score/score"));

        assertEquals(1, WorldSnapshot.adopt(world, Version2.SCORE));
        assertEquals(new Version2.Score(6, 60, 0), world.get(Version2.SCORE));
        assertFalse(world.has(OpaqueTraits.TRAIT), "no opaque data left");
    }

    @Test
    @DisplayName("guide-migration: going back to version 1 does not downgrade version 2's data; it stays opaque")
    void olderCodeLeavesNewerDataOpaque() {
        World world = new World();
        world.set(Version2.SCORE, new Version2.Score(6, 60, 5));
        WorldSnapshot.keepOpaque(world, Version2.SCORE);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WorldSnapshot.adopt(world, Version1.SCORE));
        assertTrue(e.getMessage().contains("newer version"), e.getMessage());
        assertFalse(world.has(Version1.SCORE));
        assertEquals(2, world.get(OpaqueTraits.TRAIT).byId().get("score/score").version());
    }
}
