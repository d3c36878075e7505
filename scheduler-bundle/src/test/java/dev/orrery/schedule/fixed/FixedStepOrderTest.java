package dev.orrery.schedule.fixed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.FixedClock;
import dev.orrery.schedule.FixedPhases;
import dev.orrery.schedule.FixedTime;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.condition.RunIf;
import dev.orrery.world.Query;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Fixed steps among other work: several clocks interleaved, a step resumed after a throw, change
 * detection and run conditions across steps. Runs on both dispatch engines.
 */
class FixedStepOrderTest {
    static final FixedClock A = FixedClock.ofStep("test/A", Duration.ofMillis(20));
    static final FixedClock B = FixedClock.ofStep("test/B", Duration.ofMillis(30));

    private static List<String> interleaved(World world, List<Double> frames) {
        List<String> trace = new ArrayList<>();
        Phase pa = Phase.builder("PA").dependsOn(Phase.PRE_UPDATE).before(Phase.ON_UPDATE).fixed(A).build();
        Phase pb = Phase.builder("PB").dependsOn(pa).before(Phase.ON_UPDATE).fixed(B).build();
        Schedule s = Schedule.builder("clocks").phases(pa, pb).systems(
                EcsSystem.define("a", pa, (w, dt) -> trace.add("A" + FixedTime.of(w, A).tick())),
                EcsSystem.define("b", pb, (w, dt) -> trace.add("B" + FixedTime.of(w, B).tick())),
                EcsSystem.define("frame", (w, dt) -> trace.add("|"))).build();
        for (double dt : frames) {
            s.run(world, dt);
        }
        return trace;
    }

    @Test
    @DisplayName("two clocks interleave by (due time, declaration order), identically on every run")
    void twoClocksInterleave() {
        List<Double> frames = List.of(0.060, 0.005, 0.025, 0.031);
        List<String> first = interleaved(new World(), frames);
        // 60 ms: A due 20, 40, 60; B due 30, 60 (the tie at 60 goes to A, the clock of the earlier phase).
        // 5 ms: nothing due. 25 ms (both hold 5 ms): A due at 15, B at 25. 31 ms (A holds 10, B 0): A due at
        // 10 and 30, B at 30.
        assertEquals(List.of("A1", "B1", "A2", "A3", "B2", "|", "|", "A4", "B3", "|", "A5", "A6", "B4", "|"), first);
        for (int run = 0; run < 5; run++) {
            assertEquals(first, interleaved(new World(), frames));
        }
    }

    @Test
    @DisplayName("a step interrupted by a throw resumes with the systems after the failed one; no replay, no second tick")
    void resumeWithoutReplay() {
        World world = new World();
        List<String> trace = new ArrayList<>();
        boolean[] fail = {true};
        EcsSystem s1 = EcsSystem.define("s1", FixedPhases.FIXED_UPDATE,
                (w, dt) -> trace.add("s1@" + FixedTime.of(w, FixedPhases.DEFAULT_CLOCK).tick()));
        EcsSystem s2 = EcsSystem.builder("s2").phase(FixedPhases.FIXED_UPDATE).after(s1).run((w, dt) -> {
            trace.add("s2");
            if (fail[0]) {
                fail[0] = false;
                throw new IllegalStateException("boom");
            }
        }).build();
        EcsSystem s3 = EcsSystem.builder("s3").phase(FixedPhases.FIXED_UPDATE).after(s2)
                .run((w, dt) -> trace.add("s3")).build();
        EcsSystem s4 = EcsSystem.define("s4", FixedPhases.FIXED_POST_UPDATE, (w, dt) -> trace.add("s4"));
        EcsSystem render = EcsSystem.define("render", Phase.ON_UPDATE, (w, dt) -> trace.add("render"));
        Schedule schedule = Schedule.builder("main").systems(s1, s2, s3, s4, render).build();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> schedule.run(world, 1.0 / 60));
        assertEquals("boom", e.getMessage());
        FixedTime t = FixedTime.of(world, FixedPhases.DEFAULT_CLOCK);
        assertEquals(1, t.tick());
        assertTrue(t.isStepInterrupted());
        assertEquals("s2", t.interruptedAfter());
        assertEquals(List.of("s1@1", "s2"), trace);
        trace.clear();

        // The crashed world is resumed by a rebuilt schedule: the cursor is world state.
        Schedule rebuilt = Schedule.builder("main").adoptStateOf(schedule).systems(s1, s2, s3, s4, render).build();
        rebuilt.run(world, 0);
        assertEquals(List.of("s3", "s4", "render"), trace, "the rest of the step, then the frame");
        assertEquals(1, t.tick(), "the clock is not advanced twice");
        trace.clear();
        rebuilt.run(world, 1.0 / 60);
        assertEquals(List.of("s1@2", "s2", "s3", "s4", "render"), trace);
    }

    static final Trait<int[]> POSITION = Trait.of("test/Position", () -> new int[1]);
    static final Query CHANGED = Query.builder().changed(POSITION).build();

    @Test
    @DisplayName("changed(T) in a fixed system means since its previous step, across frames of 0 or N steps")
    void changedSinceThePreviousStep() {
        World world = new World();
        long e = world.spawn(POSITION);
        List<Integer> seen = new ArrayList<>();
        Schedule s = Schedule.builder("s").systems(
                EcsSystem.define("writer", Phase.PRE_UPDATE, (w, dt) -> {
                    if (w.get(e, POSITION)[0]++ % 2 == 0) {
                        w.markChanged(e, POSITION);
                    }
                }),
                EcsSystem.define("physics", FixedPhases.FIXED_UPDATE, (w, dt) -> seen.add(w.query(CHANGED).count())))
                .build();
        double step = FixedPhases.DEFAULT_CLOCK.stepSeconds();
        s.run(world, step);         // write 0 (marked); 1 step: sees it (first run sees everything anyway)
        s.run(world, step / 4);     // write 1 (not marked); no step
        s.run(world, step / 4);     // write 2 (marked); no step
        s.run(world, step / 2);     // write 3 (not marked); 1 step: sees the change of write 2
        s.run(world, 2 * step);     // write 4 (marked); 2 steps: the first sees it, the second does not
        assertEquals(List.of(1, 1, 1, 0), seen);
    }

    @Test
    @DisplayName("a run-condition timer counts the dt of the phase it gates: steps in a fixed phase, frames elsewhere")
    void timersCountThePhasesDt() {
        World world = new World();
        List<String> trace = new ArrayList<>();
        Schedule s = Schedule.builder("s").systems(
                EcsSystem.builder("fixedTimer").phase(FixedPhases.FIXED_UPDATE).runIf(RunIf.every(0.03))
                        .run((w, dt) -> trace.add("fixed")).build(),
                EcsSystem.builder("frameTimer").runIf(RunIf.every(0.03)).run((w, dt) -> trace.add("frame")).build())
                .build();
        // One frame of 0.1 s: 6 steps of 1/60 s. The fixed timer counts 16.7 ms per step and fires at the
        // 2nd, 4th and 6th step (the overshoot carries); the frame timer counts one 0.1 s dt and fires once.
        s.run(world, 0.1);
        assertEquals(3, trace.stream().filter("fixed"::equals).count(), trace.toString());
        assertEquals(1, trace.stream().filter("frame"::equals).count(), trace.toString());
    }
}
