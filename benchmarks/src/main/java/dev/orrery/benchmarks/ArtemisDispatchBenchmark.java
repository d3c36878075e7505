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
import org.openjdk.jmh.infra.Blackhole;

/** Peer: Artemis-odb {@code World.process()} over N empty systems. Divide the score by N for ns per system. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ArtemisDispatchBenchmark {
    @Param({"10", "100", "1000", "10000"})
    public int systems;

    private World world;

    /** An empty Artemis system that records a call into a blackhole-visible counter. */
    public static class EmptySystem extends BaseSystem {
        long calls;

        @Override
        protected void processSystem() {
            calls++;
        }
    }

    /** Builds the world with N empty systems. */
    @Setup
    public void setUp() {
        WorldConfigurationBuilder builder = new WorldConfigurationBuilder();
        for (int i = 0; i < systems; i++) {
            // Artemis keys systems by class unless registered as instances with distinct identities.
            builder.with(new EmptySystem());
        }
        world = new World(builder.build());
        world.setDelta(1f / 60f);
    }

    /**
     * @param bh keeps the world live
     */
    @Benchmark
    public void process(Blackhole bh) {
        world.process();
        bh.consume(world);
    }
}
