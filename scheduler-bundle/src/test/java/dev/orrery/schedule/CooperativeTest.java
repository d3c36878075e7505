package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.Query;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Resumable systems ({@link Cooperative}): a system awaits a stage the test completes; the world update
 * parks on the thread that called {@code run} (a thread the test starts), and the test learns of the
 * park from the probe's listener, never by sleeping. In whichever dispatch engine the suite runs.
 */
class CooperativeTest {
    static final Trait<int[]> BULLET = Trait.of("Bullet", () -> new int[1]);
    static final Query BULLETS = Query.builder().with(BULLET).build();
    static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private final World world = new World();
    /** Parks and resumes the listener was told of, in order. */
    private final BlockingQueue<ParkedUpdate> parks = new LinkedBlockingQueue<>();
    private final AtomicInteger resumed = new AtomicInteger();
    private final RunProbe probe = RunProbe.builder().clock(InstantSource.fixed(T0)).listener(new ParkListener() {
        @Override
        public void parked(ParkedUpdate update) {
            parks.add(update);
        }

        @Override
        public void resumed(ParkedUpdate update) {
            resumed.incrementAndGet();
        }
    }).build();
    private final List<Thread> worldThreads = new ArrayList<>();

    @AfterEach
    void noThreadLeft() throws InterruptedException {
        for (Thread t : worldThreads) {
            t.join(TimeUnit.SECONDS.toMillis(30));
            assertFalse(t.isAlive(), "world thread " + t.getName() + " ended");
        }
    }

