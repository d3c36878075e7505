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
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
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
 * change keeps disabled systems disabled and does not rerun OnStart; {@code step(Integer.MAX_VALUE)}
 * twice does not wrap. The host's log is captured (no stack trace printed) and asserted on.
 */
@RunWith(PaxExam.class)
public class HotPlugScenariosIT extends HostTestBase {
    @Inject
    protected ConfigurationAdmin configAdmin;

    @Configuration
    public Option[] config() {
        return options(HostOptions.base(20, 200));
    }

    @Test
    public void newcomerWithADuplicateSystemNameIsRefusedAndTheRunningPluginKeepsRunning() throws Exception {
        try (HostLog log = HostLog.capture()) {
            awaitMainSchedule();
            start("zzz-old");
            awaitPlugin("zzz-old", PluginState.ACTIVE);
            step(1);
            assertEquals(List.of("dup/sys", "old/other"), events());

            long before = lastSequence();
            start("aaa-new");
            PluginStatus refused = awaitPlugin("aaa-new", PluginState.EXCLUDED);
            RebuildInfo rebuild = awaitRebuild("main", before, r -> r.excluded().stream()
                    .anyMatch(p -> p.name().equals("aaa-new")));
            assertEquals("the running plugin stays: " + rebuild, List.of("zzz-old"), rebuild.plugins());
            assertEquals(rebuild.summary(), List.of(), rebuild.left());
            assertEquals(PluginState.ACTIVE, plugin("zzz-old").orElseThrow().state());
            assertTrue("the reason names the system and both plugins: " + refused.reason(),
                    refused.reason().contains("dup/sys") && refused.reason().contains("zzz-old"));
            assertEquals("itest.aaa-new/1.0.0", refused.bundle());

            clearTrace();
            step(2);
            assertEquals("the running plugin's systems, both of them, keep running; the newcomer's does not",
                    List.of("dup/sys", "old/other", "dup/sys", "old/other"), events());
            assertFalse("the host logs the refusal naming the newcomer: " + log.lines(),
                    log.linesWith("aaa-new").isEmpty());
            assertEquals("no stack trace: " + log.lines(), 0, log.stackTraces());
        }
    }

    @Test
    public void newcomerClosingACycleThroughSharedSetsIsRefusedAndNamedNotTheInnocent() throws Exception {
        try (HostLog log = HostLog.capture()) {
            awaitMainSchedule();
            start("set-core");
            start("zzz-innocent");
            awaitPlugin("set-core", PluginState.ACTIVE);
            awaitPlugin("zzz-innocent", PluginState.ACTIVE);
            step(1);
            assertEquals(List.of("innocent/sys"), events());

            long before = lastSequence();
            start("aaa-culprit");
            PluginStatus culprit = awaitPlugin("aaa-culprit", PluginState.EXCLUDED);
            RebuildInfo rebuild = awaitRebuild("main", before, r -> r.excluded().stream()
                    .anyMatch(p -> p.name().equals("aaa-culprit")));
            assertEquals(rebuild.summary(), List.of(), rebuild.left());
            assertEquals(PluginState.ACTIVE, plugin("zzz-innocent").orElseThrow().state());
            assertEquals(PluginState.ACTIVE, plugin("set-core").orElseThrow().state());
            assertTrue("the reason names the culprit's system and the running plugin it conflicts with: "
                    + culprit.reason(), culprit.reason().contains("culprit/sys")
                    && culprit.reason().contains("zzz-innocent"));

            clearTrace();
            step(2);
            assertEquals(List.of("innocent/sys", "innocent/sys"), events());
            assertEquals("no stack trace: " + log.lines(), 0, log.stackTraces());
        }
    }

