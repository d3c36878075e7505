package dev.orrery.benchmarks;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.FixedPhases;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The cost of a fixed step: one frame of 1/60 s that runs one step of the three ready-made fixed
 * phases (one empty system each), against the same three systems in three variable phases at the same
 * place. The difference is the accumulator, the clock's state lookup and the step's pass; run with
 * {@code -prof gc} for the allocation per frame.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FixedStepBenchmark {
    private Schedule fixed;
    private Schedule direct;
    private World fixedWorld;
    private World directWorld;

    /** Builds both schedules and runs each once (the first call on a world sets it up). */
    @Setup
    public void setUp() {
        fixed = Schedule.builder("fixed").systems(
                EcsSystem.define("pre", FixedPhases.FIXED_PRE_UPDATE, (w, dt) -> { }),
                EcsSystem.define("update", FixedPhases.FIXED_UPDATE, (w, dt) -> { }),
                EcsSystem.define("post", FixedPhases.FIXED_POST_UPDATE, (w, dt) -> { })).build();
        Phase a = Phase.builder("A").dependsOn(Phase.PRE_UPDATE).before(Phase.ON_UPDATE).build();
        Phase b = Phase.builder("B").dependsOn(a).before(Phase.ON_UPDATE).build();
        Phase c = Phase.builder("C").dependsOn(b).before(Phase.ON_UPDATE).build();
        direct = Schedule.builder("direct").phases(a, b, c).systems(
                EcsSystem.define("pre", a, (w, dt) -> { }),
                EcsSystem.define("update", b, (w, dt) -> { }),
                EcsSystem.define("post", c, (w, dt) -> { })).build();
        fixedWorld = new World();
        directWorld = new World();
        fixed.run(fixedWorld, 1.0 / 60);
        direct.run(directWorld, 1.0 / 60);
    }

    /** One frame, one fixed step. */
    @Benchmark
    public void fixedStep() {
        fixed.run(fixedWorld, 1.0 / 60);
    }

    /** One frame, the same phases run directly. */
    @Benchmark
    public void phasesDirectly() {
        direct.run(directWorld, 1.0 / 60);
    }
}
