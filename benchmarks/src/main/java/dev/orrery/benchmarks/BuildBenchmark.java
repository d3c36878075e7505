package dev.orrery.benchmarks;

import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleBuilder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * {@code ScheduleBuilder.build()} of N systems with two edges each across 100 custom phases and 8
 * chained sets, including the generation of the dispatcher when {@code dispatch=generated}. Target: ≤ 50 ms at 10,000 systems, and 10k / 1k ≤ 15 (close to linear).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class BuildBenchmark {
    /** Number of systems. */
    @Param({"1000", "10000"})
    public int systems;

    /**
     * {@code sync} (the dispatcher generated inside {@code build()}: build including
     * generation) or {@code loop} (no generation; also what {@code build()} costs in the default mode
     * above 2,048 systems, where generation runs in the background), set as the system property
     * {@code orrery.schedule.dispatch} before the build.
     */
    @Param({"sync", "loop"})
    public String dispatch;

    /**
     * {@code shared}: one lambda class for every run function (the generated dispatcher writes
     * same-class loops); {@code distinct}: each of its own class, as in a game (one call site each).
     */
    @Param({"shared", "distinct"})
    public String classes;

    private ScheduleBuilder input;

    /** Prepares the input once; each invocation builds it again. */
    @Setup
    public void setUp() {
        System.setProperty("orrery.schedule.dispatch", dispatch);
        input = Fixtures.buildInput(systems, 42L, "distinct".equals(classes));
    }

    /**
     * @return the schedule, consumed by JMH
     */
    @Benchmark
    public Schedule build() {
        return input.build();
    }
}
