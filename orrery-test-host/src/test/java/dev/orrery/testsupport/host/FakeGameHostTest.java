package dev.orrery.testsupport.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RunState;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Schedule;
import dev.orrery.testsupport.concurrent.QueuedExecutor;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class FakeGameHostTest {
    private final FakeGameHost host = new FakeGameHost();
    private final int[] runs = new int[1];

    private PluginStatus plugin(String name) {
        return PluginStatus.builder().name(name).schedule("main").bundle("b/1").serviceId(1).state(PluginState.ACTIVE)
                .build();
    }

    @Test
    void startsPausedAtFrameZeroWithNothingInForce() {
        assertEquals(RunState.PAUSED, host.status().state());
        assertEquals(0, host.status().frames());
        assertEquals("main", host.mainSchedule());
        assertTrue(host.schedules().get("main").isEmpty());
        assertEquals(List.of(), host.plugins());
        assertEquals(0, host.changes());
    }

    @Test
    void everyReportedChangeMovesTheTokenButFramesAloneDoNot() {
        host.addPlugin(plugin("a"));
        host.put(Schedule.builder("main").build());
        host.setState(RunState.RUNNING);
        assertEquals(3, host.changes());
        host.setFrames(40);
        host.advanceFrames(2);
        assertEquals(3, host.changes());
        assertEquals(42, host.status().frames());
        host.resume(); // already running: no change
        host.pause();
        assertEquals(4, host.changes());
        assertEquals(List.of(HostCall.of(HostCall.Kind.RESUME), HostCall.of(HostCall.Kind.PAUSE)), host.calls());
    }

    @Test
    void aWaitCompletesWhenTheTokenMovesPastItOnTheNotifier() throws Exception {
        QueuedExecutor notifier = new QueuedExecutor();
        host.setNotifier(notifier);
        CompletableFuture<Long> wait = host.awaitChange(host.changes()).toCompletableFuture();
        assertEquals(1, host.openWaits());
        host.addPlugin(plugin("a"));
        assertFalse(wait.isDone(), "completed on the notifier, not before");
        notifier.runAll();
        assertEquals(1L, wait.get());
        assertTrue(host.awaitChange(0).toCompletableFuture().isDone(), "a token already past completes at once");
    }

    @Test
    void aCancelledWaitIsNoLongerOpen() {
        host.awaitChange(0).toCompletableFuture().cancel(false);
        assertEquals(0, host.openWaits());
        assertEquals(1, host.count(HostCall.Kind.AWAIT_CHANGE));
    }

    @Test
    void stoppingCompletesTheOpenWaitsOnceThenRefusesWaitsStepsAndWork() {
        CompletableFuture<Long> open = host.awaitChange(0).toCompletableFuture();
        host.stop();
        assertEquals(1L, open.join());
        ExecutionException e = assertThrows(ExecutionException.class, () -> host.awaitChange(1).toCompletableFuture().get());
        assertEquals("the Orrery host is stopped: its change token no longer moves", e.getCause().getMessage());
        assertEquals("step: the Orrery host is stopped", cause(host.step(1).toCompletableFuture()).getMessage());
        assertEquals("the Orrery host is stopped; work was not run",
                cause(host.submit(w -> 1).toCompletableFuture()).getMessage());
        host.addPlugin(plugin("late"));
        assertEquals(1, host.changes(), "a stopped host's token no longer moves");
    }

    @Test
    void stepsRunTheMainScheduleCountOrAreHeldAndARunningHostRefuses() {
        host.put(Schedule.builder("main").systems(EcsSystem.define("count", (w, dt) -> runs[0]++)).build());
        assertEquals(2L, host.step(2).toCompletableFuture().join());
        assertEquals(2, runs[0]);
        host.setSteps(FakeGameHost.Steps.COUNT);
        assertEquals(1_000_002L, host.step(1_000_000).toCompletableFuture().join());
        assertEquals(2, runs[0]);
        host.setSteps(FakeGameHost.Steps.HOLD);
        CompletableFuture<Long> held = host.step(5).toCompletableFuture();
        assertFalse(held.isDone());
        assertEquals(List.of(held), host.heldSteps());
        host.setState(RunState.RUNNING);
        assertEquals("step: the simulation is running; pause it first",
                cause(host.step(1).toCompletableFuture()).getMessage());
        assertEquals(List.of(2, 1_000_000, 5, 1), host.stepRequests());
        assertEquals("step: frames must be >= 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> host.step(0)).getMessage());
    }

    @Test
    void workRunsAtOnceOnTheWorldOrIsHeldAndItsFailureIsTheStagesFailure() throws InterruptedException {
        assertEquals(0, host.submit(w -> w.entityCount()).toCompletableFuture().join());
        IllegalStateException boom = new IllegalStateException("boom");
        assertEquals(boom, cause(host.submit(w -> {
            throw boom;
        }).toCompletableFuture()));
        host.setHoldWork(true);
        CompletableFuture<Integer> held = host.submit(w -> 1).toCompletableFuture();
        assertFalse(held.isDone());
        assertEquals(held, host.lastHeld());
        assertEquals(3, host.count(HostCall.Kind.SUBMIT));
    }

    @Test
    void hooksRunWhenTheStatusIsReadAndWhenAWaitIsRegistered() throws Exception {
        host.whenStatusRead(h -> h.advanceFrames(1));
        assertEquals(1, host.status().frames());
        assertEquals(2, host.status().frames());
        host.whenAwaited(h -> h.addPlugin(plugin("came")));
        assertEquals(1L, host.awaitChange(0).toCompletableFuture().get());
        assertEquals(1, host.plugins().size());
    }

    @Test
    void aHeldStepCanBeAwaitedFromAnotherThread() throws Exception {
        host.setSteps(FakeGameHost.Steps.HOLD);
        Thread stepper = new Thread(() -> host.step(3));
        stepper.start();
        CompletableFuture<Long> held = host.awaitHeldStep(Duration.ofSeconds(30));
        stepper.join();
        assertFalse(held.isDone());
        AssertionError e = assertThrows(AssertionError.class, () -> new FakeGameHost().awaitHeldStep(Duration.ZERO));
        assertEquals("no step was asked for within PT0S; calls: []", e.getMessage());
    }

    @Test
    void aShutdownRequestIsRecordedAndStopsTheHost() {
        host.requestRebuild();
        host.requestShutdown("battle over");
        assertEquals(RunState.STOPPED, host.status().state());
        assertEquals(List.of(HostCall.of(HostCall.Kind.REQUEST_REBUILD), HostCall.of(HostCall.Kind.REQUEST_SHUTDOWN)),
                host.calls());
        assertThrows(NullPointerException.class, () -> host.requestShutdown(null));
    }

    private static Throwable cause(CompletableFuture<?> f) {
        ExecutionException e = assertThrows(ExecutionException.class, f::get);
        return assertInstanceOf(RuntimeException.class, e.getCause());
    }
}
