package dev.orrery.host.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.ops4j.pax.exam.CoreOptions.frameworkProperty;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.HostStatus;
import dev.orrery.host.ObserverStatus;
import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RunState;
import dev.orrery.host.SystemFault;
import dev.orrery.host.SystemFaultException;
import dev.orrery.host.itest.plugins.fault.FaultHooks;
import dev.orrery.host.itest.plugins.fault.FaultKind;
import dev.orrery.host.itest.plugins.fault.FaultPlace;
import dev.orrery.host.itest.plugins.fault.FaultPlugin;
import dev.orrery.host.itest.support.StagingProbe;
import dev.orrery.host.itest.support.Trace;
import dev.orrery.host.itest.support.WorldStructure;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunFailure;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.testkit.osgi.ConsoleCapture;
import dev.orrery.testkit.osgi.HostDriver;
import dev.orrery.testkit.osgi.LogCapture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import javax.inject.Inject;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.osgi.framework.Bundle;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;

/**
 * The fault-injection matrix: no fault of a plugin stops, stalls or evicts anything else. Every {@link FaultKind}
 * (RuntimeException, Error, StackOverflowError, LinkageError) at every {@link FaultPlace} (system run
 * function, run condition, set condition; run function, run condition and init function after they
 * staged structural changes; observer before/after, plugin {@code phases()/sets()/systems()/name()},
 * DS activate, rebuild), one framework boot for all 56 cases: the fault plugin and fault observer are components of one bundle ({@code itest.fault}), one
 * instance per factory configuration, so each case creates a configuration and deletes it after.
 *
 * <p>Each case asserts: the culprit is named (the fault's system, plugin and stage; the plugin
 * EXCLUDED with the reason; the observer quarantined with its service id and bundle; the failed
 * component EXCLUDED and in the host's log), frames keep advancing (after {@code resume} where the fault pauses),
 * the world values written before the fault are intact, and the host logs at most one stack trace
 * per fault. The cases that throw after staging also assert that, once the host paused and named the
 * culprit, the world's live entities, their traits and archetypes are exactly those of the last
 * publish: a snapshot the thrower took of the committed world before it staged ({@link StagingProbe})
 * equals a snapshot of the world after the fault, and the handles its staged spawns reserved are
 * not alive. The host's log is captured ({@link LogCapture}), so the run prints none. Every case runs
 * even when an earlier one fails; the test then fails with one line per failed case.
 */
@RunWith(PaxExam.class)
public class FaultMatrixIT extends HostItBase {
    /** A safety limit per wait, as generous as the driver's: a green run never reaches it. */
    private static final long CASE_WAIT_MILLIS = 15_000;
    private static final String BUNDLE = "itest.fault/1.0.0";
    /** StackOverflowError last: a host that dies of it would leave no host for the later cases. */
    private static final List<FaultKind> KINDS = List.of(FaultKind.RUNTIME, FaultKind.ERROR, FaultKind.LINKAGE,
            FaultKind.STACK_OVERFLOW);

    @Inject
    protected ConfigurationAdmin configAdmin;

    @Inject
    protected ServiceComponentRuntime scr;

    private final Map<String, org.osgi.service.cm.Configuration> configs = new HashMap<>();
    private Bundle alpha;

    @Configuration
    public Option[] config() {
        // SCR's own log of the injected activate failures (a stack trace each, twice per case) is off:
        // the host must name the failed component itself, and the run prints no stack traces.
        return options(platform(20, 200), frameworkProperty("ds.log.enabled").value("false"));
    }

