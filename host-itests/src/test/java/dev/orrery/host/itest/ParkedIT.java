package dev.orrery.host.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.ParkedFrame;
import dev.orrery.host.PluginState;
import dev.orrery.host.RunState;
import dev.orrery.host.itest.support.Gates;
import dev.orrery.testkit.osgi.LogCapture;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.osgi.framework.Bundle;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;

/**
 * A plugin's system waits on I/O through {@code Cooperative.supply} in a real OSGi host: the host is
 * PARKED naming it and stays responsive, the frame resumes when the value arrives, and a departure of
 * the plugin while parked cancels the wait without a fault.
 */
@RunWith(PaxExam.class)
public class ParkedIT extends HostItBase {
    @Configuration
    public Option[] config() {
        return options(platform());
    }

    @Test
    public void aWaitingSystemParksTheHostUntilItsValueArrivesAndADepartureCancelsIt() throws Exception {
        host().awaitMainSchedule();
        CompletableFuture<String> first = new CompletableFuture<>();
        Gates.parkOn(first);
        Bundle parker = start("parker");
        host().awaitPlugin("parker", PluginState.ACTIVE);
        host().awaitCondition(() -> gameHost.schedule("main").orElseThrow().systems().size() == 1, () -> "parker in main");
        long frames = gameHost.status().frames();

        CompletionStage<Long> step = gameHost.step(1);
        host().awaitCondition(() -> gameHost.status().state() == RunState.PARKED, () -> "parked: " + gameHost.status());
        ParkedFrame p = gameHost.status().parked().orElseThrow();
        assertEquals("parker/load", p.system());
        assertEquals("parker", p.plugin());
        assertEquals("remote profile", p.label());
        assertEquals("worker task", p.stage());
        assertEquals("main", p.schedule());
        assertEquals(frames + 1, p.frame());
        assertFalse("the host answers while parked", gameHost.plugins().isEmpty());
        assertFalse(step.toCompletableFuture().isDone());

        first.complete("ada");
        assertEquals(Long.valueOf(frames + 1), step.toCompletableFuture().get(WAIT_MILLIS, TimeUnit.MILLISECONDS));
        assertEquals(List.of("ada"), Gates.LOADS);
        host().awaitCondition(() -> gameHost.status().state() == RunState.PAUSED, () -> "paused after the step");

        CompletableFuture<String> never = new CompletableFuture<>();
        Gates.parkOn(never);
        try (LogCapture log = LogCapture.of("dev.orrery.host", System.Logger.Level.INFO)) {
            gameHost.step(1);
            host().awaitCondition(() -> gameHost.status().state() == RunState.PARKED, () -> "parked again");
            parker.stop(); // the departure cancels the wait
            host().awaitCondition(() -> gameHost.status().state() == RunState.PAUSED, () -> "the frame ended");
            assertTrue("nothing blamed on the plugin: " + gameHost.status(), gameHost.status().fault().isEmpty());
            assertEquals(log.lines().toString(), 1, log.linesWith("plugin 'parker' left while its system 'parker/load'"
                    + " was parked").size());
            assertEquals("no stack trace", 0, log.stackTraces());
        }
        assertEquals(List.of("ada"), Gates.LOADS);
    }
}
