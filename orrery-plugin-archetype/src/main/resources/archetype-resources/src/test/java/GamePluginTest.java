package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orrery.testkit.PluginHarness;
import org.junit.jupiter.api.Test;

/** Unit test, no OSGi: the plugin in a schedule of its own, three fixed frames. */
class GamePluginTest {
    @Test
    void countsFramesThenScoresThem() {
        PluginHarness h = PluginHarness.of(GamePlugin.PLUGIN).dt(1.0 / 60).step(3);
        assertEquals(3, h.get(GamePlugin.FRAMES).get());
        assertEquals(30, h.get(GamePlugin.SCORE).get());
        h.assertRanInOrder("${pluginName}/count", "${pluginName}/score");
    }
}