    @Test
    public void everyFaultKindAtEveryPlaceIsContainedNamedAndLeavesTheGameRunning() throws Exception {
        try (LogCapture log = LogCapture.of("dev.orrery.host", System.Logger.Level.INFO)) {
            host().awaitMainSchedule();
            start("good");
            start("fault");
            alpha = install("alpha");
            host().awaitPlugin("good", PluginState.ACTIVE);
            List<String> failures = new ArrayList<>();
            int cases = 0;
            String stoppedBy = null;
            for (FaultKind kind : KINDS) {
                for (FaultPlace place : FaultPlace.values()) {
                    cases++;
                    String id = "f-" + place.key() + "-" + kind.name().toLowerCase(Locale.ROOT).replace('_', '-');
                    if (stoppedBy != null) {
                        failures.add(id + ": not run, the host was stopped by case " + stoppedBy);
                        continue;
                    }
                    log.clear();
                    try {
                        runCase(id, place, kind, log);
                    } catch (AssertionError | Exception e) {
                        failures.add(id + ": " + e + (e.getCause() == null ? "" : " (cause: " + e.getCause() + ")"));
                    } finally {
                        if (gameHost.status().state() == RunState.STOPPED) {
                            stoppedBy = id;
                        } else {
                            cleanUp(id, failures);
                        }
                    }
                }
            }
            if (!failures.isEmpty()) {
                fail(failures.size() + " of " + cases + " fault cases failed:\n  " + String.join("\n  ", failures));
            }
        }
    }

    private void runCase(String id, FaultPlace place, FaultKind kind, LogCapture log) throws Exception {
        switch (place) {
            case RUN, CONDITION, SET_CONDITION, STAGED_RUN, STAGED_CONDITION -> systemFault(id, place, kind, log);
            case STAGED_INIT -> initFault(id, kind, log);
            case BEFORE_SYSTEM, AFTER_SYSTEM -> observerFault(id, place, kind, log);
            case PHASES, SETS, SYSTEMS, NAME -> pluginDataFault(id, place, kind, log);
            case ACTIVATE -> activateFault(id, kind, log);
            case REBUILD -> rebuildFault(id, kind, log);
            default -> throw new AssertionError("no case for " + place);
        }
    }

    // ---------------------------------------------------------------- the places

    /** Run function, run condition, set condition: the simulation pauses with the culprit named. */
    private void systemFault(String id, FaultPlace place, FaultKind kind, LogCapture log) throws Exception {
        String sys = id + "/sys";
        configure(FaultPlugin.PID, id, place, kind);
        within(() -> host().plugin(id).map(p -> p.state() == PluginState.ACTIVE).orElse(false),
                () -> "plugin '" + id + "' never became ACTIVE: " + host().plugin(id));
        List<String> before = markAndStep(id, 2);
        assertEquals("the fault plugin ran twice before the fault: " + before, 2, count(before, sys));
        long framesBefore = gameHost.status().frames();

        arm(id, true);
        SystemFault fault = stepIntoFault(id, framesBefore, kind);
        RunFailure.Stage expectedStage = switch (place) {
            case RUN, STAGED_RUN -> RunFailure.Stage.RUN;
            case CONDITION, STAGED_CONDITION -> RunFailure.Stage.CONDITION;
            default -> RunFailure.Stage.SET_CONDITION;
        };
        assertEquals(fault.describe(), Optional.of(expectedStage), fault.stage());
        assertEquals(fault.describe(), expectedStage == RunFailure.Stage.SET_CONDITION ? Optional.of(id + "/set")
                : Optional.empty(), fault.set());
        assertEquals("the world values written before the fault are intact", before,
                prefix(events(), before.size()));
        assertFalse("the host's log names the system: " + log.lines(), log.linesWith("'" + sys + "'").isEmpty());
        assertOneStackTraceAtMost(log);
        if (place == FaultPlace.STAGED_RUN || place == FaultPlace.STAGED_CONDITION) {
            assertWorldIsTheLastPublish(id);
        }

        arm(id, false);
        resumeForFramesThenPause(3);
        List<String> after = events();
        assertEquals("the world values written before the fault are intact after resume", before,
                prefix(after, before.size()));
        assertTrue("the fault plugin runs again after resume: " + tail(after), count(after, sys) > 2);
    }

