package dev.orrery.schedule.fixed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.FixedClock;
import dev.orrery.schedule.FixedPhases;
import dev.orrery.schedule.FixedTime;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.VirtualTime;
import dev.orrery.schedule.condition.RunIf;
import dev.orrery.testsupport.memory.AllocationMeter;
import dev.orrery.testsupport.memory.Measurement;
import dev.orrery.world.World;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * After the first frame on a world, frames with fixed steps (0 to several, two clocks, a run-condition
 * timer, virtual time) allocate nothing, on both dispatch engines (the suite runs twice).
 */
class FixedStepAllocationTest {
    @Test
    void fixedStepsAllocateNothingInSteadyState() {
        assumeTrue(AllocationMeter.isSupported(), "this JVM cannot count allocated bytes per thread");
        FixedClock ai = FixedClock.ofStep("test/ai", Duration.ofMillis(100));
        Phase think = Phase.builder("Think").dependsOn(FixedPhases.FIXED_POST_UPDATE).before(Phase.ON_UPDATE)
                .fixed(ai).build();
        long[] sum = {0};
        Schedule s = Schedule.builder("alloc").phases(think).systems(
                EcsSystem.define("pre", FixedPhases.FIXED_PRE_UPDATE, (w, dt) -> sum[0]++),
                EcsSystem.builder("update").phase(FixedPhases.FIXED_UPDATE).runIf(RunIf.every(0.05))
                        .run((w, dt) -> sum[0]++).build(),
                EcsSystem.define("think", think, (w, dt) -> sum[0]++),
                EcsSystem.define("draw", (w, dt) -> sum[0] += (long) FixedTime.of(w, FixedPhases.DEFAULT_CLOCK).alpha()))
                .build();
        World world = new World();
        VirtualTime.of(world).scale(1.5);
        double[] frames = {1.0 / 144, 1.0 / 60, 1.0 / 30, 0.001};
        for (double dt : frames) {
            s.run(world, dt);
        }
        Measurement m = AllocationMeter.standard().measure(() -> {
            for (int i = 0; i < 5_000; i++) {
                s.run(world, frames[i & 3]);
            }
        });
        assertEquals(0, m.leastBytes(), m.describe("5,000 frames with fixed steps of two clocks"));
    }
}
