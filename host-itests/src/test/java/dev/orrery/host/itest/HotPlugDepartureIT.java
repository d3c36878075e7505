package dev.orrery.host.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.frameworkProperty;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.FrameMode;
import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RunState;
import dev.orrery.host.itest.plugins.fault.FaultPlugin;
import dev.orrery.testkit.osgi.LogCapture;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import javax.inject.Inject;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.osgi.framework.Bundle;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * Issue 11, departures on a running host (real time, 60 Hz) with a long quiet period
 * ({@value #QUIET_MILLIS} ms), so a rebuild is pending for a while after each service event: frames
 * keep coming while it is, the departed plugin's systems stop at once, and an {@link Error} thrown by
 * another plugin's {@code phases()} at the same time stalls nothing.
 */
@RunWith(PaxExam.class)
public class HotPlugDepartureIT extends HostItBase {
    private static final long QUIET_MILLIS = 1500;
    /** Half a second at 60 Hz: well inside the quiet period. */
    private static final int FRAMES = 30;

    @Inject
    protected ConfigurationAdmin configAdmin;

    @Configuration
    public Option[] config() {
        return options(platform(QUIET_MILLIS, 3_000),
                frameworkProperty("orrery.host.mode").value("realtime"),
                frameworkProperty("orrery.host.rate").value("60"));
    }

    @Test
    public void departureDoesNotStopFramesWhileTheRebuildIsPending() throws Exception {
        try (LogCapture log = LogCapture.of("dev.orrery.host", System.Logger.Level.INFO)) {
            Bundle alpha = startRunning();
            long before = host().mark();
            alpha.stop(); // returns once the departed plugin's systems no longer run
            clearTrace();
            long from = gameHost.status().frames();
            host().awaitCondition(() -> gameHost.status().frames() >= from + FRAMES, () -> "frames stopped after the departure: "
                    + gameHost.status());
            assertTrue("the rebuild is still pending (quiet period " + QUIET_MILLIS + " ms), so frames ran without it: "
                    + host().rebuildsAfter("main", before), host().rebuildsAfter("main", before).isEmpty());
            List<String> since = events();
            assertTrue("the game system runs on: " + since.size(), since.contains("good/tick"));
            assertFalse("the departed plugin's system never runs after stop() returned", since.contains("alpha/tick"));

            host().awaitRebuild("main", before, r -> r.left().contains("alpha"));
            long after = gameHost.status().frames();
            host().awaitCondition(() -> gameHost.status().frames() >= after + FRAMES, () -> "frames stopped after the swap");
            assertEquals(RunState.RUNNING, gameHost.status().state());
            assertEquals("no stack trace: " + log.lines(), 0, log.stackTraces());
        }
    }

    @Test
    public void errorFromPhasesWhileAnotherPluginDepartsStallsNothing() throws Exception {
        try (LogCapture log = LogCapture.of("dev.orrery.host", System.Logger.Level.INFO)) {
            start("fault");
            Bundle alpha = startRunning();
            long before = host().mark();
            Dictionary<String, Object> props = new Hashtable<>();
            props.put("case", "thrower");
            props.put("place", "phases");
            props.put("kind", "ERROR");
            configAdmin.createFactoryConfiguration(FaultPlugin.PID, "?").update(props);
            alpha.stop();
            long from = gameHost.status().frames();
            host().awaitCondition(() -> gameHost.status().frames() >= from + FRAMES, () -> "frames stopped: " + gameHost.status());

            host().awaitRebuild("main", before, r -> r.left().contains("alpha"));
            PluginStatus thrower = host().awaitPlugin("thrower", PluginState.EXCLUDED);
            assertTrue(thrower.reason(), thrower.reason().contains("AssertionError"));
            long mid = gameHost.status().frames();
            host().awaitCondition(() -> gameHost.status().frames() >= mid + FRAMES, () -> "frames stopped after the rebuild: "
                    + gameHost.status());
            assertEquals(RunState.RUNNING, gameHost.status().state());
            assertTrue("one stack trace at most: " + log.lines(), log.stackTraces() <= 1);
        }
    }

    /** Starts good and alpha, resumes the host and waits until both run in real time. */
    private Bundle startRunning() throws Exception {
        host().awaitMainSchedule();
        assertEquals("this test needs the real-time mode", FrameMode.REAL_TIME, gameHost.status().mode());
        start("good");
        Bundle alpha = start("alpha");
        host().awaitPlugin("good", PluginState.ACTIVE);
        host().awaitPlugin("alpha", PluginState.ACTIVE);
        gameHost.resume();
        host().awaitCondition(() -> gameHost.status().state() == RunState.RUNNING, () -> "the host never resumed");
        host().awaitCondition(() -> {
            try {
                return events().contains("alpha/tick");
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }, () -> "alpha never ran");
        return alpha;
    }
}
