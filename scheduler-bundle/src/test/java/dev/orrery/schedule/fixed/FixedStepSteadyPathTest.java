package dev.orrery.schedule.fixed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.FixedClock;
import dev.orrery.schedule.FixedPhases;
import dev.orrery.schedule.FixedTime;
import dev.orrery.schedule.PassClock;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleBuilder;
import dev.orrery.schedule.VirtualTime;
import dev.orrery.schedule.condition.RunIf;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.testsupport.memory.AllocationMeter;
import dev.orrery.testsupport.memory.Measurement;
import dev.orrery.world.World;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The steady case of a fixed group (one clock, virtual time running, its state resolved for the
 * world, no interrupted step) has a path of its own; these tests pin that it does exactly what the
 * general path does. A schedule whose fixed group has only the default clock (steady path on most
 * frames) and a twin whose group adds a second clock (always the general path) are driven through
 * the same script of frames, switching between the cases: varying dt, drops, virtual time scaled,
 * paused and resumed, an interrupted step, a reset world. The default clock's systems (name, tick,
 * dt, pass dt), its state after every frame and every throw must be equal. Runs on both dispatch
 * engines (the suite runs twice).
 */
class FixedStepSteadyPathTest {
    /** A second clock whose steps never coincide with the default clock's (60 Hz). */
    static final FixedClock OTHER = FixedClock.ofStep("test/other", Duration.ofMillis(7));

    /** Records what the default clock's systems saw and fails s2 once when armed. */
    static final class Rig {
        final List<String> trace = new ArrayList<>();
        final boolean[] armed = {false};
        final World world = new World();
        final Schedule schedule;

        Rig(boolean twoClocks, boolean timer) {
            EcsSystem.Builder s1 = EcsSystem.builder("s1").phase(FixedPhases.FIXED_UPDATE).run((w, dt) -> record("s1", w, dt));
            if (timer) {
                s1.runIf(RunIf.every(0.05)); // a pass clock: each step is a pass
            }
            EcsSystem first = s1.build();
            EcsSystem second = EcsSystem.builder("s2").phase(FixedPhases.FIXED_UPDATE).after(first).run((w, dt) -> {
                record("s2", w, dt);
                if (armed[0]) {
                    armed[0] = false;
                    throw new IllegalStateException("boom");
                }
            }).build();
            EcsSystem post = EcsSystem.define("post", FixedPhases.FIXED_POST_UPDATE, (w, dt) -> record("post", w, dt));
            EcsSystem render = EcsSystem.define("render", Phase.ON_UPDATE, (w, dt) -> trace.add("render " + dt));
            ScheduleBuilder b = Schedule.builder("main").systems(first, second, post, render);
            if (twoClocks) {
                Phase other = Phase.builder("test/Other").dependsOn(FixedPhases.FIXED_POST_UPDATE).before(Phase.ON_UPDATE)
                        .fixed(OTHER).build();
                b.phases(other).systems(EcsSystem.define("other", other, (w, dt) -> { }));
            }
            schedule = b.build();
        }

        private void record(String name, World w, double dt) {
            PassClock pass = w.get(PassClock.TRAIT);
            trace.add(name + "@" + FixedTime.of(w, FixedPhases.DEFAULT_CLOCK).tick() + " dt=" + dt
                    + (pass == null ? "" : " pass dt=" + pass.dt()));
        }

        void frame(double dt) {
            try {
                schedule.run(world, dt);
            } catch (IllegalStateException e) {
                trace.add("threw " + e.getMessage());
            }
            FixedTime t = FixedTime.of(world, FixedPhases.DEFAULT_CLOCK);
            trace.add("state tick=" + t.tick() + " acc=" + t.accumulatorNanos() + " last=" + t.stepsLastFrame()
                    + " dropped=" + t.droppedSteps() + " debt=" + t.timeDebt() + " elapsed=" + t.elapsed()
                    + " interrupted=" + t.interruptedPhase() + "/" + t.interruptedAfter());
        }
    }

    /** The script, applied to one rig. */
    private static List<String> script(Rig r) {
        double[] dts = {1.0 / 60, 1.0 / 60, 1.0 / 144, 1.0 / 30, 0, 0.25, 1.0 / 60, 0.001, 1.0 / 60};
        for (double dt : dts) {
            r.frame(dt);
        }
        VirtualTime vt = VirtualTime.of(r.world);
        vt.scale(0.5);
        for (double dt : dts) {
            r.frame(dt);
        }
        vt.pause();
        r.frame(1.0 / 60);
        r.frame(0.1);
        vt.resume();
        vt.scale(1);
        r.frame(1.0 / 60);
        r.frame(1.0 / 60);
        r.armed[0] = true;
        r.frame(1.0 / 30); // s2 throws in the first of two steps
        r.frame(1.0 / 60); // the rest of that step, then this frame's
        r.frame(1.0 / 60);
        r.armed[0] = true;
        r.frame(1.0 / 60);
        vt.pause();
        r.frame(1.0 / 60); // paused while a step is interrupted: it waits
        vt.resume();
        r.frame(1.0 / 60);
        r.frame(1.0 / 60);
        r.world.remove(FixedTime.TRAIT); // the clocks record gone: the resolved state is stale
        r.frame(1.0 / 60);
        r.frame(1.0 / 60);
        r.world.reset(); // a new clocks record: the resolved state is stale
        r.frame(1.0 / 60);
        r.frame(1.0 / 60);
        r.frame(1.0 / 30);
        return r.trace;
    }

