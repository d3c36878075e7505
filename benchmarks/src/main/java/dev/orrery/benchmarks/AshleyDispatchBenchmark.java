package dev.orrery.benchmarks;

import com.badlogic.ashley.core.Engine;
import com.badlogic.ashley.core.EntitySystem;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Peer: Ashley 1.7.4 {@code Engine.update()} over N empty systems, each of its own class. Score / N = ns per system. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class AshleyDispatchBenchmark {
    /** Number of systems. */
    @Param({"10", "100", "1000", "10000"})
    public int systems;

    private Engine engine;

    /** Builds the engine with N empty systems. */
    @Setup
    public void setUp() {
        engine = new Engine();
        for (EntitySystem s : DistinctClasses.instances(AshleyEmptySystem.class, EntitySystem.class, systems)) {
            engine.addSystem(s);
        }
    }

    /** One frame. */
    @Benchmark
    public void update() {
        engine.update(1f / 60f);
    }
}
