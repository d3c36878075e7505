package dev.orrery.schedule.condition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.Condition;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (Orrery's own): timing of the run-condition library under fixed dt sequences, one test
 * per pass begun with {@link RunIf#tick} (a schedule's run call does the same). The dt values are exact
 * in binary, so the expected vectors are exact.
 */
class RunIfTimingTest {
    private final World world = new World();

    /** @return the condition's decision in each pass, one pass per dt */
    private List<Boolean> decisions(Condition condition, double... dts) {
        return decisions(world, condition, dts);
    }

    private static List<Boolean> decisions(World world, Condition condition, double... dts) {
        List<Boolean> out = new ArrayList<>();
        for (double dt : dts) {
            RunIf.tick(world, dt);
            out.add(condition.test(world));
        }
        return out;
    }

    private static List<Boolean> bools(int... bits) {
        List<Boolean> out = new ArrayList<>();
        for (int b : bits) {
            out.add(b != 0);
        }
        return out;
    }

    private static double[] repeat(double dt, int n) {
        double[] out = new double[n];
        java.util.Arrays.fill(out, dt);
        return out;
    }

    @Test
    @DisplayName("after(1): one pass once the counted time reaches the delay, then never again")
    void after_fires_once() {
        assertEquals(bools(0, 0, 0, 1, 0, 0, 0, 0), decisions(RunIf.after(1), repeat(0.25, 8)));
        assertEquals(bools(1, 0, 0), decisions(RunIf.after(0), 0, 1, 1));
        assertEquals(bools(0, 1, 0), decisions(RunIf.after(1), 0.5, 4, 4), "a long pass fires once");
    }

    @Test
    @DisplayName("every(0.5): each pass that completes an interval; the overshoot carries, modulo the interval (no burst)")
    void every_without_jitter() {
        assertEquals(bools(0, 1, 0, 1, 0, 1), decisions(RunIf.every(0.5), repeat(0.25, 6)));
        // 1.25 s counted in pass 2: fires once; 0.75 s over, 0.25 s carried (modulo 0.5), so the next
        // 0.25 s completes the next interval
        assertEquals(bools(0, 1, 1, 0, 1), decisions(RunIf.every(0.5), 0.25, 1.0, 0.25, 0.25, 0.25));
        assertEquals(bools(1, 1, 1), decisions(RunIf.every(0.5), 0.5, 0.5, 0.5));
        assertEquals(bools(0, 0, 0), decisions(RunIf.every(0.5), 0, 0, 0), "dt 0 counts nothing");
    }

    @Test
    @DisplayName("every(interval, jitter) under a seed: intervals drawn from the world's stream, uniform in [-jitter, +jitter), reproducible")
    void every_with_jitter_under_a_seed() {
        double interval = 1.0;
        double jitter = 0.5;
        double dt = 0.125;
        int passes = 400;
        RunIf.seed(world, 42);
        List<Boolean> actual = decisions(RunIf.every(interval, jitter), repeat(dt, passes));

        // independent model: the same stream, one draw per interval, counted in whole passes
        SplittableRandom random = new SplittableRandom(42);
        List<Boolean> expected = new ArrayList<>();
        double next = interval + jitter * (2 * random.nextDouble() - 1);
        double elapsed = 0;
        for (int i = 0; i < passes; i++) {
            elapsed += dt;
            if (elapsed >= next) {
                double over = elapsed - next;
                next = interval + jitter * (2 * random.nextDouble() - 1);
                elapsed = over % next;
                expected.add(true);
            } else {
                expected.add(false);
            }
        }
        assertEquals(expected, actual);
        long fired = actual.stream().filter(b -> b).count();
        assertTrue(fired > 40 && fired < 60, "about one per second over 50 s: " + fired);

        World same = new World();
        RunIf.seed(same, 42);
        assertEquals(actual, decisions(same, RunIf.every(interval, jitter), repeat(dt, passes)), "same seed, same decisions");
        World other = new World();
        RunIf.seed(other, 43);
        assertNotEquals(actual, decisions(other, RunIf.every(interval, jitter), repeat(dt, passes)), "another seed");
        World unseeded1 = new World();
        World unseeded2 = new World();
        assertEquals(decisions(unseeded1, RunIf.every(interval, jitter), repeat(dt, passes)),
                decisions(unseeded2, RunIf.every(interval, jitter), repeat(dt, passes)), "the default seed is fixed");
    }

    @Test
    @DisplayName("every: a jitter larger than the interval is clamped, so an interval is never 0 (at least a tenth of it)")
    void every_jitter_is_clamped() {
        RunIf.seed(world, 7);
        Condition every = RunIf.every(1.0, 50.0);
        // with dt 0.05 each interval lasts at least two passes: never two true passes in a row
        List<Boolean> d = decisions(every, repeat(0.05, 2000));
        for (int i = 1; i < d.size(); i++) {
            assertFalse(d.get(i) && d.get(i - 1), "two true passes in a row at " + i);
        }
        assertTrue(d.contains(true));
    }

    @Test
    @DisplayName("cooldown(1): first pass at once, then suppressed until the duration elapsed, no carry")
    void cooldown_first_at_once() {
        assertEquals(bools(1, 0, 0, 0, 1, 0, 0, 0, 1), decisions(RunIf.cooldown(1), repeat(0.25, 9)));
        assertEquals(bools(1, 0, 1, 0, 1), decisions(RunIf.cooldown(1), 0.75, 0.75, 0.75, 0.75, 0.75));
        assertEquals(bools(1, 1, 1), decisions(RunIf.cooldown(0), 0, 0, 0));
    }

    @Test
    @DisplayName("inState over push/pop/replace; negate")
    void in_state_and_negate() {
        Condition game = RunIf.inState("game");
        Condition notGame = RunIf.negate(game);
        assertFalse(game.test(world), "empty stack");
        assertTrue(notGame.test(world));
        StateStack.push(world, "menu");
        assertFalse(game.test(world));
        assertEquals("menu", StateStack.replace(world, "game"));
        assertTrue(game.test(world));
        assertFalse(notGame.test(world));
        StateStack.push(world, "paused");
        assertFalse(game.test(world), "only the top counts");
        assertEquals(List.of("game", "paused"), StateStack.states(world));
        assertEquals("paused", StateStack.pop(world));
        assertTrue(game.test(world));
    }

    @Test
    @DisplayName("both(inState(\"game\"), every(2)) pauses the interval outside the state; both(every(2), inState(\"game\")) keeps it advancing")
    void both_operand_order_changes_timing() {
        Condition gateFirst = RunIf.both(RunIf.inState("game"), RunIf.every(2));
        Condition timerFirst = RunIf.both(RunIf.every(2), RunIf.inState("game"));
        String[] states = {"menu", "game", "game", "game", "game"};
        List<Boolean> gated = new ArrayList<>();
        List<Boolean> timed = new ArrayList<>();
        StateStack.push(world, "boot");
        for (String state : states) {
            StateStack.replace(world, state);
            RunIf.tick(world, 1);
            gated.add(gateFirst.test(world));
            timed.add(timerFirst.test(world));
        }
        // gate first: the timer counts only passes 2..5 -> fires in passes 3 and 5
        assertEquals(bools(0, 0, 1, 0, 1), gated);
        // timer first: it counts pass 1 too -> due in pass 2 (in the state) and 4
        assertEquals(bools(0, 1, 0, 1, 0), timed);
    }

    @Test
    @DisplayName("either(l, every(2)): the right operand advances only in passes where the left one fails")
    void either_right_operand_only_when_left_fails() {
        Condition either = RunIf.either(RunIf.inState("editor"), RunIf.every(2));
        String[] states = {"game", "editor", "editor", "game", "game", "game"};
        List<Boolean> out = new ArrayList<>();
        StateStack.push(world, "boot");
        for (String state : states) {
            StateStack.replace(world, state);
            RunIf.tick(world, 1);
            out.add(either.test(world));
        }
        // every counts passes 1, 4, 5, 6 -> due in pass 4 and 6; the editor passes are true by the left
        assertEquals(bools(0, 1, 1, 1, 0, 1), out);
    }

    @Test
    @DisplayName("one decision per pass: tested again in the same pass, a timer returns the same decision and counts dt once")
    void one_decision_per_pass() {
        Condition every = RunIf.every(1);
        List<Boolean> out = new ArrayList<>();
        for (int pass = 0; pass < 4; pass++) {
            RunIf.tick(world, 0.5);
            boolean first = every.test(world);
            assertEquals(first, every.test(world));
            assertEquals(first, every.test(world));
            out.add(first);
        }
        assertEquals(bools(0, 1, 0, 1), out);
    }

    @Test
    @DisplayName("state per condition object and world: independent worlds and objects; world.reset() starts over")
    void state_per_object_and_world() {
        Condition after = RunIf.after(0.5);
        World other = new World();
        assertEquals(bools(0, 1, 0), decisions(after, 0.25, 0.25, 0.25));
        assertEquals(bools(0, 1), decisions(other, after, 0.25, 0.25), "another world has its own timer");
        assertEquals(bools(0, 1), decisions(RunIf.after(0.5), 0.25, 0.25), "another object has its own timer");
        world.reset();
        assertEquals(bools(0, 1), decisions(after, 0.25, 0.25), "reset starts over");
    }
}