    @Test
    @DisplayName("one clock (steady path) and two clocks (general path) give the same steps, state and throws")
    void steadyPathEqualsGeneralPath() {
        try (CapturedLog log = CapturedLog.attach("dev.orrery.schedule")) {
            List<String> steady = script(new Rig(false, false));
            List<String> general = script(new Rig(true, false));
            assertEquals(general, steady);
            assertTrue(steady.contains("threw boom"), "the script interrupts a step");
            assertDroppedStepsLogged(log);
        }
    }

    /** The script's 0.25 s frame drops steps: each rig's world says so once, at WARNING. */
    private static void assertDroppedStepsLogged(CapturedLog log) {
        List<String> warnings = log.messagesAt(Level.WARNING);
        assertTrue(!warnings.isEmpty() && warnings.stream().allMatch(m -> m.contains(" dropped ")), warnings.toString());
    }

    @Test
    @DisplayName("with a pass clock (a run-condition timer) both paths give each step its pass and dt")
    void steadyPathEqualsGeneralPathWithAPassClock() {
        try (CapturedLog log = CapturedLog.attach("dev.orrery.schedule")) {
            List<String> steady = script(new Rig(false, true));
            List<String> general = script(new Rig(true, true));
            assertEquals(general, steady);
            assertTrue(steady.stream().anyMatch(l -> l.contains("pass dt=" + FixedPhases.DEFAULT_CLOCK.stepSeconds())),
                    steady.toString());
            assertDroppedStepsLogged(log);
        }
    }

    @Test
    @DisplayName("the clocks record removed or replaced: the next frame steps a new state, not the one resolved before")
    void replacedClocksRecord() {
        Rig r = new Rig(false, false);
        for (int i = 0; i < 5; i++) {
            r.frame(1.0 / 60);
        }
        FixedTime before = FixedTime.of(r.world, FixedPhases.DEFAULT_CLOCK);
        r.world.remove(FixedTime.TRAIT);
        r.frame(1.0 / 60);
        FixedTime after = FixedTime.of(r.world, FixedPhases.DEFAULT_CLOCK);
        assertEquals(1, after.tick());
        assertEquals(5, before.tick(), "the old state is left alone");
        r.world.remove(FixedTime.TRAIT);
        FixedTime.of(r.world, FixedPhases.DEFAULT_CLOCK); // game code adds a new record before the frame
        r.frame(1.0 / 60);
        r.frame(1.0 / 60);
        assertEquals(2, FixedTime.of(r.world, FixedPhases.DEFAULT_CLOCK).tick());
        assertEquals(1, after.tick());
    }

    @Test
    @DisplayName("a second schedule stepping the clock on the world of a steady one is refused, naming both")
    void secondDriverRefused() {
        Rig r = new Rig(false, false);
        r.frame(1.0 / 60);
        r.frame(1.0 / 60);
        Schedule other = Schedule.builder("intruder").systems(EcsSystem.define("x", FixedPhases.FIXED_UPDATE, (w, dt) -> { }))
                .build();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> other.run(r.world, 1.0 / 60));
        assertTrue(e.getMessage().contains("'main'") && e.getMessage().contains("'intruder'"), e.getMessage());
        r.frame(1.0 / 60);
        assertEquals(3, FixedTime.of(r.world, FixedPhases.DEFAULT_CLOCK).tick());
    }

    @Test
    @DisplayName("one clock, after the first frame: fixed frames allocate nothing")
    void steadyPathAllocatesNothing() {
        assumeTrue(AllocationMeter.isSupported(), "this JVM cannot count allocated bytes per thread");
        long[] sum = {0};
        Schedule s = Schedule.builder("alloc").systems(
                EcsSystem.define("update", FixedPhases.FIXED_UPDATE, (w, dt) -> sum[0]++),
                EcsSystem.define("draw", (w, dt) -> sum[0]++)).build();
        World world = new World();
        double[] frames = {1.0 / 144, 1.0 / 60, 1.0 / 30, 0.001};
        for (double dt : frames) {
            s.run(world, dt);
        }
        Measurement m = AllocationMeter.standard().measure(() -> {
            for (int i = 0; i < 5_000; i++) {
                s.run(world, frames[i & 3]);
            }
        });
        assertEquals(0, m.leastBytes(), m.describe("5,000 frames with fixed steps of one clock"));
    }
}
