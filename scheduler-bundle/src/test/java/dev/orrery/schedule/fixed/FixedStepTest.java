package dev.orrery.schedule.fixed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.FixedClock;
import dev.orrery.schedule.FixedPhases;
import dev.orrery.schedule.FixedTime;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.VirtualTime;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.world.World;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The accumulator of fixed-step phases: steps per frame, alpha, the catch-up limits, pause and scale,
 * exact tick counts. Each figure is exact: dt is the only clock. Runs on both dispatch engines.
 */
class FixedStepTest {
    /** 50 Hz: a step of exactly 20 ms. */
    static final FixedClock FIFTY = FixedClock.ofHz("test/50Hz", 50);

    private final World world = new World();

    /** A schedule with one system in a fixed phase of {@code clock}; records each dt it got. */
    private static final class Stepped {
        final List<Double> dts = new ArrayList<>();
        final Phase phase;
        final Schedule schedule;

        Stepped(FixedClock clock) {
            phase = Phase.builder("test/Fixed").dependsOn(Phase.PRE_UPDATE).before(Phase.ON_UPDATE).fixed(clock).build();
            schedule = Schedule.builder("fixed").phases(phase)
                    .systems(EcsSystem.define("physics", phase, (w, dt) -> dts.add(dt))).build();
        }

        int frame(World world, double dt) {
            int before = dts.size();
            schedule.run(world, dt);
            return dts.size() - before;
        }
    }

    @Test
    @DisplayName("a clock slower than 4 Hz (a step above the 250 ms catch-up) still steps: its default catch-up is one step")
    void aSlowClockSteps() {
        FixedClock ai = FixedClock.ofHz("ai", 2);
        assertEquals(java.time.Duration.ofMillis(500), ai.maxCatchUp());
        assertEquals(java.time.Duration.ofSeconds(2), FixedClock.ofStep("tide", java.time.Duration.ofSeconds(2)).maxCatchUp());
        assertEquals(FixedClock.DEFAULT_MAX_CATCH_UP, FixedClock.ofHz("fast", 60).maxCatchUp());
        Stepped s = new Stepped(ai);
        int steps = 0;
        for (int i = 0; i < 5; i++) {
            steps += s.frame(world, 0.1);
        }
        assertEquals(1, steps, "5 frames of 100 ms make one 500 ms step");
        assertEquals(List.of(0.5), s.dts);
    }

    @Test
    @DisplayName("step 20 ms, frame 50 ms: 2 steps, alpha 0.5")
    void twoStepsAndAHalf() {
        Stepped s = new Stepped(FIFTY);
        assertEquals(2, s.frame(world, 0.050));
        FixedTime t = FixedTime.of(world, FIFTY);
        assertEquals(0.5, t.alpha(), 1e-12);
        assertEquals(2, t.tick());
        assertEquals(2, t.stepsLastFrame());
        assertEquals(List.of(0.020, 0.020), s.dts, "dt == step in a fixed phase");
    }

    @Test
    @DisplayName("frames of 5, 5, 5 ms run no step; the 4th runs 1")
    void smallFramesAccumulate() {
        Stepped s = new Stepped(FIFTY);
        assertEquals(0, s.frame(world, 0.005));
        assertEquals(0, s.frame(world, 0.005));
        assertEquals(0, s.frame(world, 0.005));
        assertEquals(0.75, FixedTime.of(world, FIFTY).alpha(), 1e-12);
        assertEquals(1, s.frame(world, 0.005));
        assertEquals(0, FixedTime.of(world, FIFTY).alpha(), 1e-12);
    }

    @Test
    @DisplayName("a 1 s hitch with cap 8 runs 8 steps, drops and counts the rest; the next normal frame runs 1")
    void hitchIsCapped() {
        FixedClock clock = FixedClock.ofHz("test/60Hz", 60).maxStepsPerFrame(8).maxCatchUp(Duration.ofSeconds(2));
        Stepped s = new Stepped(clock);
        try (CapturedLog log = CapturedLog.attach("dev.orrery.schedule")) {
            assertEquals(8, s.frame(world, 1.0));
            FixedTime t = FixedTime.of(world, clock);
            long due = 1_000_000_000L / clock.stepNanos();
            assertEquals(60, due, "16,666,666 ns steps: 60 whole steps in 1 s");
            assertEquals(due - 8, t.droppedSteps());
            assertTrue(t.alpha() < 1, "no wind-up: less than a step is kept");
            assertEquals(Duration.ofNanos(1_000_000_000L - 8 * clock.stepNanos()).minusNanos(t.accumulatorNanos()),
                    t.timeDebt());
            assertEquals(1, s.frame(world, 1.0 / 60));
            assertEquals(due - 8, t.droppedSteps(), "nothing more dropped");
            assertEquals(1, log.messagesAt(Level.WARNING).size(), log.lines().toString());
        }
    }