    /**
     * An init function that stages structural changes and then throws: the first frame with the
     * plugin pauses the simulation naming the system and stage INIT, the world is the last publish,
     * and after resume the init is tried again and the system runs.
     */
    private void initFault(String id, FaultKind kind, LogCapture log) throws Exception {
        String sys = id + "/sys";
        arm(id, true); // before the plugin arrives: its init runs on its first frame
        List<String> before = markAndStep(id, 1);
        configure(FaultPlugin.PID, id, FaultPlace.STAGED_INIT, kind);
        within(() -> host().plugin(id).map(p -> p.state() == PluginState.ACTIVE).orElse(false),
                () -> "plugin '" + id + "' never became ACTIVE: " + host().plugin(id));
        SystemFault fault = stepIntoFault(id, gameHost.status().frames(), kind);
        assertEquals(fault.describe(), Optional.of(RunFailure.Stage.INIT), fault.stage());
        assertEquals("the world values written before the fault are intact", before, prefix(events(), before.size()));
        assertFalse("the host's log names the system: " + log.lines(), log.linesWith("'" + sys + "'").isEmpty());
        assertOneStackTraceAtMost(log);
        assertWorldIsTheLastPublish(id);

        arm(id, false);
        resumeForFramesThenPause(3);
        List<String> after = events();
        assertTrue("the system runs after resume, its init tried again: " + tail(after), count(after, sys) > 0);
    }

    /** An observer that throws is quarantined, no system is blamed, and the game goes on. */
    private void observerFault(String id, FaultPlace place, FaultKind kind, LogCapture log) throws Exception {
        configure(FaultHooks.PID, id, place, kind);
        long serviceId = serviceId(ScheduleHooks.class, id);
        String called = id + (place == FaultPlace.BEFORE_SYSTEM ? ":before" : ":after");
        // The observer is called once the schedule rebuilt with it is swapped in.
        within(() -> {
            try {
                host().step(1);
                return events().contains(called);
            } catch (Exception e) {
                throw new AssertionError("stepping until the observer is called: " + e, e);
            }
        }, () -> "observer '" + id + "' was never called");
        List<String> before = markAndStep(id, 2);
        SystemFault faultBefore = gameHost.status().lastFault();
        long framesBefore = gameHost.status().frames();

        arm(id, true);
        long frames = host().step(3);
        assertEquals("three frames ran although the observer threw", framesBefore + 3, frames);
        HostStatus status = gameHost.status();
        assertEquals("an observer fault does not pause the game (it was paused for stepping)", RunState.PAUSED,
                status.state());
        assertTrue("no system is blamed: " + status.lastFault(), Objects.equals(faultBefore, status.lastFault()));
        ObserverStatus observer = gameHost.observers().stream()
                .filter(o -> o.serviceId() == serviceId).findFirst()
                .orElseThrow(() -> new AssertionError("observer " + serviceId + " is not in GameHost.observers()"));
        assertTrue("observer quarantined: " + observer, observer.quarantined());
        assertEquals(observer.toString(), BUNDLE, observer.bundle());
        assertFalse("the quarantine has a reason: " + observer, observer.reason().isEmpty());
        List<String> after = events();
        assertEquals("the world values written before the fault are intact", before, prefix(after, before.size()));
        List<String> since = after.subList(before.size(), after.size());
        assertEquals("the game system ran in each of the three frames: " + since, 3, count(since, "good/tick"));
        assertEquals("the quarantined observer is not called again: " + since, 0,
                since.stream().filter(e -> e.startsWith(id + ":")).count());
        assertEquals("one line names the observer's service id " + serviceId + ": " + log.lines(), 1,
                log.linesNaming(serviceId, "itest.fault").size());
        assertOneStackTraceAtMost(log);
    }

