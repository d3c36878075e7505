package dev.orrery.benchmarks;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.RunFunction;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.condition.RunIf;
import dev.orrery.schedule.condition.StateStack;
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
 * 1,000 systems with two AND-ed conditions each (two {@code runIf} calls), both tested on
 * every frame and the system skipped by the second. Score / 1,000 = ns per system.
 * {@code lambdas}: {@code runIf(w -> true).runIf(w -> false)}. {@code library}:
 * {@code runIf(RunIf.inState("game")).runIf(RunIf.every(1e9))}, a timer per system that is never due,
 * so both are tested and the timer counts dt on every frame.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CombinedConditionBenchmark {
    @Param({"lambdas", "library"})
    public String kind;

    private Schedule schedule;
    private World world;

    /** Builds the schedule: 1,000 systems of distinct run-function classes over the frame phases. */
    @Setup
    public void setUp() {
        List<RunFunction> bodies = DistinctClasses.instances(OrreryEmptySystem.class, RunFunction.class, 1000);
        List<EcsSystem> systems = new ArrayList<>(1000);
        for (int i = 0; i < 1000; i++) {
            EcsSystem.Builder b = EcsSystem.builder("s" + i)
                    .phase(Fixtures.FRAME_PHASES.get(i % Fixtures.FRAME_PHASES.size()))
                    .run(bodies.get(i));
            if ("library".equals(kind)) {
                b.runIf(RunIf.inState("game")).runIf(RunIf.every(1e9));
            } else {
                b.runIf(w -> true).runIf(w -> false);
            }
            systems.add(b.build());
        }
        schedule = Fixtures.schedule(systems, null);
        world = new World();
        StateStack.push(world, "game");
        schedule.run(world, 0.016);
    }

    /** One frame in which every system tests both conditions and is skipped by the second. */
    @Benchmark
    public void run() {
        schedule.run(world, 0.016);
    }
}
