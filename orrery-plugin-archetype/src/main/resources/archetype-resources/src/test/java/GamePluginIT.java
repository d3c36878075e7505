package ${package};

import static org.junit.Assert.assertEquals;

import dev.orrery.host.PluginState;
import dev.orrery.testkit.paxexam.OrreryOptions;
import dev.orrery.testkit.paxexam.OrreryPluginTest;
import java.io.File;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;

/**
 * The built bundle in a real Orrery host (Felix, SCR), through Pax Exam. The test reads world traits
 * by name and never this plugin's classes, so uninstalling or updating the plugin here behaves as in a
 * game (see the kit's ProbeTrap).
 */
@RunWith(PaxExam.class)
public class GamePluginIT extends OrreryPluginTest {
    @Configuration
    public Option[] config() {
        return OrreryOptions.withPluginUnderTest();
    }

    @Test
    public void keepsItsScoreAcrossAnUpdateAndAReinstallAndLeavesCleanly() {
        host().awaitPlugin("${pluginName}", PluginState.ACTIVE);
        host().awaitMainSchedule();
        host().step(4);
        assertEquals("Score[frames=4, points=40]", value("${pluginName}/score"));
        assertEquals("4", value("${pluginName}/frames"));

        // An update: the persistent score goes on, the transient frame count starts afresh.
        File jar = new File(System.getProperty("orrery.testkit.plugin"));
        host().update(host().bundle("${package}"), jar);
        host().step(2);
        assertEquals("Score[frames=6, points=60]", value("${pluginName}/score"));
        assertEquals("2", value("${pluginName}/frames"));

        // Uninstalled, then installed again: the score is kept as data meanwhile and comes back.
        host().uninstall(host().bundle("${package}"));
        host().awaitNoPlugin("${pluginName}");
        host().install(jar);
        host().awaitPlugin("${pluginName}", PluginState.ACTIVE);
        host().step(1);
        assertEquals("Score[frames=7, points=70]", value("${pluginName}/score"));
        assertEquals("1", value("${pluginName}/frames"));

        host().uninstall(host().bundle("${package}"));
        host().awaitNoPlugin("${pluginName}");
    }

    private String value(String trait) {
        return host().worldValue(trait).orElseThrow(() -> new AssertionError("no world trait " + trait)).toString();
    }
}
