package dev.orrery.testkit.devtools;

import static org.junit.Assert.assertEquals;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.PluginState;
import dev.orrery.testkit.paxexam.OrreryOptions;
import dev.orrery.testkit.paxexam.OrreryPluginTest;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.osgi.framework.Bundle;

/** The optional devtools bundle next to a plugin: it resolves without Gogo and the plugin still runs. */
@RunWith(PaxExam.class)
public class DevtoolsOptionIT extends OrreryPluginTest {
    @Configuration
    public Option[] config() {
        return options(OrreryOptions.platform(), OrreryOptions.devtools(), OrreryOptions.pluginUnderTest());
    }

    @Test
    public void devtoolsIsActiveAndThePluginRunsBesideIt() {
        assertEquals(Bundle.ACTIVE, host().bundle("dev.orrery.plugin.devtools").getState());
        host().awaitPlugin("example", PluginState.ACTIVE);
        host().awaitMainSchedule();
        assertEquals(2L, host().step(2));
    }
}
