package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Toggles called from inside the OnStart phase (SCH-055, SCH-056, SCH-036, SCH-112): which OnStart
 * systems a pass considers is fixed when the pass begins, from the record in the world then. A no-op
 * {@code enable} or {@code disable} changes nothing; a real one applies to the later systems of the
 * pass (SCH-056) and never removes a pending system from it, whatever record a system wrote before.
 */
class OnStartTogglesTest {
    private final List<String> trace = new ArrayList<>();
    private final World world = new World();
    private Schedule schedule;
    private EcsSystem a;
    private EcsSystem b;
    private EcsSystem c;

    /** OnStart systems a, b, c (c disabled before the first run unless {@code cEnabled}); {@code inA} runs inside a. */
    private void build(boolean cEnabled, BiConsumer<Schedule, World> inA) {
        a = EcsSystem.define("a", Phase.ON_START, (w, dt) -> {
            trace.add("a");
            inA.accept(schedule, w);
        });
        b = EcsSystem.define("b", Phase.ON_START, (w, dt) -> trace.add("b"));
        c = EcsSystem.define("c", Phase.ON_START, (w, dt) -> trace.add("c"));
        schedule = Schedule.builder("main").systems(a, b, c).build();
        if (!cEnabled) {
            schedule.disable(world, c);
        }
    }

    private void markDone(Schedule s, World w) {
        w.set(s.state(), w.get(s.state()).withOnStartDone(s));
    }

    private void markReset(Schedule s, World w) {
        w.set(s.state(), w.get(s.state()).withOnStartReset());
    }

    private List<String> take() {
        List<String> copy = List.copyOf(trace);
        trace.clear();
        return copy;
    }

    /** Runs the same setup with and without the toggle: the traces and the records must be equal. */
    private void sameWithAndWithout(boolean cEnabled, BiConsumer<Schedule, World> before,
                                    BiConsumer<Schedule, World> noOp, boolean byRunPhase) {
        List<Object> outcomes = new ArrayList<>();
        for (boolean withToggle : new boolean[] {false, true}) {
            World w = new World();
            build(cEnabled, (s, x) -> {
                before.accept(s, x);
                if (withToggle) {
                    noOp.accept(s, x);
                }
            });
            if (!cEnabled) {
                schedule.disable(w, c);
            }
            List<Object> outcome = new ArrayList<>();
            for (int pass = 0; pass < 3; pass++) {
                if (byRunPhase) {
                    schedule.runPhase(w, Phase.ON_START, 0);
                } else {
                    schedule.run(w, 0);
                }
                outcome.add(take());
                outcome.add(w.get(schedule.state()));
            }
            outcomes.add(outcome);
        }
        assertEquals(outcomes.get(0), outcomes.get(1), "a no-op toggle inside OnStart changed the outcome");
    }

    @Test
    @DisplayName("SCH-055 a no-op enable inside OnStart, after a system marked OnStart done, still lets the later OnStart systems run")
    void SCH_055_no_op_enable_after_with_on_start_done_changes_nothing() {
        build(true, (s, w) -> {
            markDone(s, w);
            s.enable(w, a);
        });
        schedule.run(world, 0);
        assertEquals(List.of("a", "b", "c"), take(), "b and c were pending when the pass began");
        assertEquals(ScheduleState.builder("main").onStartDone(true).onStartConsidered(List.of("a", "b", "c")).build(),
                world.get(schedule.state()));
        schedule.run(world, 0);
        assertEquals(List.of(), take());

        for (boolean byRunPhase : new boolean[] {false, true}) {
            sameWithAndWithout(true, this::markDone, (s, w) -> s.enable(w, a), byRunPhase);
            sameWithAndWithout(false, this::markDone, (s, w) -> s.disable(w, c), byRunPhase);
            sameWithAndWithout(false, this::markDone, (s, w) -> s.enable(w, b), byRunPhase);
        }
    }

    @Test
    @DisplayName("SCH-055 done, no-op enable, then reset inside OnStart: the phase completes, and OnStart does not run again")
    void SCH_055_no_op_enable_between_done_and_reset_lets_on_start_complete() {
        build(true, (s, w) -> {
            markDone(s, w);
            s.enable(w, a);
            markReset(s, w);
        });
        schedule.run(world, 0);
        assertEquals(List.of("a", "b", "c"), take());
        assertEquals(ScheduleState.builder("main").onStartDone(true).onStartConsidered(List.of("a", "b", "c")).build(),
                world.get(schedule.state()));
        schedule.run(world, 0);
        schedule.runPhase(world, Phase.ON_START, 0);
        assertEquals(List.of(), take(), "OnStart completed");

        for (boolean byRunPhase : new boolean[] {false, true}) {
            sameWithAndWithout(true, (s, w) -> markDone(s, w), (s, w) -> {
                s.enable(w, a);
                markReset(s, w);
            }, byRunPhase);
        }
    }

    @Test
    @DisplayName("SCH-056 a real enable inside OnStart, after a system marked OnStart done, runs the enabled pending system in the same pass")
    void SCH_056_real_enable_after_with_on_start_done_runs_the_system() {
        build(false, (s, w) -> {
            markDone(s, w);
            s.enable(w, c);
        });
        schedule.run(world, 0);
        assertEquals(List.of("a", "b", "c"), take(), "c was pending when the pass began and is enabled at its turn");
        assertEquals(ScheduleState.builder("main").onStartDone(true).onStartConsidered(List.of("a", "b", "c")).build(),
                world.get(schedule.state()));
    }

    @Test
    @DisplayName("SCH-056 a real disable inside OnStart, after a system marked OnStart done, skips the system as disabled and counts it considered")
    void SCH_056_real_disable_after_with_on_start_done_skips_the_system() {
        build(true, (s, w) -> {
            markDone(s, w);
            s.disable(w, b);
        });
        schedule.run(world, 0);
        assertEquals(List.of("a", "c"), take());
        assertEquals(ScheduleState.builder("main").disabled(List.of("b")).onStartDone(true)
                .onStartConsidered(List.of("a", "b", "c")).build(), world.get(schedule.state()));
        schedule.enable(world, b);
        schedule.run(world, 0);
        assertEquals(List.of(), take(), "b was considered (skipped as disabled, SCH-113): it does not run later");
    }

    @Test
    @DisplayName("SCH-036 a record a system writes inside OnStart does not change which systems the pass considers; the next pass reads it")
    void SCH_036_the_pending_set_is_fixed_when_the_pass_begins() {
        int[] calls = {0};
        build(true, (s, w) -> {
            if (calls[0]++ == 0) {
                w.set(s.state(), ScheduleState.builder("main").onStartDone(true)
                        .onStartConsidered(List.of("a", "b", "c")).build());
                s.disable(w, a); // a real toggle: it must not re-derive the pass's pending systems either
                s.enable(w, a);
            }
        });
        schedule.run(world, 0);
        assertEquals(List.of("a", "b", "c"), take());
        assertTrue(world.get(schedule.state()).onStartDone());
    }
}
