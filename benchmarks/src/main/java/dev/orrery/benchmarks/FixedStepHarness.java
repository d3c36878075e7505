package dev.orrery.benchmarks;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.FixedClock;
import dev.orrery.schedule.FixedTime;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * A harness, not a JMH benchmark: prints (1) how many steps of a 60 Hz clock frames of 144 Hz and of
 * 30 Hz run, as a distribution over 100,000 frames, and (2) the worst frame after a 1 s hitch with the
 * catch-up cap (8 steps, 250 ms) and without it, where each step costs some work (a loop over an
 * array), so the frame time is measured, not only the step count.
 *
 * <p>Run: {@code java -cp 'benchmarks/target/classes:benchmarks/target/lib/*' dev.orrery.benchmarks.FixedStepHarness}
 */
public final class FixedStepHarness {
    private static final int FRAMES = 100_000;
    private static long sink;

    private FixedStepHarness() {
    }

    /**
     * @param args none
     */
    public static void main(String[] args) {
        FixedClock clock = FixedClock.ofHz("physics", 60);
        for (double rate : new double[] {144, 30}) {
            Map<Integer, Integer> histogram = distribution(clock, 1.0 / rate);
            System.out.printf("60 Hz clock, %.0f Hz frames, %,d frames: steps per frame -> frames%n", rate, FRAMES);
            histogram.forEach((steps, count) -> System.out.printf("  %d steps: %,d frames (%.2f %%)%n", steps, count,
                    100.0 * count / FRAMES));
        }
        FixedClock uncapped = clock.maxStepsPerFrame(Integer.MAX_VALUE).maxCatchUp(Duration.ofHours(1));
        for (int round = 0; round < 3; round++) { // the first rounds warm the JIT; the last one is printed
            long capped = worstFrameAfterHitch(clock);
            long free = worstFrameAfterHitch(uncapped);
            if (round == 2) {
                System.out.printf("worst frame after a 1 s hitch, 60 Hz clock, a loop over 20,000 ints per step:%n");
                System.out.printf("  with the cap (8 steps, 250 ms): %.3f ms (8 steps)%n", capped / 1e6);
                System.out.printf("  without a cap:                  %.3f ms (%d steps)%n", free / 1e6,
                        1_000_000_000L / clock.stepNanos());
            }
        }
    }

    private static Map<Integer, Integer> distribution(FixedClock clock, double frameDt) {
        Phase phase = Phase.builder("Physics").dependsOn(Phase.PRE_UPDATE).before(Phase.ON_UPDATE).fixed(clock).build();
        Schedule s = Schedule.builder("harness").phases(phase)
                .systems(EcsSystem.define("step", phase, (w, dt) -> { })).build();
        World world = new World();
        Map<Integer, Integer> histogram = new TreeMap<>();
        for (int f = 0; f < FRAMES; f++) {
            s.run(world, frameDt);
            histogram.merge(FixedTime.of(world, clock).stepsLastFrame(), 1, Integer::sum);
        }
        return histogram;
    }

    private static long worstFrameAfterHitch(FixedClock clock) {
        int[] data = new int[20_000];
        Phase phase = Phase.builder("Physics").dependsOn(Phase.PRE_UPDATE).before(Phase.ON_UPDATE).fixed(clock).build();
        Schedule s = Schedule.builder("harness").phases(phase).systems(EcsSystem.define("step", phase, (w, dt) -> {
            long sum = 0;
            for (int i = 0; i < data.length; i++) {
                sum += data[i] ^ i;
            }
            sink += sum;
        })).build();
        World world = new World();
        for (int f = 0; f < 600; f++) {
            s.run(world, 1.0 / 60);
        }
        long worst = 0;
        double[] frames = {1.0, 1.0 / 60, 1.0 / 60, 1.0 / 60};
        java.util.logging.Logger.getLogger("dev.orrery.schedule").setLevel(java.util.logging.Level.OFF);
        for (double dt : frames) {
            long t0 = System.nanoTime();
            s.run(world, dt);
            worst = Math.max(worst, System.nanoTime() - t0);
        }
        return worst;
    }
}