    /** A plugin whose data accessor throws is EXCLUDED with the reason; the game goes on. */
    private void pluginDataFault(String id, FaultPlace place, FaultKind kind, LogCapture log) throws Exception {
        SystemFault faultBefore = gameHost.status().lastFault();
        configure(FaultPlugin.PID, id, place, kind);
        long serviceId = serviceId(Plugin.class, id);
        within(() -> byServiceId(serviceId).map(p -> p.state() == PluginState.EXCLUDED).orElse(false),
                () -> "plugin service " + serviceId + " (" + id + ") never became EXCLUDED: " + byServiceId(serviceId));
        PluginStatus status = byServiceId(serviceId).orElseThrow();
        assertEquals(status.toString(), BUNDLE, status.bundle());
        assertTrue("the reason names the fault " + kind.type().getSimpleName() + ": " + status,
                status.reason().contains(kind.type().getSimpleName()));
        if (place != FaultPlace.NAME) {
            assertEquals(status.toString(), id, status.name());
        }

        List<String> before = markAndStep(id, 2);
        assertEquals("the game system keeps running: " + before, 2, count(before, "good/tick"));
        assertEquals("the excluded plugin's system does not run: " + before, 0, count(before, id + "/sys"));
        assertTrue("no system is blamed", Objects.equals(faultBefore, gameHost.status().lastFault()));
        assertOneStackTraceAtMost(log);
    }

    /**
     * A plugin component whose activate throws: the host names it in one log line and lists it as
     * EXCLUDED with SCR's failure as the reason; the game goes on.
     */
    private void activateFault(String id, FaultKind kind, LogCapture log) throws Exception {
        // The framework raises an ERROR event when the host asks for the failed component's service
        // ("Service factory returned null"), and Pax Exam prints it with a stack trace: captured here,
        // so a green run shows none.
        try (ConsoleCapture console = ConsoleCapture.open()) {
            activateFaultCaptured(id, kind, log);
            within(() -> console.lines().stream().anyMatch(l -> l.contains("Service factory returned null")),
                    () -> "the framework's ERROR event for " + id + " was not printed: " + console.lines());
        }
    }

    private void activateFaultCaptured(String id, FaultKind kind, LogCapture log) throws Exception {
        configure(FaultPlugin.PID, id, FaultPlace.ACTIVATE, kind);
        within(() -> failedActivation(id).isPresent(), () -> "SCR never reported the failed activation of " + id);
        String failure = failedActivation(id).orElseThrow().failure;
        assertTrue("SCR's failure names the fault: " + failure, failure != null
                && failure.contains(kind.type().getSimpleName()));
        within(() -> log.lines().stream().anyMatch(l -> l.contains("itest.fault") && l.contains("FaultPlugin")),
                () -> "the host never logged the failed component of bundle itest.fault: " + log.lines());
        within(() -> gameHost.plugins().stream().anyMatch(p -> p.bundle().equals(BUNDLE)),
                () -> "the failed plugin component is not in GameHost.plugins(): " + gameHost.plugins());
        PluginStatus status = gameHost.plugins().stream().filter(p -> p.bundle().equals(BUNDLE)).findFirst().orElseThrow();
        assertEquals("the plugin whose activate threw is EXCLUDED: " + status, PluginState.EXCLUDED, status.state());
        assertTrue("its reason names the fault " + kind.type().getSimpleName() + ": " + status,
                status.reason().contains(kind.type().getSimpleName()));
        List<String> before = markAndStep(id, 2);
        assertEquals("the game system keeps running: " + before, 2, count(before, "good/tick"));
        assertOneStackTraceAtMost(log);
    }

    /**
     * Accessors that throw on every call after the first: the host reads plugin data once per service
     * registration, so rebuilds (forced, and for another plugin's arrival and departure) keep the
     * plugin as it was, ACTIVE, with nothing logged.
     */
    private void rebuildFault(String id, FaultKind kind, LogCapture log) throws Exception {
        configure(FaultPlugin.PID, id, FaultPlace.REBUILD, kind);
        within(() -> host().plugin(id).map(p -> p.state() == PluginState.ACTIVE).orElse(false),
                () -> "plugin '" + id + "' never became ACTIVE: " + host().plugin(id));
        List<String> before = markAndStep(id, 1);
        long seq = host().mark();
        gameHost.requestRebuild();
        within(() -> !host().rebuildsAfter("main", seq).isEmpty(), () -> "the requested rebuild never came");
        long seq2 = host().mark();
        alpha.start();
        within(() -> host().rebuildsAfter("main", seq2).stream().anyMatch(r -> r.joined().contains("alpha")),
                () -> "alpha never joined");
        long seq3 = host().mark();
        alpha.stop();
        within(() -> host().rebuildsAfter("main", seq3).stream().anyMatch(r -> r.left().contains("alpha")),
                () -> "alpha never left");
        PluginStatus status = host().plugin(id).orElseThrow(() -> new AssertionError("plugin '" + id + "' is gone"));
        assertEquals("the plugin's data was read once, so rebuilds keep it: " + status, PluginState.ACTIVE,
                status.state());
        List<String> after = markAndStep(id, 2);
        assertEquals("its system still runs: " + after, 2, count(after, id + "/sys"));
        assertEquals("the first frame's value is intact", before.get(0), "mark:" + id);
        assertEquals("no stack trace: no plugin code ran in a rebuild: " + log.lines(), 0, log.stackTraces());
    }

