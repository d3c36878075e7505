package dev.orrery.benchmarks;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
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
 * Orrery's hot plug: {@code Schedule.withoutPlugins} at a frame boundary, which the host calls on the
 * frame thread when a plugin departs. N systems (one run-function class, so the runs are cheap) in 10
 * plugins of N/10 systems each; one plugin is removed.
 * <ul>
 *   <li>{@code withoutPlugins}: deriving the filtered schedule alone.</li>
 *   <li>{@code withoutPluginsThenRun}: deriving it and running its first frame on a world whose state
 *       the full schedule already holds (what the next frame pays: the filter plus the new schedule's
 *       per-world runtime data).</li>
 *   <li>{@code run}: a frame of the full schedule, for reference.</li>
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class WithoutPluginsBenchmark {
    private static final int PLUGINS = 10;

    /** Number of systems. */
    @Param({"1000", "10000"})
    public int systems;

    private Schedule full;
    private World world;
    private List<String> departing;

    /** Builds the schedule from 10 plugins and runs it once on the world. */
    @Setup
    public void setUp() {
        List<EcsSystem> all = Fixtures.emptySystems(systems, null, false);
        List<Plugin> plugins = new ArrayList<>(PLUGINS);
        int per = systems / PLUGINS;
        for (int p = 0; p < PLUGINS; p++) {
            plugins.add(Plugin.builder("plugin-" + p).systems(all.subList(p * per, (p + 1) * per)).build());
        }
        full = Schedule.builder("bench").plugins(plugins).build();
        world = new World();
        full.run(world, 0.016);
        departing = List.of("plugin-3");
    }

    /**
     * @return the filtered schedule, consumed by JMH
     */
    @Benchmark
    public Schedule withoutPlugins() {
        return full.withoutPlugins(departing);
    }

    /**
     * @return the filtered schedule after its first frame, consumed by JMH
     */
    @Benchmark
    public Schedule withoutPluginsThenRun() {
        Schedule without = full.withoutPlugins(departing);
        without.run(world, 0.016);
        return without;
    }

    /** One frame of the full schedule. */
    @Benchmark
    public void run() {
        full.run(world, 0.016);
    }
}
