package dev.orrery.benchmarks;

import dev.orrery.schedule.Cooperative;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * {@code Cooperative.await} on a stage that is already complete, the path a resumable system takes
 * when its value is there: {@link #awaitCompleted()} alone (target ≤ 20 ns, 0 B/op with
 * {@code -prof gc}), and inside a world update, {@link #frameAwaitingCompleted()} against
 * {@link #frameReadingDirectly()}, one system that awaits against one that reads the same value. How
 * long a parked system takes to continue once its stage completes is {@link ResumeLatency}'s.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CooperativeBenchmark {
    private final CompletableFuture<String> done = CompletableFuture.completedFuture("value");
    private final World world = new World();
    private Schedule awaiting;
    private Schedule direct;
    private String sink;

    /** Builds both one-system schedules and runs each once. */
    @Setup
    public void setUp() {
        awaiting = Schedule.builder("await").systems(EcsSystem.define("await",
                (w, dt) -> sink = Cooperative.await(done, "value"))).build();
        direct = Schedule.builder("direct").systems(EcsSystem.define("direct",
                (w, dt) -> sink = done.getNow(null))).build();
        awaiting.run(world, 0.016);
        direct.run(world, 0.016);
    }

    /** @return the value of a completed stage, through {@code Cooperative.await} */
    @Benchmark
    public String awaitCompleted() {
        return Cooperative.await(done, "value");
    }

    /** @return the value, read from the completed stage directly (the floor) */
    @Benchmark
    public String getNowDirect() {
        return done.getNow(null);
    }

    /** One frame whose one system awaits a completed stage. */
    @Benchmark
    public void frameAwaitingCompleted() {
        awaiting.run(world, 0.016);
    }

    /** One frame whose one system reads the same value without {@code await}. */
    @Benchmark
    public void frameReadingDirectly() {
        direct.run(world, 0.016);
    }

    /** @return the last value a system read (keeps it alive) */
    public String sink() {
        return sink;
    }
}