    @Test
    @DisplayName("dropped steps are logged at most once per second of frame time")
    void dropsLoggedOncePerSecond() {
        FixedClock clock = FixedClock.ofHz("test/1kHz", 1000).maxStepsPerFrame(1);
        Stepped s = new Stepped(clock);
        try (CapturedLog log = CapturedLog.attach("dev.orrery.schedule")) {
            for (int i = 0; i < 99; i++) {
                s.frame(world, 0.010); // 9 steps dropped per frame; 99 frames are 0.99 s
            }
            assertEquals(1, log.messagesAt(Level.WARNING).size(), "the first drop is logged, then quiet");
            s.frame(world, 0.010);
            s.frame(world, 0.010); // a second of frame time has passed since the first line
            List<String> lines = log.messagesAt(Level.WARNING);
            assertEquals(2, lines.size(), log.lines().toString());
            assertTrue(lines.get(0).contains("'test/1kHz'") && lines.get(0).contains("schedule 'fixed'"), lines.get(0));
            assertTrue(lines.get(1).contains("dropped 900 step(s)"), lines.get(1));
        }
        assertEquals(101 * 9, FixedTime.of(world, clock).droppedSteps());
    }

    @Test
    @DisplayName("maxCatchUp (250 ms by default) caps the accumulator before steps are counted")
    void catchUpCap() {
        FixedClock clock = FixedClock.ofHz("test/100Hz", 100).maxStepsPerFrame(100);
        Stepped s = new Stepped(clock);
        try (CapturedLog log = CapturedLog.attach("dev.orrery.schedule")) {
            assertEquals(25, s.frame(world, 1.0), "250 ms of 10 ms steps");
            assertEquals(1, log.messagesAt(Level.WARNING).size());
        }
        assertEquals(75, FixedTime.of(world, clock).droppedSteps());
        assertEquals(Duration.ofMillis(750), FixedTime.of(world, clock).timeDebt());
        assertEquals(1, s.frame(world, 0.010));
    }

    @Test
    @DisplayName("pause: no step, tick unchanged; resume: steps again; variable phases get dt 0")
    void pause() {
        Stepped s = new Stepped(FIFTY);
        List<Double> variable = new ArrayList<>();
        Schedule both = Schedule.builder("both").phases(s.phase)
                .systems(EcsSystem.define("physics", s.phase, (w, dt) -> s.dts.add(dt)),
                        EcsSystem.define("render", (w, dt) -> variable.add(dt))).build();
        both.run(world, 0.020);
        VirtualTime vt = VirtualTime.of(world);
        vt.pause();
        assertTrue(vt.isPaused());
        for (int i = 0; i < 10; i++) {
            both.run(world, 0.020);
        }
        assertEquals(1, FixedTime.of(world, FIFTY).tick(), "tick unchanged while paused");
        assertEquals(0, FixedTime.of(world, FIFTY).stepsLastFrame());
        assertEquals(0.0, variable.get(variable.size() - 1));
        vt.skipVariableWhilePaused(true);
        both.run(world, 0.020);
        assertEquals(11, variable.size(), "skipped");
        vt.resume();
        both.run(world, 0.020);
        assertEquals(2, FixedTime.of(world, FIFTY).tick());
        assertEquals(0.020, variable.get(variable.size() - 1));
    }

    @Test
    @DisplayName("scale 0.5: half as many steps; variable phases get half the dt")
    void slowMotion() {
        Stepped s = new Stepped(FIFTY);
        VirtualTime.of(world).scale(0.5);
        int steps = 0;
        for (int i = 0; i < 100; i++) {
            steps += s.frame(world, 0.020);
        }
        assertEquals(50, steps);
        assertEquals(0.5, VirtualTime.of(world).scale());
    }

