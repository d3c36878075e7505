package dev.orrery.host.internal.frame;

import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.testsupport.log.LogLine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.internal.plugins.ObserverProbe;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A departure whose wait times out while a system of the departing plugin runs says it cannot complete
 * until that frame returns, and interrupts the frame thread; one of another plugin's system does not.
 * The test thread plays the frame (a system that calls the departure) and the departing thread.
 */
class DepartureInterruptTest {
    private final FrameTasks tasks = new FrameTasks();
    private final RunProbe probe = new RunProbe();
    private final CapturedLog log = CapturedLog.create();
    private final World world = new World();
    private final DepartureInterrupts interrupts = new DepartureInterrupts();
    private final BoundaryHandoff handoff = new BoundaryHandoff(tasks, world, probe, new ObserverProbe(), log.logger(), () -> false,
            interrupts, Thread::currentThread, () -> null, () -> false);

    @Test
    @DisplayName("a plugin leaving while its own system runs: one line saying the departure waits for that frame, and an interrupt")
    void ownSystemIsInterrupted() {
        AtomicBoolean interrupted = new AtomicBoolean();
        Plugin net = Plugin.builder("net").systems(EcsSystem.define("net/accept", (w, dt) -> {
            handoff.awaitDeparture(() -> { }, 0, "net");
            interrupted.set(Thread.interrupted());
        })).build();
        Schedule.builder("main").plugins(net).probe(probe).build().run(world, 0.016);
        assertTrue(interrupted.get(), "the frame thread was interrupted");
        assertEquals(List.of("plugin 'net' left while its system 'net/accept' of schedule 'main' has run for more than 0 ms:"
                + " the departure cannot complete until that frame returns; the frame thread is interrupted, to end an"
                + " interruptible wait"), log.at(Level.WARNING).stream().map(LogLine::message).toList());
        assertTrue(interrupts.interrupted("net"));
        assertTrue(interrupts.takeOwnInterrupt());
        tasks.poll().run();
        assertFalse(interrupts.interrupted("net"), "in force at the boundary: no longer marked");
    }

    @Test
    @DisplayName("a plugin leaving while another plugin's system runs: the usual line, no interrupt")
    void anotherPluginsSystemIsNotInterrupted() {
        List<Boolean> interrupted = new ArrayList<>();
        Plugin other = Plugin.builder("other").systems(EcsSystem.define("other/slow", (w, dt) -> {
            handoff.awaitDeparture(() -> { }, 0, "net");
            interrupted.add(Thread.interrupted());
        })).build();
        Schedule.builder("main").plugins(other).probe(probe).build().run(world, 0.016);
        assertEquals(List.of(false), interrupted);
        assertEquals(List.of("plugin 'net' left while a frame took more than 0 ms (system 'other/slow' of schedule 'main'"
                + " is running); its systems stop at the end of that frame"),
                log.at(Level.WARNING).stream().map(LogLine::message).toList());
        assertFalse(interrupts.takeOwnInterrupt());
    }
}
