package dev.orrery.benchmarks;

import dev.orrery.schedule.BuildProblem;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleBuildException;
import dev.orrery.schedule.ScheduleBuilder;
import dev.orrery.schedule.SystemSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The error path of a build with many cycles: how long {@code build()} takes to report them. The
 * enumeration is bounded ({@link BuildProblem#COUNTED_CYCLES} cycles per strongly connected group),
 * so each case stays well under a second although the graphs hold astronomically many cycles. The
 * unit tests ({@code GraphEdgeCasesTest}) check the bound itself; this is where the time is measured.
 * <ul>
 *   <li>{@code setsOrderedAgainstEachOther}: 300 systems in set S1 and 300 in S2, each set ordered
 *       after the other: 180,000 system edges, one group.</li>
 *   <li>{@code denseTangle}: 40 systems, each ordered before every other: a complete digraph.</li>
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class CycleReportBenchmark {
    private ScheduleBuilder sets;
    private ScheduleBuilder tangle;

    /** Prepares both inputs once; each invocation builds one again. */
    @Setup
    public void setUp() {
        SystemSet s1 = SystemSet.builder("S1").afterIfPresent("S2").build();
        SystemSet s2 = SystemSet.builder("S2").afterIfPresent("S1").build();
        List<EcsSystem> systems = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            systems.add(EcsSystem.builder("a" + i).run((w, dt) -> { }).sets(s1).build());
            systems.add(EcsSystem.builder("b" + i).run((w, dt) -> { }).sets(s2).build());
        }
        sets = Schedule.builder("main").sets(s1, s2).systems(systems);
        List<EcsSystem> wired = new ArrayList<>();
        int n = 40;
        for (int i = 0; i < n; i++) {
            EcsSystem.Builder b = EcsSystem.builder("s" + i).run((w, dt) -> { });
            for (int j = 0; j < n; j++) {
                if (j != i) {
                    b.beforeIfPresent("s" + j);
                }
            }
            wired.add(b.build());
        }
        tangle = Schedule.builder("main").systems(wired);
    }

    /** @return the reported problem, consumed by JMH */
    @Benchmark
    public BuildProblem setsOrderedAgainstEachOther() {
        return problem(sets);
    }

    /** @return the reported problem, consumed by JMH */
    @Benchmark
    public BuildProblem denseTangle() {
        return problem(tangle);
    }

    private static BuildProblem problem(ScheduleBuilder builder) {
        try {
            builder.build();
        } catch (ScheduleBuildException e) {
            return e.problems().get(0);
        }
        throw new IllegalStateException("the build was expected to fail with a cycle");
    }
}