    // ---------------------------------------------------------------- helpers

    /**
     * Steps one frame, which must fail with the armed fault of case {@code id}'s system: the
     * simulation pauses and the fault names the system, the plugin, schedule main, the frame and the
     * error type.
     *
     * @return the recorded fault, for the checks of its place
     */
    private SystemFault stepIntoFault(String id, long framesBefore, FaultKind kind) throws Exception {
        try {
            gameHost.step(1).toCompletableFuture().get(WAIT_MILLIS, TimeUnit.MILLISECONDS);
            fail("the step must fail with the fault");
        } catch (ExecutionException e) {
            assertTrue("the step failed with " + e.getCause(), e.getCause() instanceof SystemFaultException);
        }
        HostStatus status = gameHost.status();
        assertEquals("the fault pauses the simulation", RunState.PAUSED, status.state());
        SystemFault fault = status.fault().orElseThrow(() -> new AssertionError("no fault recorded"));
        assertEquals(fault.describe(), Optional.of(id + "/sys"), fault.system());
        assertEquals(fault.describe(), Optional.of(id), fault.plugin());
        assertEquals(fault.describe(), Optional.of("main"), fault.schedule());
        assertEquals(fault.describe(), framesBefore + 1, fault.frame());
        assertEquals(fault.describe(), kind.type().getName(), fault.errorType());
        return fault;
    }

    /**
     * The world after a fault that came after staging has exactly the structure of the last publish:
     * the thrower's snapshot of the committed world before it staged equals the world now (taken by a
     * frame task, outside dispatch), and no handle of its staged spawns is alive.
     */
    private void assertWorldIsTheLastPublish(String id) {
        StagingProbe.Staged staged = host().onFrame(w -> w.add(StagingProbe.TRAIT).staged(id))
                .orElseThrow(() -> new AssertionError("case " + id + " never staged before it threw"));
        WorldStructure lastPublish = staged.lastPublish();
        WorldStructure now = host().onFrame(WorldStructure::of);
        assertTrue("the last publish holds entities the staged ops moved and destroyed: " + lastPublish,
                lastPublish.archetypes().stream().anyMatch(a -> a.contains(StagingProbe.MARK.name())));
        assertEquals("the world after the fault is the last publish (" + lastPublish.differences(now) + ")",
                lastPublish, now);
        for (long e : staged.reserved()) {
            assertFalse("the handle " + Long.toHexString(e) + " of a staged spawn was released",
                    host().onFrame(w -> w.isAlive(e)));
        }
    }

    private void configure(String pid, String id, FaultPlace place, FaultKind kind) throws Exception {
        org.osgi.service.cm.Configuration c = configAdmin.createFactoryConfiguration(pid, "?");
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("case", id);
        props.put("place", place.key());
        props.put("kind", kind.name());
        configs.put(id, c);
        c.update(props);
    }

