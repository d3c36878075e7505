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
public class SchedulesIT extends HostTestBase {
    @Configuration
    public Option[] config() {
        return options(HostOptions.base());
    }

    @Test
    public void frameSystemStepsTheTurnScheduleThroughTheSchedulesTrait() throws Exception {
        awaitMainSchedule();
        start("turnrules");
        start("turnclock");
        PluginStatus rules = awaitPlugin("turn-rules", PluginState.ACTIVE);
        PluginStatus clock = awaitPlugin("turn-clock", PluginState.ACTIVE);
        assertEquals("turn", rules.schedule());
        assertEquals("main", clock.schedule());
        await(() -> host.schedule("turn").isPresent(), () -> "turn schedule built");
        assertEquals(1, host.schedule("turn").orElseThrow().systems().size());

        step(4);
        assertEquals(List.of("turn-clock/tick", "turn-clock/tick", "turn-rules/resolve",
                "turn-clock/tick", "turn-clock/tick", "turn-rules/resolve"), events());
    }
}
