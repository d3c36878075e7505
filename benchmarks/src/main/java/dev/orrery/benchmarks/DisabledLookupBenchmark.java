package dev.orrery.benchmarks;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleState;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
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
 * SCH-124: the enabled check is O(1) per system, whatever the number of disabled names. 1,000 systems
 * run with no disabled names ({@code none}) and with 1,000 disabled names that match no system
 * ({@code unmatched}: the same systems run, only the disabled list is long). Target:
 * unmatched / none ≤ 1.1. {@code all} disables every system (all skipped) for reference.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DisabledLookupBenchmark {
    /** Which names are disabled. */
    @Param({"none", "unmatched", "all"})
    public String disabled;

    private Schedule schedule;
    private World world;

    /** Builds 1,000 systems and sets the disabled list. */
    @Setup
    public void setUp() {
        List<EcsSystem> systems = Fixtures.emptySystems(1000, null);
        schedule = Fixtures.schedule(systems, null);
        world = new World();
        schedule.run(world, 0.016);
        List<String> names = new ArrayList<>(1000);
        for (int i = 0; i < 1000; i++) {
            switch (disabled) {
                case "none" -> { }
                case "unmatched" -> names.add("not-a-system-" + i);
                case "all" -> names.add(systems.get(i).name());
                default -> throw new IllegalArgumentException(disabled);
            }
        }
        ScheduleState state = world.get(schedule.state());
        world.set(schedule.state(), state.withDisabled(names));
        schedule.run(world, 0.016);
    }

    /** One frame. */
    @Benchmark
    public void run() {
        schedule.run(world, 0.016);
    }
}
