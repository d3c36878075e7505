package dev.orrery.benchmarks;

import dev.orrery.plugin.devtools.SystemTimings;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
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
 * The devtools' per-system timings ({@link SystemTimings}, two {@code System.nanoTime()}
 * reads per system) on {@code Schedule.run()} over N empty systems of distinct classes, against the
 * same schedule without hooks. {@code period}: {@code off} (no hooks), or the hooks' sample period
 * (1: every frame timed; N: one frame in N timed, the others on the hook-free generated path).
 * Target: timing on at most 1.3 times the hook-free frame at 1,000 systems.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TimingHooksBenchmark {
    /** Number of systems. */
    @Param({"1000"})
    public int systems;

    /** {@code off}, or the sample period of the timings. */
    @Param({"off", "1", "64", "256"})
    public String period;

    /**
     * Whether the schedule is built with a {@link RunProbe}, as the host builds every schedule (issue
     * 17); the same in every row of one run, so the ratio is the timings' own cost.
     */
    @Param({"true"})
    public boolean probe;

    private Schedule schedule;
    private World world;

    /** Builds the schedule (dispatcher generated inside the build) and runs it once. */
    @Setup
    public void setUp() {
        System.setProperty("orrery.schedule.dispatch", "sync");
        SystemTimings timings = "off".equals(period) ? null
                : new SystemTimings(System::nanoTime, Integer.parseInt(period));
        schedule = Schedule.builder("bench").systems(Fixtures.emptySystems(systems, null, true)).hooks(timings)
                .probe(probe ? new RunProbe() : null).build();
        world = new World();
        schedule.run(world, 0.016);
    }

    /** One frame. */
    @Benchmark
    public void run() {
        schedule.run(world, 0.016);
    }
}
