package dev.orrery.host.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.GameHost;
import dev.orrery.host.ObserverStatus;
import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.host.RunState;
import dev.orrery.host.SystemFault;
import dev.orrery.host.SystemFaultException;
import dev.orrery.host.itest.plugins.fault.FaultHooks;
import dev.orrery.host.itest.plugins.fault.FaultPlugin;
import dev.orrery.host.itest.support.Trace;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.RunFailure;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.testkit.osgi.LogCapture;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import javax.inject.Inject;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * Issue 11's scenarios, each a test, on a paused host stepped frame by frame: a newcomer with a
 * duplicate system name and a newcomer closing a cycle through shared sets are refused while the
 * running plugin keeps running; a StackOverflowError in a system pauses with the system named and the
 * host alive; a throwing observer is quarantined and no system is blamed; a live {@code mainSchedule}
 * change keeps disabled systems disabled and does not rerun OnStart; {@code host().step(Integer.MAX_VALUE)}
 * twice does not wrap. The host's log is captured (no stack trace printed) and asserted on.
 */
@RunWith(PaxExam.class)
public class HotPlugScenariosIT extends HostItBase {
    @Inject
    protected ConfigurationAdmin configAdmin;

    @Configuration
    public Option[] config() {
        return options(platform(20, 200));
    }

    @Test
    public void newcomerWithADuplicateSystemNameIsRefusedAndTheRunningPluginKeepsRunning() throws Exception {
        try (LogCapture log = LogCapture.of("dev.orrery.host", System.Logger.Level.INFO)) {
            host().awaitMainSchedule();
            start("zzz-old");
            host().awaitPlugin("zzz-old", PluginState.ACTIVE);
            host().step(1);
            assertEquals(List.of("dup/sys", "old/other"), events());

            long before = host().mark();
            start("aaa-new");
            PluginStatus refused = host().awaitPlugin("aaa-new", PluginState.EXCLUDED);
            RebuildInfo rebuild = host().awaitRebuild("main", before, r -> r.excluded().stream()
                    .anyMatch(p -> p.name().equals("aaa-new")));
            assertEquals("the running plugin stays: " + rebuild, List.of("zzz-old"), rebuild.plugins());
            assertEquals(rebuild.summary(), List.of(), rebuild.left());
            assertEquals(PluginState.ACTIVE, host().plugin("zzz-old").orElseThrow().state());
            assertTrue("the reason names the system and both plugins: " + refused.reason(),
                    refused.reason().contains("dup/sys") && refused.reason().contains("zzz-old"));
            assertEquals("itest.aaa-new/1.0.0", refused.bundle());

            clearTrace();
            host().step(2);
            assertEquals("the running plugin's systems, both of them, keep running; the newcomer's does not",
                    List.of("dup/sys", "old/other", "dup/sys", "old/other"), events());
            assertFalse("the host logs the refusal naming the newcomer: " + log.lines(),
                    log.linesWith("aaa-new").isEmpty());
            assertEquals("no stack trace: " + log.lines(), 0, log.stackTraces());
        }
    }

    @Test
    public void newcomerClosingACycleThroughSharedSetsIsRefusedAndNamedNotTheInnocent() throws Exception {
        try (LogCapture log = LogCapture.of("dev.orrery.host", System.Logger.Level.INFO)) {
            host().awaitMainSchedule();
            start("set-core");
            start("zzz-innocent");
            host().awaitPlugin("set-core", PluginState.ACTIVE);
            host().awaitPlugin("zzz-innocent", PluginState.ACTIVE);
            host().step(1);
            assertEquals(List.of("innocent/sys"), events());

            long before = host().mark();
            start("aaa-culprit");
            PluginStatus culprit = host().awaitPlugin("aaa-culprit", PluginState.EXCLUDED);
            RebuildInfo rebuild = host().awaitRebuild("main", before, r -> r.excluded().stream()
                    .anyMatch(p -> p.name().equals("aaa-culprit")));
            assertEquals(rebuild.summary(), List.of(), rebuild.left());
            assertEquals(PluginState.ACTIVE, host().plugin("zzz-innocent").orElseThrow().state());
            assertEquals(PluginState.ACTIVE, host().plugin("set-core").orElseThrow().state());
            assertTrue("the reason names the culprit's system and the running plugin it conflicts with: "
                    + culprit.reason(), culprit.reason().contains("culprit/sys")
                    && culprit.reason().contains("zzz-innocent"));

            clearTrace();
            host().step(2);
            assertEquals(List.of("innocent/sys", "innocent/sys"), events());
            assertEquals("no stack trace: " + log.lines(), 0, log.stackTraces());
        }
    }

