package dev.orrery.benchmarks;

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

/** 1,000 systems skipped by a condition that returns false (SCH-118). Score / 1,000 = ns per system. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ConditionBenchmark {
    private Schedule schedule;
    private World world;

    /** Builds the schedule. */
    @Setup
    public void setUp() {
        schedule = Fixtures.schedule(Fixtures.emptySystems(1000, w -> false), null);
        world = new World();
        schedule.run(world, 0.016);
    }

    /** One frame in which every system is skipped by its condition. */
    @Benchmark
    public void run() {
        schedule.run(world, 0.016);
    }
}
