package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.testkit.PluginHarness;
import dev.orrery.world.snapshot.WorldSnapshot;
import org.junit.jupiter.api.Test;

/** Unit tests, no OSGi: the plugin in a schedule of its own, stepped by fixed frames. */
class GamePluginTest {
    @Test
    void countsFramesThenScoresThem() {
        PluginHarness h = PluginHarness.of(GamePlugin.PLUGIN).dt(1.0 / 60).step(3);
        assertEquals(3, h.get(GamePlugin.FRAMES).get());
        assertEquals(new GamePlugin.Score(3, 30), h.get(GamePlugin.SCORE));
        h.assertRanInOrder("${pluginName}/count", "${pluginName}/score");
    }

    @Test
    void theScoreSurvivesAsDataWhenThePluginLeavesAndComesBack() {
        PluginHarness h = PluginHarness.of(GamePlugin.PLUGIN).step(3);
        // What the host does when the bundle leaves: the persistent score becomes data (its codec's
        // tree); when it comes back: its systems declare the score, so the data becomes a value again.
        assertEquals(1, WorldSnapshot.keepOpaque(h.world(), GamePlugin.SCORE));
        assertEquals(1, WorldSnapshot.adopt(h.world(), GamePlugin.SCORE));
        h.step(1);
        assertEquals(new GamePlugin.Score(4, 40), h.get(GamePlugin.SCORE));
        assertTrue(GamePlugin.COUNT.writes().contains(GamePlugin.SCORE), "rehydrated only if a system declares it");
    }
}
