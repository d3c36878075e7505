package dev.orrery.host.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.PluginState;
import dev.orrery.host.RunState;
import dev.orrery.host.SystemFault;
import dev.orrery.host.SystemFaultException;
import dev.orrery.host.itest.support.Trace;
import dev.orrery.testkit.osgi.LogCapture;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;

/** A system that throws pauses the simulation, not the host. */
@RunWith(PaxExam.class)
public class FaultIT extends HostItBase {
    @Configuration
    public Option[] config() {
        return options(platform());
    }

    @Test
    public void throwingSystemPausesTheSimulationWhichCanBeResumedWithWorldDataIntact() throws Exception {
        host().awaitMainSchedule();
        start("good");
        start("boom");
        host().awaitPlugin("good", PluginState.ACTIVE);
        host().awaitPlugin("boom", PluginState.ACTIVE);
        host().awaitCondition(() -> gameHost.schedule("main").orElseThrow().systems().size() == 2, () -> "both systems in main");
        long frames = host().step(2);
        assertEquals(4, events().size());

        host().onFrame(w -> {
            w.add(Trace.TRAIT).setFailing("boom/tick", true);
            return null;
        });
        try (LogCapture log = LogCapture.of("dev.orrery.host", System.Logger.Level.INFO)) {
            try {
                gameHost.step(3).toCompletableFuture().get(WAIT_MILLIS, TimeUnit.MILLISECONDS);
                fail("the step must fail with the fault");
            } catch (ExecutionException e) {
                assertTrue(String.valueOf(e.getCause()), e.getCause() instanceof SystemFaultException);
            }
            assertEquals(log.lines().toString(), 1, log.linesWith("simulation paused: system 'boom/tick'").size());
            assertEquals("one stack trace for the one fault", 1, log.stackTraces());
        }
        assertEquals(RunState.PAUSED, gameHost.status().state());
        SystemFault fault = gameHost.status().fault().orElseThrow();
        assertEquals(Optional.of("boom/tick"), fault.system());
        assertEquals(Optional.of("boom"), fault.plugin());
        assertEquals(Optional.of("main"), fault.schedule());
        assertEquals(frames + 1, fault.frame());
        assertEquals(IllegalStateException.class.getName(), fault.errorType());
        assertEquals("system boom/tick was told to fail", fault.message());
        assertTrue(fault.describe(), fault.describe().startsWith(
                "system 'boom/tick' of plugin 'boom' in schedule 'main' threw java.lang.IllegalStateException"));

        // The host still tracks bundles while the simulation is paused.
        start("alpha");
        host().awaitPlugin("alpha", PluginState.ACTIVE);

        // World data intact: the four events before the fault, plus the good system of the faulty frame
        // (it ran before boom/tick, which is later by plugin name).
        List<String> kept = events();
        assertEquals(List.of("boom/tick", "good/tick", "boom/tick", "good/tick"), kept.subList(0, 4));

        host().onFrame(w -> {
            w.add(Trace.TRAIT).setFailing("boom/tick", false);
            w.add(Trace.TRAIT).clear();
            return null;
        });
        gameHost.resume();
        host().awaitCondition(() -> gameHost.status().state() == RunState.RUNNING, () -> "resumed");
        host().awaitCondition(() -> gameHost.status().frames() > frames + 5, () -> "frames advance after resume");
        gameHost.pause();
        host().awaitCondition(() -> gameHost.status().state() == RunState.PAUSED, () -> "paused again");
        List<String> after = events();
        assertTrue(after.toString(), after.contains("boom/tick") && after.contains("alpha/tick")
                && after.contains("good/tick"));
    }
}