    @Test
    public void stackOverflowInASystemPausesWithTheSystemNamedAndTheHostLives() throws Exception {
        try (LogCapture log = LogCapture.of("dev.orrery.host", System.Logger.Level.INFO)) {
            host().awaitMainSchedule();
            start("good");
            start("fault");
            faultConfig(FaultPlugin.PID, "overflow", "run", "STACK_OVERFLOW");
            host().awaitPlugin("overflow", PluginState.ACTIVE);
            host().awaitPlugin("good", PluginState.ACTIVE);
            host().step(2);
            List<String> before = events();
            assertEquals(List.of("good/tick", "overflow/sys", "good/tick", "overflow/sys"), before);

            arm("overflow", true);
            try {
                gameHost.step(1).toCompletableFuture().get(WAIT_MILLIS, TimeUnit.MILLISECONDS);
                fail("the step must fail with the fault");
            } catch (ExecutionException e) {
                assertTrue(String.valueOf(e.getCause()), e.getCause() instanceof SystemFaultException);
            }
            assertEquals(RunState.PAUSED, gameHost.status().state());
            SystemFault fault = gameHost.status().fault().orElseThrow();
            assertEquals(fault.describe(), Optional.of("overflow/sys"), fault.system());
            assertEquals(fault.describe(), Optional.of("overflow"), fault.plugin());
            assertEquals(fault.describe(), StackOverflowError.class.getName(), fault.errorType());
            assertEquals(fault.describe(), Optional.of(RunFailure.Stage.RUN), fault.stage());
            ServiceReference<GameHost> registered = context.getServiceReference(GameHost.class);
            assertNotNull("the GameHost service stays registered", registered);
            assertEquals("the world is intact and submit works", before, events().subList(0, before.size()));
            assertEquals("one host log line names the system: " + log.lines(), 1,
                    log.linesWith("'overflow/sys'").size());
            assertTrue("one stack trace at most: " + log.lines(), log.stackTraces() <= 1);

            arm("overflow", false);
            long from = gameHost.status().frames();
            gameHost.resume();
            host().awaitCondition(() -> gameHost.status().frames() >= from + 3, () -> "frames advance after resume");
            gameHost.pause();
            host().awaitCondition(() -> gameHost.status().state() == RunState.PAUSED, () -> "paused again");
        }
    }