    @Test
    public void stackOverflowInASystemPausesWithTheSystemNamedAndTheHostLives() throws Exception {
        try (HostLog log = HostLog.capture()) {
            awaitMainSchedule();
            start("good");
            start("fault");
            faultConfig(FaultPlugin.PID, "overflow", "run", "STACK_OVERFLOW");
            awaitPlugin("overflow", PluginState.ACTIVE);
            awaitPlugin("good", PluginState.ACTIVE);
            step(2);
            List<String> before = events();
            assertEquals(List.of("good/tick", "overflow/sys", "good/tick", "overflow/sys"), before);

            arm("overflow", true);
            try {
                step(1);
                fail("the step must fail with the fault");
            } catch (ExecutionException e) {
                assertTrue(String.valueOf(e.getCause()), e.getCause() instanceof SystemFaultException);
            }
            assertEquals(RunState.PAUSED, host.status().state());
            SystemFault fault = host.status().fault().orElseThrow();
            assertEquals(fault.describe(), "overflow/sys", fault.system());
            assertEquals(fault.describe(), "overflow", fault.plugin());
            assertEquals(fault.describe(), StackOverflowError.class.getName(), fault.errorType());
            assertEquals(fault.describe(), SystemFault.STAGE_RUN, fault.stage());
            ServiceReference<GameHost> registered = ctx.getServiceReference(GameHost.class);
            assertNotNull("the GameHost service stays registered", registered);
            assertEquals("the world is intact and submit works", before, events().subList(0, before.size()));
            assertEquals("one host log line names the system: " + log.lines(), 1,
                    log.linesWith("'overflow/sys'").size());
            assertTrue("one stack trace at most: " + log.lines(), log.stackTraces() <= 1);

            arm("overflow", false);
            long from = host.status().frames();
            host.resume();
            await(() -> host.status().frames() >= from + 3, () -> "frames advance after resume");
            host.pause();
            await(() -> host.status().state() == RunState.PAUSED, () -> "paused again");
        }
    }

    @Test
    public void throwingObserverIsQuarantinedNoSystemIsBlamedAndTheGameGoesOn() throws Exception {
        try (HostLog log = HostLog.capture()) {
            awaitMainSchedule();
            start("good");
            start("fault");
            faultConfig(FaultHooks.PID, "observer", "after-system", "RUNTIME");
            awaitPlugin("good", PluginState.ACTIVE);
            await(() -> observerRef("observer") != null, () -> "the observer service was never registered");
            long serviceId = (Long) observerRef("observer").getProperty("service.id");
            await(() -> {
                try {
                    step(1);
                    return events().contains("observer:after");
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            }, () -> "the observer was never called");
            clearTrace();
            arm("observer", true);
            long from = host.status().frames();
            assertEquals("three frames ran although the observer threw", from + 3, step(3));
            assertFalse("no system is blamed: " + host.status().lastFault(), host.status().fault().isPresent());
            assertEquals("the game system ran in every frame", List.of("good/tick", "good/tick", "good/tick"),
                    events());
            ObserverStatus observer = host.observers().stream()
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
        awaitMainSchedule();
        start("starter");
        awaitPlugin("starter", PluginState.ACTIVE);
        step(2);
        assertEquals(List.of("starter/init", "starter/tick", "starter/extra", "starter/tick", "starter/extra"),
                events());
        onFrame(w -> {
            Schedule main = host.schedule("main").orElseThrow();
            main.disable(w, system(main, "starter/extra"));
            return null;
        });

        long before = lastSequence();
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("mainSchedule", "main2");
        configAdmin.getConfiguration("dev.orrery.host", "?").update(props);
        awaitRebuild("main2", before, r -> r.plugins().contains("starter"));
        await(() -> host.mainSchedule().equals("main2"), () -> "the main schedule is now main2");

        clearTrace();
        step(2);
        assertEquals("OnStart does not run again and starter/extra stays disabled",
                List.of("starter/tick", "starter/tick"), events());
        boolean extraEnabled = onFrame(w -> {
            Schedule main2 = host.schedule("main2").orElseThrow();
            return main2.isEnabled(w, system(main2, "starter/extra"));
        });
        assertFalse("starter/extra stays disabled under the new name", extraEnabled);
    }

    @Test
    public void stepOfIntegerMaxValueTwiceDoesNotWrap() throws Exception {
        awaitMainSchedule();
        long start = host.status().frames();
        CompletableFuture<Long> first = host.step(Integer.MAX_VALUE).toCompletableFuture();
        CompletableFuture<Long> second = host.step(Integer.MAX_VALUE).toCompletableFuture();
        await(() -> host.status().frames() >= start + 50, () -> "the steps run frames");
        assertFalse("the first request of 2^31-1 frames is not done after 50: " + first, first.isDone());
        assertFalse("the second request (2^32-2 frames in all) is not done after 50: " + second, second.isDone());
        second.cancel(false);
        first.cancel(false);
        long a = onFrame(w -> host.status().frames());
        long b = onFrame(w -> host.status().frames());
        assertEquals("no frame runs once both requests are cancelled", a, b);
        assertEquals(RunState.PAUSED, host.status().state());
        assertEquals("stepping works again", b + 1, step(1));
    }

    private static EcsSystem system(Schedule schedule, String name) {
        return schedule.systems().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    private ServiceReference<?> observerRef(String id) {
        try {
            ServiceReference<?>[] refs = ctx.getServiceReferences(ScheduleHooks.class.getName(), "(case=" + id + ")");
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
        onFrame(w -> {
            w.add(Trace.TRAIT).setFailing(id, fail);
            return null;
        });
    }
}