    /** Runs {@code work} on a new world thread; the future completes when it returns or throws. */
    private CompletableFuture<Void> onWorldThread(Runnable work) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                work.run();
                done.complete(null);
            } catch (Throwable e) {
                done.completeExceptionally(e);
            }
        }, "test-world");
        worldThreads.add(t);
        t.start();
        return done;
    }

    private ParkedUpdate nextPark() throws InterruptedException {
        ParkedUpdate p = parks.poll(30, TimeUnit.SECONDS);
        if (p == null) {
            throw new AssertionError("the world update did not park");
        }
        return p;
    }

    private static Throwable failureOf(CompletableFuture<Void> run) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> run.get(30, TimeUnit.SECONDS));
        return e.getCause();
    }

    @Test
    @DisplayName("S2 awaits: S3 and the next phase do not run while parked; completing resumes S2, no replay of S1")
    void parksUntilTheStageCompletes() throws Exception {
        CompletableFuture<String> profile = new CompletableFuture<>();
        AtomicInteger s1 = new AtomicInteger();
        AtomicInteger s2Before = new AtomicInteger();
        AtomicInteger s2After = new AtomicInteger();
        AtomicInteger s3 = new AtomicInteger();
        AtomicInteger next = new AtomicInteger();
        AtomicReference<String> got = new AtomicReference<>();
        EcsSystem first = EcsSystem.define("s1", (w, dt) -> s1.incrementAndGet());
        EcsSystem second = EcsSystem.builder("s2").after(first).run((w, dt) -> {
            s2Before.incrementAndGet();
            String local = "kept";
            got.set(Cooperative.await(profile, "player profile") + "/" + local);
            s2After.incrementAndGet();
        }).build();
        EcsSystem third = EcsSystem.builder("s3").after(second).run((w, dt) -> s3.incrementAndGet()).build();
        EcsSystem later = EcsSystem.define("later", Phase.POST_UPDATE, (w, dt) -> next.incrementAndGet());
        Schedule s = Schedule.builder("main").probe(probe).systems(first, second, third, later).build();

        CompletableFuture<Void> run = onWorldThread(() -> s.run(world, 0.016));
        ParkedUpdate p = nextPark();
        assertEquals(1, s1.get());
        assertEquals(1, s2Before.get());
        assertEquals(0, s2After.get(), "s2 is parked inside the await");
        assertEquals(0, s3.get(), "the next system does not run early");
        assertEquals(0, next.get(), "the next phase does not run early");
        assertFalse(run.isDone(), "run does not return while parked");
        assertEquals(p, probe.parked().orElseThrow());
        assertSame(world, p.world());
        assertEquals("main", p.schedule());
        assertEquals(Phase.ON_UPDATE, p.phase());
        assertEquals("s2", p.systemName().orElseThrow());
        assertEquals("main", p.pluginName().orElseThrow(), "a system the schedule declared: its name");
        assertEquals("player profile", p.label());
        assertEquals(T0, p.since());
        assertTrue(p.describe().contains("'player profile'"), p.describe());

        profile.complete("ada");
        run.get(30, TimeUnit.SECONDS);
        assertEquals("ada/kept", got.get(), "the system goes on with its locals");
        assertEquals(1, s1.get(), "s1 ran exactly once: no replay");
        assertEquals(1, s2Before.get());
        assertEquals(1, s2After.get());
        assertEquals(1, s3.get());
        assertEquals(1, next.get());
        assertEquals(1, resumed.get());
        assertTrue(probe.parked().isEmpty());
    }

    @Test
    @DisplayName("a spawn staged before the wait is invisible while parked and published with the phase")
    void stagedSpawnStaysStagedWhileParked() throws Exception {
        CompletableFuture<Integer> go = new CompletableFuture<>();
        AtomicInteger seenAfterWait = new AtomicInteger(-1);
        EcsSystem spawner = EcsSystem.define("spawner", (w, dt) -> {
            w.spawn(BULLET);
            Cooperative.await(go, "go");
            w.spawn(BULLET);
            seenAfterWait.set(w.query(BULLETS).count());
        });
        Schedule s = Schedule.builder("main").probe(probe).systems(spawner).build();
        CompletableFuture<Void> run = onWorldThread(() -> s.run(world, 0.016));
        nextPark();
        assertEquals(0, world.query(BULLETS).count(), "staged while parked");
        go.complete(1);
        run.get(30, TimeUnit.SECONDS);
        assertEquals(0, seenAfterWait.get(), "the phase still sees its start");
        assertEquals(2, world.query(BULLETS).count(), "both spawns published at the phase's end");
    }

    @Test
    @DisplayName("an await on a completed stage returns inline on the world's thread, without parking")
    void completedStageReturnsInline() throws Exception {
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        AtomicReference<String> got = new AtomicReference<>();
        EcsSystem sys = EcsSystem.define("sys", (w, dt) -> {
            ranOn.set(Thread.currentThread());
            got.set(Cooperative.await(CompletableFuture.completedFuture("now"), "ready"));
            assertTrue(Cooperative.inWorldUpdate());
        });
        Schedule s = Schedule.builder("main").probe(probe).systems(sys).build();
        s.run(world, 0.016);
        assertEquals("now", got.get());
        assertSame(Thread.currentThread(), ranOn.get());
        assertTrue(parks.isEmpty(), "no park");
        assertFalse(Cooperative.inWorldUpdate(), "after run");
    }

    @Test
    @DisplayName("an exceptional completion is rethrown wrapped at the call; a system that catches it goes on")
    void failureCaught() throws Exception {
        CompletableFuture<String> stage = new CompletableFuture<>();
        AtomicReference<Throwable> caught = new AtomicReference<>();
        AtomicInteger after = new AtomicInteger();
        EcsSystem sys = EcsSystem.define("sys", (w, dt) -> {
            try {
                Cooperative.await(stage, "file");
            } catch (WaitFailedException e) {
                caught.set(e);
            }
        });
        EcsSystem next = EcsSystem.builder("next").after(sys).run((w, dt) -> after.incrementAndGet()).build();
        Schedule s = Schedule.builder("main").probe(probe).systems(sys, next).build();
        CompletableFuture<Void> run = onWorldThread(() -> s.run(world, 0.016));
        nextPark();
        IOException io = new IOException("disk gone");
        stage.completeExceptionally(io);
        run.get(30, TimeUnit.SECONDS);
        WaitFailedException e = assertInstanceOf(WaitFailedException.class, caught.get());
        assertSame(io, e.getCause(), "the cause is kept");
        assertEquals("file", e.label());
        assertEquals(1, after.get());
    }

    @Test
    @DisplayName("an uncaught exceptional completion is the system's failure: the phase's transaction is discarded")
    void failureUncaught() throws Exception {
        CompletableFuture<String> stage = new CompletableFuture<>();
        AtomicInteger after = new AtomicInteger();
        EcsSystem sys = EcsSystem.define("sys", (w, dt) -> {
            w.spawn(BULLET);
            Cooperative.await(stage, "file");
        });
        EcsSystem next = EcsSystem.builder("next").after(sys).run((w, dt) -> after.incrementAndGet()).build();
        Schedule s = Schedule.builder("main").probe(probe).systems(sys, next).build();
        CompletableFuture<Void> run = onWorldThread(() -> s.run(world, 0.016));
        nextPark();
        IOException io = new IOException("disk gone");
        stage.completeExceptionally(io);
        Throwable thrown = failureOf(run);
        assertInstanceOf(WaitFailedException.class, thrown);
        assertSame(io, thrown.getCause());
        RunFailure f = RunFailure.of(world, thrown).orElseThrow();
        assertEquals("sys", f.system().name());
        assertEquals(0, after.get());
        assertEquals(0, world.query(BULLETS).count(), "the spawn was discarded with the phase");
    }

    @Test
    @DisplayName("an await five calls deep inside a List.forEach lambda parks the update once")
    void deepInsideALambda() throws Exception {
        CompletableFuture<Integer> stage = new CompletableFuture<>();
        List<Integer> done = new ArrayList<>();
        EcsSystem sys = EcsSystem.define("deep", (w, dt) -> List.of(1, 2, 3).forEach(i -> done.add(one(i, stage))));
        Schedule s = Schedule.builder("main").probe(probe).systems(sys).build();
        CompletableFuture<Void> run = onWorldThread(() -> s.run(world, 0.016));
        ParkedUpdate p = nextPark();
        assertEquals("deep", p.systemName().orElseThrow());
        assertEquals(List.of(1), done, "parked in the middle of the iteration");
        stage.complete(20);
        run.get(30, TimeUnit.SECONDS);
        assertEquals(List.of(1, 22, 3), done);
        assertTrue(parks.isEmpty(), "one park");
    }

    private static int one(int i, CompletableFuture<Integer> stage) {
        return two(i, stage);
    }

    private static int two(int i, CompletableFuture<Integer> stage) {
        return three(i, stage);
    }

    private static int three(int i, CompletableFuture<Integer> stage) {
        return four(i, stage);
    }

    private static int four(int i, CompletableFuture<Integer> stage) {
        return five(i, stage);
    }

    private static int five(int i, CompletableFuture<Integer> stage) {
        return i == 2 ? i + Cooperative.await(stage, "deep value") : i;
    }

    @Test
    @DisplayName("cancelling the wait throws the cancellation exception, cancels the stage, discards the phase")
    void cancelled() throws Exception {
        CompletableFuture<String> stage = new CompletableFuture<>();
        EcsSystem sys = EcsSystem.define("sys", (w, dt) -> {
            w.spawn(BULLET);
            Cooperative.await(stage, "never");
        });
        Schedule s = Schedule.builder("main").probe(probe).systems(sys).build();
        CompletableFuture<Void> run = onWorldThread(() -> s.run(world, 0.016));
        nextPark();
        assertTrue(probe.cancelWait("the host stops"));
        Throwable thrown = failureOf(run);
        WaitCancelledException e = assertInstanceOf(WaitCancelledException.class, thrown);
        assertTrue(e.getMessage().contains("the host stops"), e.getMessage());
        assertTrue(stage.isCancelled(), "giving up cancels the stage");
        assertEquals(0, world.query(BULLETS).count(), "the transaction was discarded");
        assertFalse(probe.cancelWait("again"), "nothing parked any more");
    }

    @Test
    @DisplayName("cancelling a given wait: a wait that ended is left alone, and so is one that parked since")
    void cancelledByIdentity() throws Exception {
        CompletableFuture<String> first = new CompletableFuture<>();
        CompletableFuture<String> second = new CompletableFuture<>();
        EcsSystem sys = EcsSystem.define("sys", (w, dt) -> {
            Cooperative.await(first, "first");
            Cooperative.await(second, "second");
        });
        Schedule s = Schedule.builder("main").probe(probe).systems(sys).build();
        CompletableFuture<Void> run = onWorldThread(() -> s.run(world, 0.016));
        ParkedUpdate old = nextPark();
        first.complete("done");
        ParkedUpdate now = nextPark();
        assertEquals("second", now.label());
        assertFalse(probe.cancelWait(old, "the first plugin departs"), "the first wait ended: nothing to cancel");
        assertFalse(second.isCancelled());
        assertTrue(probe.cancelWait(now, "the host stops"));
        assertInstanceOf(WaitCancelledException.class, failureOf(run));
    }

    @Test
    @DisplayName("an interrupt of the parked thread cancels the wait and stays set")
    void interrupted() throws Exception {
        CompletableFuture<String> stage = new CompletableFuture<>();
        AtomicReference<Boolean> flag = new AtomicReference<>();
        EcsSystem sys = EcsSystem.define("sys", (w, dt) -> {
            try {
                Cooperative.await(stage, "never");
            } catch (WaitCancelledException e) {
                flag.set(Thread.currentThread().isInterrupted());
                Thread.interrupted();
            }
        });
        Schedule s = Schedule.builder("main").probe(probe).systems(sys).build();
        CompletableFuture<Void> run = onWorldThread(() -> s.run(world, 0.016));
        nextPark();
        worldThreads.get(0).interrupt();
        run.get(30, TimeUnit.SECONDS);
        assertEquals(Boolean.TRUE, flag.get());
        assertTrue(stage.isCancelled());
    }

    @Test
    @DisplayName("supply runs the work on the probe's workers and parks until it is done")
    void supplyRunsOnTheWorkers() throws Exception {
        BlockingQueue<Runnable> submitted = new LinkedBlockingQueue<>();
        RunProbe withWorkers = RunProbe.builder().workers(submitted::add).listener(parks::add).build();
        AtomicReference<Thread> workedOn = new AtomicReference<>();
        AtomicReference<Integer> got = new AtomicReference<>();
        EcsSystem sys = EcsSystem.define("loader", (w, dt) -> got.set(Cooperative.supply("config", () -> {
            workedOn.set(Thread.currentThread());
            return 42;
        })));
        Schedule s = Schedule.builder("main").probe(withWorkers).systems(sys).build();
        CompletableFuture<Void> run = onWorldThread(() -> s.run(world, 0.016));
        ParkedUpdate p = nextPark();
        assertEquals("worker task", p.stage());
        Runnable work = submitted.poll(30, TimeUnit.SECONDS);
        work.run(); // the test is the worker
        run.get(30, TimeUnit.SECONDS);
        assertEquals(42, got.get());
        assertSame(Thread.currentThread(), workedOn.get());
    }

    @Test
    @DisplayName("outside a world update await blocks up to its budget, then fails and cancels the stage")
    void outsideAWorldUpdate() {
        assertEquals(Duration.ofSeconds(30), Cooperative.OUTSIDE_BUDGET);
        assertFalse(Cooperative.inWorldUpdate());
        CompletableFuture<String> stage = new CompletableFuture<>();
        WaitTimeoutException e = assertThrows(WaitTimeoutException.class,
                () -> Cooperative.await(stage, "startup data", Duration.ofMillis(1)));
        assertTrue(e.getMessage().contains("outside a world update"), e.getMessage());
        assertTrue(stage.isCancelled());
        assertEquals("ok", Cooperative.await(CompletableFuture.completedFuture("ok"), "ready"));
    }

    @Test
    @DisplayName("runPhase called from a plain thread is outside a world update: no park, the budget applies")
    void runPhaseIsOutside() {
        Phase manual = Phase.define("Loading");
        CompletableFuture<String> stage = new CompletableFuture<>();
        AtomicReference<Boolean> inside = new AtomicReference<>();
        EcsSystem sys = EcsSystem.define("load", manual, (w, dt) -> {
            inside.set(Cooperative.inWorldUpdate());
            Cooperative.await(stage, "level", Duration.ofMillis(1));
        });
        Schedule s = Schedule.builder("main").probe(probe).phases(manual).systems(sys).build();
        WaitTimeoutException e = assertThrows(WaitTimeoutException.class, () -> s.runPhase(world, manual, 0.016));
        assertTrue(e.getMessage().contains("outside a world update"), e.getMessage());
        assertEquals(Boolean.FALSE, inside.get());
        assertTrue(parks.isEmpty());
    }

    @Test
    @DisplayName("a schedule stepped from a system parks as its own: the record names it")
    void nestedSchedule() throws Exception {
        CompletableFuture<String> stage = new CompletableFuture<>();
        EcsSystem innerSys = EcsSystem.define("inner-sys", (w, dt) -> Cooperative.await(stage, "inner"));
        Schedule inner = Schedule.builder("inner").probe(probe).systems(innerSys).build();
        EcsSystem outerSys = EcsSystem.define("outer-sys", (w, dt) -> inner.run(w, dt));
        Schedule outer = Schedule.builder("outer").probe(probe).systems(outerSys).build();
        CompletableFuture<Void> run = onWorldThread(() -> outer.run(world, 0.016));
        ParkedUpdate p = nextPark();
        assertEquals("inner", p.schedule());
        assertEquals("inner-sys", p.systemName().orElseThrow());
        stage.complete("x");
        run.get(30, TimeUnit.SECONDS);
    }

    @Test
    @DisplayName("bad arguments get one-line errors naming the argument")
    void badArguments() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> Cooperative.await(null, "x"));
        assertEquals("Cooperative.await: stage is null", e.getMessage());
        assertThrows(NullPointerException.class, () -> Cooperative.await(new CompletableFuture<>(), null));
        IllegalArgumentException t = assertThrows(IllegalArgumentException.class,
                () -> Cooperative.await(new CompletableFuture<>(), "x", Duration.ZERO));
        assertTrue(t.getMessage().contains("not positive"));
        assertThrows(NullPointerException.class, () -> Cooperative.supply("x", null));
    }
}