    @Test
    public void throwingObserverIsQuarantinedNoSystemIsBlamedAndTheGameGoesOn() throws Exception {
        try (LogCapture log = LogCapture.of("dev.orrery.host", System.Logger.Level.INFO)) {
            host().awaitMainSchedule();
            start("good");
            start("fault");
            faultConfig(FaultHooks.PID, "observer", "after-system", "RUNTIME");
            host().awaitPlugin("good", PluginState.ACTIVE);
            host().awaitCondition(() -> observerRef("observer") != null, () -> "the observer service was never registered");
            long serviceId = (Long) observerRef("observer").getProperty("service.id");
            host().awaitCondition(() -> {
                try {
                    host().step(1);
                    return events().contains("observer:after");
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            }, () -> "the observer was never called");
            clearTrace();
            arm("observer", true);
            long from = gameHost.status().frames();
            assertEquals("three frames ran although the observer threw", from + 3, host().step(3));
            assertFalse("no system is blamed: " + gameHost.status().lastFault(), gameHost.status().fault().isPresent());
            assertEquals("the game system ran in every frame", List.of("good/tick", "good/tick", "good/tick"),
                    events());
            ObserverStatus observer = gameHost.observers().stream()
                    .filter(o -> o.serviceId() == serviceId).findFirst().orElseThrow();
            assertTrue(observer.toString(), observer.quarantined());
            assertEquals(observer.toString(), "itest.fault/1.0.0", observer.bundle());
            assertEquals("one line names the observer and its bundle: " + log.lines(), 1,
                    log.linesNaming(serviceId, "itest.fault").size());
            assertTrue("one stack trace at most: " + log.lines(), log.stackTraces() <= 1);
        }
    }

    @Test
    public void liveMainScheduleChangeKeepsDisabledSystemsDisabledAndDoesNotRerunOnStart() throws Exception {
        host().awaitMainSchedule();
        start("starter");
        host().awaitPlugin("starter", PluginState.ACTIVE);
        host().step(2);
        assertEquals(List.of("starter/init", "starter/tick", "starter/extra", "starter/tick", "starter/extra"),
                events());
        host().onFrame(w -> {
            Schedule main = gameHost.schedule("main").orElseThrow();
            main.disable(w, system(main, "starter/extra"));
            return null;
        });

        long before = host().mark();
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("mainSchedule", "main2");
        configAdmin.getConfiguration("dev.orrery.host", "?").update(props);
        host().awaitRebuild("main2", before, r -> r.plugins().contains("starter"));
        host().awaitCondition(() -> gameHost.mainSchedule().equals("main2"), () -> "the main schedule is now main2");

        clearTrace();
        host().step(2);
        assertEquals("OnStart does not run again and starter/extra stays disabled",
                List.of("starter/tick", "starter/tick"), events());
        boolean extraEnabled = host().onFrame(w -> {
            Schedule main2 = gameHost.schedule("main2").orElseThrow();
            return main2.isEnabled(w, system(main2, "starter/extra"));
        });
        assertFalse("starter/extra stays disabled under the new name", extraEnabled);
    }

    @Test
    public void stepOfIntegerMaxValueTwiceDoesNotWrap() throws Exception {
        host().awaitMainSchedule();
        long start = gameHost.status().frames();
        CompletableFuture<Long> first = gameHost.step(Integer.MAX_VALUE).toCompletableFuture();
        CompletableFuture<Long> second = gameHost.step(Integer.MAX_VALUE).toCompletableFuture();
        host().awaitCondition(() -> gameHost.status().frames() >= start + 50, () -> "the steps run frames");
        assertFalse("the first request of 2^31-1 frames is not done after 50: " + first, first.isDone());
        assertFalse("the second request (2^32-2 frames in all) is not done after 50: " + second, second.isDone());
        second.cancel(false);
        first.cancel(false);
        long a = host().onFrame(w -> gameHost.status().frames());
        long b = host().onFrame(w -> gameHost.status().frames());
        assertEquals("no frame runs once both requests are cancelled", a, b);
        assertEquals(RunState.PAUSED, gameHost.status().state());
        assertEquals("stepping works again", b + 1, host().step(1));
    }

    private static EcsSystem system(Schedule schedule, String name) {
        return schedule.systems().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    private ServiceReference<?> observerRef(String id) {
        try {
            ServiceReference<?>[] refs = context.getServiceReferences(ScheduleHooks.class.getName(), "(case=" + id + ")");
            return refs == null ? null : refs[0];
        } catch (org.osgi.framework.InvalidSyntaxException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private void faultConfig(String pid, String id, String place, String kind) throws Exception {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("case", id);
        props.put("place", place);
        props.put("kind", kind);
        configAdmin.createFactoryConfiguration(pid, "?").update(props);
    }

    private void arm(String id, boolean fail) throws Exception {
        host().onFrame(w -> {
            w.add(Trace.TRAIT).setFailing(id, fail);
            return null;
        });
    }
}
