package dev.orrery.host.itest;

import static org.junit.Assert.assertEquals;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import java.util.List;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;

/** Several schedules: one per schedule name; a frame system steps the turn schedule. */
@RunWith(PaxExam.class)
public class SchedulesIT extends HostItBase {
    @Configuration
    public Option[] config() {
        return options(platform());
    }

    @Test
    public void frameSystemStepsTheTurnScheduleThroughTheSchedulesTrait() throws Exception {
        host().awaitMainSchedule();
        start("turnrules");
        start("turnclock");
        PluginStatus rules = host().awaitPlugin("turn-rules", PluginState.ACTIVE);
        PluginStatus clock = host().awaitPlugin("turn-clock", PluginState.ACTIVE);
        assertEquals("turn", rules.schedule());
        assertEquals("main", clock.schedule());
        host().awaitCondition(() -> gameHost.schedule("turn").isPresent(), () -> "turn schedule built");
        assertEquals(1, gameHost.schedule("turn").orElseThrow().systems().size());

        host().step(4);
        assertEquals(List.of("turn-clock/tick", "turn-clock/tick", "turn-rules/resolve",
                "turn-clock/tick", "turn-clock/tick", "turn-rules/resolve"), events());
    }
}