    @Test
    @DisplayName("virtual time clamps a frame's dt to maxDelta before scaling")
    @SuppressWarnings("try") // the captured log is never read: it keeps the dropped-steps WARNING out of the build output
    void maxDelta() {
        Stepped s = new Stepped(FIFTY);
        VirtualTime.of(world).maxDelta(0.1).scale(2);
        assertEquals(0.2, VirtualTime.of(world).apply(5.0), 1e-12);
        try (CapturedLog log = CapturedLog.attach("dev.orrery.schedule")) {
            assertEquals(8, s.frame(world, 5.0), "0.2 s of 20 ms steps is 10, the cap 8");
        }
        assertEquals(0.1, VirtualTime.clamp(0.5, 0.1));
    }

    @Test
    @DisplayName("one hour of 1/60 s frames at 60 Hz: tick 216,000 exactly")
    void oneHour() {
        Schedule s = Schedule.builder("hour")
                .systems(EcsSystem.define("physics", FixedPhases.FIXED_UPDATE, (w, dt) -> { })).build();
        for (int i = 0; i < 216_000; i++) {
            s.run(world, 1.0 / 60);
        }
        FixedTime t = FixedTime.of(world, FixedPhases.DEFAULT_CLOCK);
        assertEquals(216_000, t.tick());
        assertEquals(0, t.droppedSteps());
        assertEquals(Duration.ofNanos(216_000L * 16_666_666L), t.elapsed());
    }

    @Test
    @DisplayName("the ready-made fixed phases run between PreUpdate and OnUpdate in order, at 60 Hz; not builtins")
    void readyMadePhases() {
        List<String> trace = new ArrayList<>();
        EcsSystem pre = EcsSystem.define("pre", Phase.PRE_UPDATE, (w, dt) -> trace.add("PreUpdate"));
        EcsSystem fpre = EcsSystem.define("fpre", FixedPhases.FIXED_PRE_UPDATE, (w, dt) -> trace.add("FixedPreUpdate"));
        EcsSystem fix = EcsSystem.define("fix", FixedPhases.FIXED_UPDATE, (w, dt) -> trace.add("FixedUpdate " + dt));
        EcsSystem fpost = EcsSystem.define("fpost", FixedPhases.FIXED_POST_UPDATE, (w, dt) -> trace.add("FixedPostUpdate"));
        EcsSystem upd = EcsSystem.define("upd", Phase.ON_UPDATE, (w, dt) -> trace.add("OnUpdate " + dt));
        Schedule s = Schedule.builder("s").systems(upd, fpost, fix, fpre, pre).build();
        s.run(world, 2.0 / 60);
        double step = FixedPhases.DEFAULT_CLOCK.stepSeconds();
        assertEquals(List.of("PreUpdate", "FixedPreUpdate", "FixedUpdate " + step, "FixedPostUpdate",
                "FixedPreUpdate", "FixedUpdate " + step, "FixedPostUpdate", "OnUpdate " + (2.0 / 60)), trace);
        List<Phase> phases = s.phases();
        int at = phases.indexOf(Phase.PRE_UPDATE);
        assertEquals(List.of(FixedPhases.FIXED_PRE_UPDATE, FixedPhases.FIXED_UPDATE, FixedPhases.FIXED_POST_UPDATE,
                Phase.ON_UPDATE), phases.subList(at + 1, at + 5));
        assertFalse(Phase.BUILTIN.contains(FixedPhases.FIXED_UPDATE));
        assertEquals(9, Phase.BUILTIN.size());
        assertEquals(16_666_666L, FixedPhases.DEFAULT_CLOCK.stepNanos());
        assertFalse(s.isManual(FixedPhases.FIXED_UPDATE));
    }

    @Test
    @DisplayName("a schedule that does not use the ready-made fixed phases does not list them")
    void readyMadePhasesOnlyWhenUsed() {
        Schedule s = Schedule.builder("s").systems(EcsSystem.define("a", (w, dt) -> { })).build();
        assertEquals(Phase.BUILTIN, s.phases());
    }

    @Test
    @DisplayName("several plugins may list the ready-made fixed phases; they count once")
    void readyMadePhasesInSeveralPlugins() {
        List<String> trace = new ArrayList<>();
        dev.orrery.schedule.Plugin physics = dev.orrery.schedule.Plugin.builder("physics")
                .phases(FixedPhases.FIXED_UPDATE)
                .systems(EcsSystem.define("move", FixedPhases.FIXED_UPDATE, (w, dt) -> trace.add("move"))).build();
        dev.orrery.schedule.Plugin net = dev.orrery.schedule.Plugin.builder("net")
                .phases(FixedPhases.FIXED_PRE_UPDATE, FixedPhases.FIXED_UPDATE, FixedPhases.FIXED_POST_UPDATE)
                .systems(EcsSystem.define("send", FixedPhases.FIXED_POST_UPDATE, (w, dt) -> trace.add("send"))).build();
        Schedule s = Schedule.builder("s").plugins(physics, net).build();
        s.run(world, 1.0 / 60);
        assertEquals(List.of("move", "send"), trace);
        assertEquals(1, s.phases().stream().filter(p -> p == FixedPhases.FIXED_UPDATE).count());
    }

