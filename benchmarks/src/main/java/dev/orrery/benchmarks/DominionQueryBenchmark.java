package dev.orrery.benchmarks;

import dev.dominion.ecs.api.Dominion;
import dev.dominion.ecs.api.Results;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Peer: Dominion 0.9.0 queries over 1M entities (all with Position, half also with Velocity), the
 * same data and work as {@code WorldQueryBenchmark}. Score / entities matched = ns per entity.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class DominionQueryBenchmark {
    /** Number of entities. */
    @Param({"1000000"})
    public int entities;

    private Dominion dominion;

    /** Spawns the entities. */
    @Setup
    public void setUp() {
        dominion = Dominion.create("bench");
        for (int i = 0; i < entities; i++) {
            if (i % 2 == 0) {
                dominion.createEntity(new Position(i, i), new Velocity(1, 1));
            } else {
                dominion.createEntity(new Position(i, i));
            }
        }
    }

    /** Closes the Dominion instance. */
    @TearDown
    public void tearDown() {
        dominion.close();
    }

    /**
     * One-trait query: sum x over all entities with Position.
     *
     * @return the sum
     */
    @Benchmark
    public double oneTrait() {
        double sum = 0;
        Iterator<Results.With1<Position>> it = dominion.findEntitiesWith(Position.class).iterator();
        while (it.hasNext()) {
            sum += it.next().comp().x;
        }
        return sum;
    }

    /**
     * Two-trait query: integrate Position by Velocity for entities with both.
     *
     * @return a checksum
     */
    @Benchmark
    public double twoTraits() {
        double sum = 0;
        Iterator<Results.With2<Position, Velocity>> it =
                dominion.findEntitiesWith(Position.class, Velocity.class).iterator();
        while (it.hasNext()) {
            Results.With2<Position, Velocity> r = it.next();
            Position p = r.comp1();
            Velocity v = r.comp2();
            p.x += v.dx * 0.016;
            sum += p.x;
        }
        return sum;
    }
}
