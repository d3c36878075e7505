package dev.orrery.benchmarks;

import dev.orrery.world.Query;
import dev.orrery.world.QueryResult;
import dev.orrery.world.Trait;
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
 * Orrery world queries over 1M entities (all with Position, half also with Velocity): the same data
 * and work as {@link DominionQueryBenchmark}. Target: within 2x of Dominion. Score / entities matched
 * (1M for one trait, 500k for two) = ns per entity.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class WorldQueryBenchmark {
    private static final Trait<Position> POSITION = Trait.of("Position", () -> new Position(0, 0));
    private static final Trait<Velocity> VELOCITY = Trait.of("Velocity", () -> new Velocity(0, 0));

    /** Number of entities. */
    @Param({"1000000"})
    public int entities;

    private World world;
    private QueryResult positions;
    private QueryResult moving;
    private double sum;

    /** Spawns the entities and resolves both queries once, as a system would. */
    @Setup
    public void setUp() {
        world = new World();
        for (int i = 0; i < entities; i++) {
            if (i % 2 == 0) {
                world.spawn(POSITION.with(new Position(i, i)), VELOCITY.with(new Velocity(1, 1)));
            } else {
                world.spawn(POSITION.with(new Position(i, i)));
            }
        }
        positions = world.query(Query.of(POSITION));
        moving = world.query(Query.of(POSITION, VELOCITY));
    }

    /**
     * One-trait query: sum x over all entities with Position.
     *
     * @return the sum
     */
    @Benchmark
    public double oneTrait() {
        sum = 0;
        positions.forEach(POSITION, (e, p) -> sum += p.x);
        return sum;
    }

    /**
     * Two-trait query: integrate Position by Velocity for entities with both.
     *
     * @return a checksum
     */
    @Benchmark
    public double twoTraits() {
        sum = 0;
        moving.forEach(POSITION, VELOCITY, (e, p, v) -> {
            p.x += v.dx * 0.016;
            sum += p.x;
        });
        return sum;
    }
}
