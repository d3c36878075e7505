package dev.orrery.benchmarks;

import com.artemis.BaseSystem;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Peer: Artemis-odb 2.3.0 {@code World.process()} over N empty systems, each of its own class. Score / N = ns per system. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ArtemisDispatchBenchmark {
    /** Number of systems. */
    @Param({"10", "100", "1000", "10000"})
    public int systems;

    private World world;

    /** Builds the world with N empty systems. */
    @Setup
    public void setUp() {
        WorldConfigurationBuilder builder = new WorldConfigurationBuilder();
        for (BaseSystem s : DistinctClasses.instances(ArtemisEmptySystem.class, BaseSystem.class, systems)) {
            builder.with(s);
        }
        world = new World(builder.build());
        world.setDelta(1f / 60f);
    }

    /** One frame. */
    @Benchmark
    public void process() {
        world.process();
    }
}
