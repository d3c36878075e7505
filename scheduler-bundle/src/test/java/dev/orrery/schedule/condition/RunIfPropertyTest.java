package dev.orrery.schedule.condition;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orrery.schedule.Condition;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Beyond the spec (Orrery's own): the library's timers over random dt sequences against independent
 * statements of their semantics. dt values and durations are multiples of 1/8 s, so sums are exact.
 */
class RunIfPropertyTest {
    private static double eighths(Random random, int max) {
        return random.nextInt(max + 1) / 8.0;
    }

    @Property(tries = 300)
    void every_fires_once_per_whole_interval_when_no_pass_exceeds_it(@ForAll long seed) {
        Random random = new Random(seed);
        double interval = (1 + random.nextInt(16)) / 8.0;
        World world = new World();
        Condition every = RunIf.every(interval);
        double total = 0;
        int fired = 0;
        for (int pass = 0; pass < 60; pass++) {
            double dt = Math.min(eighths(random, 16), interval);
            total += dt;
            RunIf.tick(world, dt);
            if (every.test(world)) {
                fired++;
            }
            assertEquals((int) Math.floor(total / interval), fired, "seed " + seed + ", pass " + pass);
        }
    }

    @Property(tries = 300)
    void after_fires_exactly_in_the_first_pass_that_reaches_the_delay(@ForAll long seed) {
        Random random = new Random(seed);
        double delay = eighths(random, 40);
        World world = new World();
        Condition after = RunIf.after(delay);
        double total = 0;
        boolean reached = false;
        for (int pass = 0; pass < 40; pass++) {
            double dt = eighths(random, 8);
            total += dt;
            RunIf.tick(world, dt);
            boolean expected = !reached && total >= delay;
            reached |= expected;
            assertEquals(expected, after.test(world), "seed " + seed + ", pass " + pass);
        }
    }

    @Property(tries = 300)
    void cooldown_fires_first_then_as_soon_as_the_duration_passed_since_the_last_firing(@ForAll long seed) {
        Random random = new Random(seed);
        double duration = eighths(random, 24);
        World world = new World();
        Condition cooldown = RunIf.cooldown(duration);
        Double since = null; // time counted since the last firing; null before the first pass
        for (int pass = 0; pass < 60; pass++) {
            double dt = eighths(random, 8);
            RunIf.tick(world, dt);
            boolean expected;
            if (since == null) {
                expected = true;
                since = 0.0;
            } else {
                since += dt;
                expected = since >= duration;
                if (expected) {
                    since = 0.0;
                }
            }
            assertEquals(expected, cooldown.test(world), "seed " + seed + ", pass " + pass);
        }
    }

    @Property(tries = 300)
    void operand_order_of_both_decides_which_passes_the_timer_counts(@ForAll long seed) {
        Random random = new Random(seed);
        double interval = (1 + random.nextInt(16)) / 8.0;
        World world = new World();
        StateStack.push(world, "boot");
        Condition gateFirst = RunIf.both(RunIf.inState("game"), RunIf.every(interval));
        Condition timerFirst = RunIf.both(RunIf.every(interval), RunIf.inState("game"));
        Condition eitherGate = RunIf.either(RunIf.inState("game"), RunIf.every(interval));
        // models: a timer that counts only the passes given to it
        double[] counted = new double[3];
        List<Boolean> got = new ArrayList<>();
        List<Boolean> want = new ArrayList<>();
        for (int pass = 0; pass < 60; pass++) {
            boolean inGame = random.nextBoolean();
            StateStack.replace(world, inGame ? "game" : "menu");
            double dt = Math.min(eighths(random, 16), interval);
            RunIf.tick(world, dt);
            got.add(gateFirst.test(world));
            got.add(timerFirst.test(world));
            got.add(eitherGate.test(world));
            want.add(inGame && due(counted, 0, dt, interval));
            boolean timer = due(counted, 1, dt, interval);
            want.add(timer && inGame);
            want.add(inGame || due(counted, 2, dt, interval));
        }
        assertEquals(want, got, "seed " + seed);
    }

    /** Model of every(interval) without jitter, for passes no longer than the interval. */
    private static boolean due(double[] counted, int k, double dt, double interval) {
        counted[k] += dt;
        if (counted[k] >= interval) {
            counted[k] -= interval;
            return true;
        }
        return false;
    }
}