    private void cleanUp(String id, List<String> failures) {
        try {
            if (gameHost.status().state() == RunState.RUNNING) {
                gameHost.pause();
                within(() -> gameHost.status().state() == RunState.PAUSED, () -> "the host never paused");
            }
            arm(id, false);
            org.osgi.service.cm.Configuration c = configs.remove(id);
            if (c != null) {
                c.delete();
            }
            within(() -> refs(Plugin.class, id).length == 0 && refs(ScheduleHooks.class, id).length == 0,
                    () -> "the services of " + id + " are still registered");
            within(() -> gameHost.plugins().stream().noneMatch(p -> p.bundle().equals(BUNDLE)),
                    () -> "the plugins of bundle itest.fault are still tracked: " + gameHost.plugins());
        } catch (AssertionError | Exception e) {
            failures.add(id + " (clean-up): " + e);
        }
    }

    /** Clears the trace, records {@code mark:<id>}, runs {@code frames} frames; returns the trace. */
    private List<String> markAndStep(String id, int frames) throws Exception {
        host().onFrame(w -> {
            Trace t = w.add(Trace.TRAIT);
            t.clear();
            t.record("mark:" + id);
            return null;
        });
        host().step(frames);
        return events();
    }

    private void arm(String id, boolean fail) throws Exception {
        host().onFrame(w -> {
            w.add(Trace.TRAIT).setFailing(id, fail);
            return null;
        });
    }

    /** Resumes, waits until {@code frames} more frames ran, pauses again. */
    private void resumeForFramesThenPause(int frames) throws Exception {
        long from = gameHost.status().frames();
        gameHost.resume();
        within(() -> gameHost.status().frames() >= from + frames,
                () -> "frames did not advance after resume: " + gameHost.status());
        gameHost.pause();
        within(() -> gameHost.status().state() == RunState.PAUSED, () -> "the host never paused: " + gameHost.status());
        assertFalse("no new fault after resume: " + gameHost.status().lastFault(),
                gameHost.status().fault().map(f -> f.frame() > from).orElse(false));
    }

    private long serviceId(Class<?> type, String id) throws InterruptedException {
        within(() -> refs(type, id).length > 0, () -> "no " + type.getSimpleName() + " service for " + id);
        return (Long) refs(type, id)[0].getProperty("service.id");
    }

    private ServiceReference<?>[] refs(Class<?> type, String id) {
        try {
            ServiceReference<?>[] r = context.getServiceReferences(type.getName(), "(case=" + id + ")");
            return r == null ? new ServiceReference<?>[0] : r;
        } catch (org.osgi.framework.InvalidSyntaxException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private Optional<PluginStatus> byServiceId(long serviceId) {
        return gameHost.plugins().stream().filter(p -> p.serviceId() == serviceId).findFirst();
    }

    private Optional<ComponentConfigurationDTO> failedActivation(String id) {
        for (ComponentDescriptionDTO d : scr.getComponentDescriptionDTOs()) {
            if (!d.name.equals(FaultPlugin.class.getName())) {
                continue;
            }
            for (ComponentConfigurationDTO c : scr.getComponentConfigurationDTOs(d)) {
                if (id.equals(c.properties.get("case")) && c.state == ComponentConfigurationDTO.FAILED_ACTIVATION) {
                    return Optional.of(c);
                }
            }
        }
        return Optional.empty();
    }

    private static void assertOneStackTraceAtMost(LogCapture log) {
        assertTrue("at most one stack trace per fault in the host's log: " + log.lines(), log.stackTraces() <= 1);
    }

    private static long count(List<String> events, String event) {
        return events.stream().filter(event::equals).count();
    }

    private static List<String> prefix(List<String> events, int n) {
        return events.subList(0, Math.min(n, events.size()));
    }

    private static List<String> tail(List<String> events) {
        return events.subList(Math.max(0, events.size() - 10), events.size());
    }

    /**
     * Waits at most {@link #CASE_WAIT_MILLIS} for a condition, checked on each change of the host and
     * every {@value HostDriver#POLL_MILLIS} ms (for SCR's and the service registry's part): the kit's
     * {@link HostDriver#awaitCondition}, with this matrix's limit per case.
     */
    private void within(BooleanSupplier condition, Supplier<String> message) {
        new HostDriver(context, gameHost, probe(), Duration.ofMillis(CASE_WAIT_MILLIS)).awaitCondition(condition, message);
    }
}
