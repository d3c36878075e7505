package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.RunConfinement;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * A world is confined to one thread at a time: a run call on a world from a second thread while a
 * first one is inside a run call on it fails, naming both threads, and changes nothing; the first
 * thread's run goes on and loses no update. Deterministic: the first thread parks inside a system on
 * a latch while the second calls; no sleeps.
 */
class RunConfinementTest {
    /** A counter the systems increment (a world trait: a value in the world, like game state). */
    private static final Trait<int[]> COUNT = Trait.of("Count", () -> new int[1]);
    private static final long WAIT_MINUTES = 1;

    private final World world = new World();
    private final CountDownLatch parked = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final List<String> ran = Collections.synchronizedList(new ArrayList<>());
    private Thread runner;

    @AfterEach
    void stopRunner() throws InterruptedException {
        release.countDown();
        if (runner != null) {
            runner.join(TimeUnit.MINUTES.toMillis(WAIT_MINUTES));
        }
    }

    private EcsSystem counting(String name, Phase phase) {
        return EcsSystem.define(name, phase, (w, dt) -> {
            ran.add(name);
            w.add(COUNT)[0]++;
        });
    }

    /** A system that parks its thread until released, the first time it runs. */
    private EcsSystem parking() {
        return EcsSystem.define("park", (w, dt) -> {
            ran.add("park");
            if (parked.getCount() > 0) {
                parked.countDown();
                await(release);
            }
        });
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(WAIT_MINUTES, TimeUnit.MINUTES), "latch not reached");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Starts {@code body} on a thread named "frame" and waits until it parked inside a system. */
    private AtomicReference<Throwable> parkOn(Runnable body) {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        runner = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable t) {
                failure.set(t);
                parked.countDown();
            }
        }, "frame");
        runner.start();
        await(parked);
        return failure;
    }

    private void finish(AtomicReference<Throwable> failure) throws InterruptedException {
        release.countDown();
        runner.join(TimeUnit.MINUTES.toMillis(WAIT_MINUTES));
        assertTrue(!runner.isAlive(), "the first thread finished");
        assertNull(failure.get(), "the first thread's run went through");
    }

    private static String here() {
        return Thread.currentThread().getName();
    }

    @Test
    @DisplayName("a run call from a second thread while the first is inside a run on the world fails naming both threads; the first loses no update")
    void second_thread_is_refused_while_the_first_runs() throws InterruptedException {
        Schedule schedule = Schedule.builder("main").systems(counting("before", Phase.ON_LOAD), parking(),
                counting("after", Phase.ON_STORE)).build();
        AtomicReference<Throwable> failure = parkOn(() -> schedule.run(world, 0.016));

        List<Executable> calls = List.of(
                () -> schedule.run(world, 0.016),
                () -> schedule.runPhase(world, Phase.ON_UPDATE, 0.016),
                () -> schedule.runPhases(world, Phase.ON_LOAD, Phase.ON_STORE, 0.016));
        List<String> apis = List.of("run", "runPhase", "runPhases");
        for (int k = 0; k < calls.size(); k++) {
            IllegalStateException e = assertThrows(IllegalStateException.class, calls.get(k));
            assertEquals("schedule 'main': " + apis.get(k) + ": called on thread '" + here() + "' while thread 'frame' "
                    + "runs schedule 'main' (run) on this world; a world is confined to one thread at a time: run its "
                    + "schedules on the thread that runs it (hand the work to that thread), or on another world",
                    e.getMessage());
        }
        assertEquals(List.of("before", "park"), ran, "the refused calls ran nothing");
        assertSame(runner, world.runConfinement().runningThread());

        finish(failure);
        assertEquals(List.of("before", "park", "after"), ran);
        assertEquals(2, world.get(COUNT)[0], "no update lost");
        assertNull(world.runConfinement().runningThread(), "free once the outermost call returned");

        schedule.run(world, 0.016); // handed over: this thread may run it now
        assertEquals(4, world.get(COUNT)[0]);
    }

    @Test
    @DisplayName("the check is per world: another schedule on that world is refused too, the same schedule on another world runs")
    void the_check_is_per_world_not_per_schedule() throws InterruptedException {
        Schedule schedule = Schedule.builder("main").systems(parking()).build();
        Schedule other = Schedule.builder("tools").systems(counting("tool", Phase.ON_UPDATE)).build();
        AtomicReference<Throwable> failure = parkOn(() -> schedule.run(world, 0));

        Set<Trait<?>> known = Set.copyOf(world.knownTraits()); // read while the first thread is parked
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> other.runPhase(world, Phase.ON_UPDATE, 0));
        assertEquals(known, Set.copyOf(world.knownTraits()), "the refused call added no reference to the world");
        assertTrue(e.getMessage().startsWith("schedule 'tools': runPhase: called on thread '" + here()
                + "' while thread 'frame' runs schedule 'main' (run) on this world;"), e.getMessage());
        assertNull(world.get(other.state()), "the refused call changed nothing, not even the lazy state");

        World second = new World();
        other.run(second, 0);
        assertEquals(1, second.get(COUNT)[0], "another world is another thread's to run");

        finish(failure);
        other.run(world, 0);
        assertEquals(1, world.get(COUNT)[0]);
    }

    @Test
    @DisplayName("nested calls on the running thread count: another schedule may run from a system, the same schedule is SCH-043's error")
    void nested_calls_on_the_same_thread_are_not_refused() throws InterruptedException {
        Schedule inner = Schedule.builder("inner").systems(counting("inner", Phase.ON_UPDATE)).build();
        Schedule[] self = new Schedule[1];
        AtomicReference<Throwable> reentered = new AtomicReference<>();
        self[0] = Schedule.builder("outer").systems(EcsSystem.define("nest", (w, dt) -> {
            inner.run(w, dt);
            reentered.set(assertThrows(IllegalStateException.class, () -> self[0].run(w, dt)));
            assertSame(Thread.currentThread(), w.runConfinement().runningThread(), "still held by the outer call");
        }), parking()).build();
        AtomicReference<Throwable> failure = parkOn(() -> self[0].run(world, 0));

        IllegalStateException e = assertThrows(IllegalStateException.class, () -> inner.run(world, 0));
        assertTrue(e.getMessage().contains("while thread 'frame' runs schedule 'outer' (run)"), e.getMessage());
        finish(failure);
        assertTrue(reentered.get().getMessage().startsWith("schedule 'outer': run: already running on this world;"),
                reentered.get().getMessage());
        assertEquals(1, world.get(COUNT)[0]);
        assertNull(world.runConfinement().runningThread(), "the nested calls freed nothing early, the outer freed all");
        inner.run(world, 0);
        assertEquals(2, world.get(COUNT)[0]);
    }

    @Test
    @DisplayName("a run that throws frees the world for another thread")
    void a_throwing_run_frees_the_world() throws InterruptedException {
        RuntimeException boom = new IllegalStateException("boom");
        Schedule schedule = Schedule.builder("main").systems(EcsSystem.define("fail", (w, dt) -> {
            throw boom;
        })).build();
        AtomicReferenceArray<Throwable> seen = new AtomicReferenceArray<>(1);
        Thread t = new Thread(() -> {
            try {
                schedule.run(world, 0);
            } catch (Throwable thrown) {
                seen.set(0, thrown);
            }
        }, "frame");
        t.start();
        t.join(TimeUnit.MINUTES.toMillis(WAIT_MINUTES));
        assertSame(boom, seen.get(0));
        assertNull(world.runConfinement().runningThread());
        Schedule other = Schedule.builder("other").systems(counting("c", Phase.ON_UPDATE)).build();
        other.run(world, 0);
        assertEquals(1, world.get(COUNT)[0]);
    }

    @Test
    @DisplayName("RunConfinement: nested enters on one thread, exit without enter throws, another thread is refused")
    void confinement_unit_rules() throws InterruptedException {
        RunConfinement confinement = world.runConfinement();
        assertSame(confinement, world.runConfinement());
        IllegalStateException none = assertThrows(IllegalStateException.class, confinement::exit);
        assertEquals("RunConfinement.exit: thread '" + here() + "' is not inside a run call on this world",
                none.getMessage());
        confinement.enter("a", "run");
        confinement.enter("b", "runPhase");
        AtomicReference<Throwable> refused = new AtomicReference<>();
        Thread other = new Thread(() -> refused.set(assertThrows(IllegalStateException.class,
                () -> confinement.enter("c", "runPhases"))), "tool");
        other.start();
        other.join(TimeUnit.MINUTES.toMillis(WAIT_MINUTES));
        assertEquals("schedule 'c': runPhases: called on thread 'tool' while thread '" + here() + "' runs schedule 'a' "
                + "(run) on this world; a world is confined to one thread at a time: run its schedules on the thread "
                + "that runs it (hand the work to that thread), or on another world", refused.get().getMessage());
        confinement.exit();
        assertSame(Thread.currentThread(), confinement.runningThread());
        confinement.exit();
        assertNull(confinement.runningThread());
    }
}