    @Test
    @DisplayName("a manual fixed phase is stepped by runPhase, which accumulates its dt")
    void manualFixedPhase() {
        Phase turn = Phase.builder("test/Turn").fixed(FIFTY).build(); // detached: manual
        List<Double> dts = new ArrayList<>();
        Schedule s = Schedule.builder("s").phases(turn).systems(EcsSystem.define("t", turn, (w, dt) -> dts.add(dt))).build();
        assertTrue(s.isManual(turn));
        s.run(world, 1.0);
        assertTrue(dts.isEmpty(), "run skips a manual phase");
        s.runPhase(world, turn, 0.045);
        assertEquals(List.of(0.020, 0.020), dts);
        s.runPhases(world, turn, turn, 0.015);
        assertEquals(3, dts.size());
        assertEquals(3, FixedTime.of(world, FIFTY).tick());
    }

    @Test
    @DisplayName("two different clocks with one name, or one clock split by a variable phase, are refused at build")
    void buildErrors() {
        Phase a = Phase.builder("A").dependsOn(Phase.PRE_UPDATE).before(Phase.ON_UPDATE).fixed(FIFTY).build();
        Phase b = Phase.builder("B").dependsOn(a).before(Phase.ON_UPDATE)
                .fixed(FixedClock.ofHz(FIFTY.name(), 10)).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Schedule.builder("s").phases(a, b).build());
        assertTrue(e.getMessage().contains("'A' and 'B'") && e.getMessage().contains("'test/50Hz'"), e.getMessage());
        Phase late = Phase.builder("Late").dependsOn(Phase.ON_UPDATE).fixed(FIFTY).build();
        e = assertThrows(IllegalArgumentException.class, () -> Schedule.builder("s").phases(a, late).build());
        assertTrue(e.getMessage().contains("separated by variable phase 'OnUpdate'"), e.getMessage());
    }

    @Test
    @DisplayName("bad clock arguments get a one-line error naming the clock")
    void badClocks() {
        assertThrows(IllegalArgumentException.class, () -> FixedClock.ofHz("x", 0));
        assertThrows(IllegalArgumentException.class, () -> FixedClock.ofHz("x", Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> FixedClock.ofHz(" ", 60));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FIFTY.maxStepsPerFrame(0));
        assertTrue(e.getMessage().contains("'test/50Hz'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> FIFTY.maxCatchUp(Duration.ofMillis(1)));
        assertThrows(IllegalArgumentException.class, () -> VirtualTime.of(world).scale(-1));
        assertEquals(FIFTY, FixedClock.ofHz("test/50Hz", 50));
        assertEquals(20_000_000L, FIFTY.stepNanos());
    }

    @Test
    @DisplayName("the clock's state lives in the world: it survives a rebuild and world.reset() clears it")
    void stateFollowsTheWorld() {
        Stepped s = new Stepped(FIFTY);
        s.frame(world, 0.050);
        Schedule rebuilt = Schedule.builder("fixed").phases(s.phase).adoptStateOf(s.schedule)
                .systems(EcsSystem.define("physics", s.phase, (w, dt) -> { })).build();
        rebuilt.run(world, 0.010);
        assertEquals(3, FixedTime.of(world, FIFTY).tick(), "the half step kept across the rebuild");
        world.reset();
        rebuilt.run(world, 0.020);
        assertEquals(1, FixedTime.of(world, FIFTY).tick(), "a reset world starts over");
    }

    @Test
    @DisplayName("a second schedule stepping the same clock in the same world is refused, naming both")
    void oneDriverPerClock() {
        Stepped a = new Stepped(FIFTY);
        a.frame(world, 0.020);
        Schedule other = Schedule.builder("other").phases(a.phase)
                .systems(EcsSystem.define("p", a.phase, (w, dt) -> { })).build();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> other.run(world, 0.020));
        assertTrue(e.getMessage().contains("'fixed'") && e.getMessage().contains("'other'"), e.getMessage());
        assertSame(FixedTime.of(world, FIFTY), FixedTime.of(world, FIFTY));
    }
}
