package dev.orrery.schedule;

import static dev.orrery.schedule.Fixtures.fails;
import static dev.orrery.schedule.Fixtures.names;
import static dev.orrery.schedule.Fixtures.sysB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.condition.RunIf;
import dev.orrery.schedule.condition.StateStack;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (Orrery's own): edge cases of the conditions, state and lifecycle features, tried as
 * a demanding user would, each pinned.
 */
class FeatureEdgeCasesTest {
    private final World world = new World();
    private final List<String> trace = new ArrayList<>();

    private Condition rec(String name, boolean result) {
        return w -> {
            trace.add(name);
            return result;
        };
    }

    private RunFunction mark(String name) {
        return (w, dt) -> trace.add(name);
    }

    // --- runIf accumulation and order ---

    @Test
    void set_conditions_first_in_the_order_of_the_systems_sets_then_own_short_circuiting() {
        SystemSet s1 = SystemSet.builder("S1").runIf(rec("S1a", true)).runIf(rec("S1b", true)).build();
        SystemSet s2 = SystemSet.builder("S2").runIf(rec("S2a", true)).build();
        EcsSystem x = EcsSystem.builder("x").sets(s2, s1).runIf(rec("own1", true)).runIf(rec("own2", true))
                .run(mark("x")).build();
        Schedule s = Schedule.builder("main").sets(s1, s2).systems(x).build();
        s.run(world, 0);
        assertEquals(List.of("S2a", "S1a", "S1b", "own1", "own2", "x"), trace);
        trace.clear();
        SystemSet gate = SystemSet.builder("G").runIf(rec("G1", false)).runIf(rec("G2", true)).build();
        EcsSystem y = EcsSystem.builder("y").sets(gate).runIf(rec("own", true)).run(mark("y")).build();
        Schedule.builder("main").sets(gate).systems(y).build().run(world, 0);
        assertEquals(List.of("G1"), trace);
    }

    @Test
    void a_throwing_second_condition_of_a_set_or_a_system_is_attributed_to_its_stage() {
        RuntimeException boom = new RuntimeException("boom");
        SystemSet set = SystemSet.builder("S").runIf(w -> true).runIf(w -> { throw boom; }).build();
        EcsSystem x = sysB("x").sets(set).build();
        Schedule s = Schedule.builder("main").sets(set).systems(x).build();
        assertEquals(boom, assertThrows(RuntimeException.class, () -> s.run(world, 0)));
        RunFailure f = RunFailure.of(world, boom).orElseThrow();
        assertEquals(RunFailure.Stage.SET_CONDITION, f.stage());
        assertEquals("S", f.set());
        EcsSystem y = sysB("y").runIf(w -> true).runIf(w -> { throw boom; }).build();
        World w2 = new World();
        Schedule s2 = Schedule.builder("main").systems(y).build();
        assertThrows(RuntimeException.class, () -> s2.run(w2, 0));
        assertEquals(RunFailure.Stage.CONDITION, RunFailure.of(w2, boom).orElseThrow().stage());
    }

    // --- null checks before anything else ---

    @Test
    void null_arguments_are_NullPointerExceptions_whatever_the_others_are() {
        Phase stray = Phase.define("Stray");
        Schedule s = Schedule.builder("main").systems(sysB("x").build()).build();
        assertThrows(NullPointerException.class, () -> s.runPhases(world, stray, null, 0));
        assertThrows(NullPointerException.class, () -> s.runPhases(world, null, stray, 0));
        assertThrows(NullPointerException.class, () -> s.runPhases(world, stray, null, Double.NaN));
        assertThrows(NullPointerException.class, () -> s.runPhases(null, stray, stray, Double.NaN));
        assertThrows(NullPointerException.class, () -> s.runPhase(world, null, Double.NaN));
        assertThrows(NullPointerException.class, () -> s.runPhase(null, stray, Double.NaN));
        assertThrows(NullPointerException.class, () -> s.run(null, Double.NaN));
        assertThrows(NullPointerException.class, () -> s.enablePhase(null, stray));
        assertThrows(NullPointerException.class, () -> s.disablePhase(null, stray));
        assertThrows(NullPointerException.class, () -> s.isPhaseEnabled(null, stray));
        assertThrows(NullPointerException.class, () -> s.enablePhase(world, null));
        assertThrows(NullPointerException.class, () -> s.enable(null, sysB("stray").build()));
        assertThrows(NullPointerException.class, () -> s.disposeAll(null));
        assertThrows(NullPointerException.class, () -> s.disposeRemoved(null));
        assertThrows(NullPointerException.class, () -> RunIf.tick(null, Double.NaN));
        assertThrows(NullPointerException.class, () -> StateStack.push(null, " "));
        assertThrows(NullPointerException.class, () -> StateStack.replace(null, null));
        assertThrows(NullPointerException.class, () -> ScheduleState.initial("main").withOnStartDone(null));
        assertThrows(NullPointerException.class, () -> ScheduleState.initial("main").withDisabledPhases(null));
        EcsSystem x = s.systems().get(0);
        assertThrows(NullPointerException.class, () -> s.orderGraph().path(x.name(), null));
        assertThrows(NullPointerException.class, () -> s.orderGraph().path(null, x.name()));
        assertThrows(NullPointerException.class, () -> s.orderGraph().linksFrom(null));
        assertThrows(NullPointerException.class, () -> s.orderGraph().linksTo(null));
    }

    // --- the run-condition library in a schedule ---

    @Test
    void library_conditions_see_the_run_calls_dt_and_survive_a_rebuild_and_restart_on_reset() {
        Condition every = RunIf.every(2);
        EcsSystem x = EcsSystem.builder("x").runIf(every).run(mark("x")).build();
        Schedule a0 = Schedule.builder("main").systems(x).build();
        List<Integer> fired = new ArrayList<>();
        for (int pass = 1; pass <= 3; pass++) {
            trace.clear();
            a0.run(world, 1);
            if (!trace.isEmpty()) {
                fired.add(pass);
            }
        }
        Schedule a1 = Schedule.builder("main").systems(x, sysB("y").build()).adoptStateOf(a0).build();
        for (int pass = 4; pass <= 6; pass++) {
            trace.clear();
            a1.run(world, 1);
            if (!trace.isEmpty()) {
                fired.add(pass);
            }
        }
        world.reset();
        for (int pass = 7; pass <= 9; pass++) {
            trace.clear();
            a1.run(world, 1);
            if (!trace.isEmpty()) {
                fired.add(pass);
            }
        }
        assertEquals(List.of(2, 4, 6, 8), fired);
    }

    @Test
    void after_fires_again_only_after_a_world_reset_and_once_per_world() {
        Condition after = RunIf.after(1);
        EcsSystem x = EcsSystem.builder("x").runIf(after).run(mark("x")).build();
        Schedule s = Schedule.builder("main").systems(x).build();
        World other = new World();
        for (int i = 0; i < 4; i++) {
            s.run(world, 0.5);
            s.run(other, 1);
        }
        assertEquals(2, trace.size());
        world.reset();
        trace.clear();
        for (int i = 0; i < 4; i++) {
            s.run(world, 0.5);
        }
        assertEquals(List.of("x"), trace);
    }

    @Test
    void jitter_larger_than_the_interval_never_gives_an_interval_of_zero_nor_two_runs_per_pass() {
        Condition every = RunIf.every(1, 50);
        EcsSystem x = EcsSystem.builder("x").runIf(every).run(mark("x")).build();
        EcsSystem y = EcsSystem.builder("y").runIf(every).run(mark("y")).build();
        Schedule s = Schedule.builder("main").systems(x, y).build();
        RunIf.seed(world, 42);
        int fired = 0;
        for (int i = 0; i < 1000; i++) {
            trace.clear();
            s.run(world, 0.001);
            assertTrue(trace.isEmpty() || trace.equals(List.of("x", "y")), trace.toString());
            fired += trace.isEmpty() ? 0 : 1;
        }
        // the shortest interval is a tenth of the nominal one: at most 1000 * 0.001 / 0.1 = 10 firings
        assertTrue(fired <= 10, "fired " + fired);
    }

    @Test
    void jitter_is_deterministic_under_a_seed_and_a_reset_restarts_the_stream() {
        List<Integer> a = everyJitterFirings(new World(), 7);
        List<Integer> b = everyJitterFirings(new World(), 7);
        assertEquals(a, b);
        World w = new World();
        List<Integer> first = everyJitterFirings(w, 7);
        w.reset();
        assertEquals(first, everyJitterFirings(w, 7));
    }

    private static List<Integer> everyJitterFirings(World w, long seed) {
        Condition every = RunIf.every(0.5, 0.4);
        List<Integer> fired = new ArrayList<>();
        int[] pass = {0};
        EcsSystem x = EcsSystem.builder("x").runIf(every).run((ww, dt) -> fired.add(pass[0])).build();
        Schedule s = Schedule.builder("main").systems(x).build();
        RunIf.seed(w, seed);
        for (pass[0] = 0; pass[0] < 200; pass[0]++) {
            s.run(w, 0.0625);
        }
        return fired;
    }

    @Test
    void both_and_either_order_changes_timing_as_in_the_reference() {
        // both(inState("game"), every(2)) pauses outside the state; the reverse keeps advancing
        Condition gated = RunIf.both(RunIf.inState("game"), RunIf.every(2));
        Condition advancing = RunIf.both(RunIf.every(2), RunIf.inState("game"));
        EcsSystem g = EcsSystem.builder("g").runIf(gated).run(mark("g")).build();
        EcsSystem a = EcsSystem.builder("a").runIf(advancing).run(mark("a")).build();
        Schedule s = Schedule.builder("main").systems(g, a).build();
        StateStack.push(world, "game");
        List<String> out = new ArrayList<>();
        for (int pass = 1; pass <= 6; pass++) {
            if (pass == 2) {
                StateStack.push(world, "paused");
            }
            if (pass == 4) {
                StateStack.pop(world);
            }
            trace.clear();
            s.run(world, 1);
            out.add(pass + ":" + String.join(",", trace));
        }
        // g counts passes 1, 4 (paused at 2, 3) -> fires at 4, then 6; a counts every pass -> due at 2
        // (outside the state: spent), 4 fires, 6 fires
        assertEquals(List.of("1:", "2:", "3:", "4:g,a", "5:", "6:g,a"), out);
        trace.clear();
        Condition either = RunIf.either(RunIf.inState("game"), RunIf.every(2));
        World w = new World();
        EcsSystem e = EcsSystem.builder("e").runIf(either).run(mark("e")).build();
        Schedule se = Schedule.builder("main").systems(e).build();
        StateStack.push(w, "game");
        se.run(w, 1);
        se.run(w, 1); // right operand untested while in "game": not advancing
        StateStack.replace(w, "menu");
        se.run(w, 1); // first test of every(2): 1 s counted
        se.run(w, 1); // 2 s: fires
        assertEquals(List.of("e", "e", "e"), trace);
    }

    @Test
    void cooldown_runs_at_once_then_waits_the_duration_and_timed_conditions_allocate_nothing() {
        EcsSystem x = EcsSystem.builder("x").runIf(RunIf.cooldown(1)).run(mark("x")).build();
        Schedule s = Schedule.builder("main").systems(x).build();
        List<Integer> fired = new ArrayList<>();
        for (int pass = 1; pass <= 8; pass++) {
            trace.clear();
            s.run(world, 0.5);
            if (!trace.isEmpty()) {
                fired.add(pass);
            }
        }
        assertEquals(List.of(1, 3, 5, 7), fired);
    }

    // --- state stack ---

    @Test
    void state_stack_push_pop_replace_and_their_errors() {
        assertThrows(IllegalStateException.class, () -> StateStack.pop(world));
        assertThrows(IllegalStateException.class, () -> StateStack.replace(world, "x"));
        assertThrows(IllegalArgumentException.class, () -> StateStack.push(world, " "));
        StateStack.push(world, "menu");
        StateStack.replace(world, "game");
        StateStack.push(world, "paused");
        assertEquals(List.of("game", "paused"), StateStack.states(world));
        assertEquals("paused", StateStack.pop(world));
        assertEquals("game", StateStack.top(world).orElseThrow());
        world.reset();
        assertTrue(StateStack.top(world).isEmpty());
    }
}
