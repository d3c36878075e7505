package ${package};

import static org.junit.Assert.assertEquals;

import dev.orrery.host.PluginState;
import dev.orrery.testkit.paxexam.OrreryOptions;
import dev.orrery.testkit.paxexam.OrreryPluginTest;
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
    public void runsInTheHostAndLeavesCleanly() {
        host().awaitPlugin("${pluginName}", PluginState.ACTIVE);
        host().awaitMainSchedule();
        host().step(4);
        assertEquals("40", host().worldValue("${pluginName}/score").orElseThrow().toString());

        host().uninstall(host().bundle("${package}"));
        host().awaitNoPlugin("${pluginName}");
    }
}
