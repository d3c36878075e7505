package dev.orrery.benchmarks;

import dev.orrery.world.Query;
import dev.orrery.world.QueryResult;
import dev.orrery.world.SystemContext;
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
 * Change detection over 1M entities with Position, of which 1 % (every 100th, so spread over the
 * tables' rows) change per operation.
 *
 * <ul>
 *   <li>{@link #markOnly}: marks the 10,000 changed ({@code World.markChanged}); the cost every
 *       variant below that marks includes.</li>
 *   <li>{@link #changedQuery}: marks them, then iterates {@code changed(Position)} (summing x),
 *       outside a system: the end-to-end cost of a frame's changes and their reader.</li>
 *   <li>{@link #changedIteration}: iterates {@code changed(Position)} as a system whose window holds
 *       the 10,000 changes (its context entered, its previous run before them, so every iteration
 *       sees the same window): the cost of finding and visiting the changed entities alone.</li>
 *   <li>{@link #handList}: iterates the 10,000 by a list of their handles kept by hand, reading
 *       each value with {@code World.get}: what a game does today with its own dirty list.</li>
 *   <li>{@link #denseTenThousand}: a plain query over a world of only 10,000 entities: the
 *       cheapest way to visit 10,000 entities at all.</li>
 *   <li>{@link #plainQuery} and {@link #plainQueryTracked}: a plain one-trait query over the 1M
 *       (as {@link WorldQueryBenchmark#oneTrait}), in a world where no trait is tracked and in one
 *       where Position is tracked by a change query: a system without change filters pays nothing
 *       for the bookkeeping.</li>
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ChangeDetectionBenchmark {
    private static final Trait<Position> POSITION = Trait.of("Position", () -> new Position(0, 0));
    private static final Query CHANGED = Query.builder().changed(POSITION).build();
    private static final Query ALL = Query.of(POSITION);

    /** Number of entities. */
    @Param({"1000000"})
    public int entities;

    /** One entity in this many changes per operation. */
    @Param({"100"})
    public int every;

    private World world;
    private World untracked;
    private World small;
    private long[] changedHandles;
    private QueryResult changed;
    private QueryResult all;
    private QueryResult untrackedAll;
    private QueryResult smallAll;
    private World windowed;
    private QueryResult windowedChanged;
    private double sum;

    /** Spawns the worlds and resolves the queries once, as a system would. */
    @Setup
    public void setUp() {
        world = new World();
        untracked = new World();
        small = new World();
        changedHandles = new long[entities / every];
        for (int i = 0; i < entities; i++) {
            long e = world.spawn(POSITION.with(new Position(i, i)));
            untracked.spawn(POSITION.with(new Position(i, i)));
            if (i % every == 0) {
                changedHandles[i / every] = e;
                small.spawn(POSITION.with(new Position(i, i)));
            }
        }
        windowed = new World();
        long[] windowedHandles = new long[changedHandles.length];
        for (int i = 0; i < entities; i++) {
            long e = windowed.spawn(POSITION.with(new Position(i, i)));
            if (i % every == 0) {
                windowedHandles[i / every] = e;
            }
        }
        windowedChanged = windowed.query(CHANGED);
        SystemContext reader = windowed.systemContexts().of("bench", "reader");
        reader.ran(); // its previous run: after the spawns, before the changes
        for (long e : windowedHandles) {
            windowed.markChanged(e, POSITION);
        }
        windowed.systemContexts().enter(reader); // it runs now, for every iteration of the benchmark
        changed = world.query(CHANGED);
        changed.forEach(e -> { }); // the first iteration sees everything: start from a quiet world
        all = world.query(ALL);
        untrackedAll = untracked.query(ALL);
        smallAll = small.query(ALL);
    }

    /** @return the sum of x over the changed entities of a system's window (10,000 of 1M) */
    @Benchmark
    public double changedIteration() {
        sum = 0;
        windowedChanged.forEach(POSITION, (e, p) -> sum += p.x);
        return sum;
    }

    /** @return a checksum; marks the 1 % changed */
    @Benchmark
    public int markOnly() {
        long[] hs = changedHandles;
        for (long e : hs) {
            world.markChanged(e, POSITION);
        }
        return hs.length;
    }

    /** @return the sum of x over the changed entities, after marking them */
    @Benchmark
    public double changedQuery() {
        for (long e : changedHandles) {
            world.markChanged(e, POSITION);
        }
        sum = 0;
        changed.forEach(POSITION, (e, p) -> sum += p.x);
        return sum;
    }

    /** @return the sum of x over the 10,000 through a hand-kept list of handles */
    @Benchmark
    public double handList() {
        double s = 0;
        for (long e : changedHandles) {
            s += world.get(e, POSITION).x;
        }
        return s;
    }

    /** @return the sum of x over a world of only 10,000 entities */
    @Benchmark
    public double denseTenThousand() {
        sum = 0;
        smallAll.forEach(POSITION, (e, p) -> sum += p.x);
        return sum;
    }

    /** @return the sum of x over the 1M, no trait tracked in the world */
    @Benchmark
    public double plainQuery() {
        sum = 0;
        untrackedAll.forEach(POSITION, (e, p) -> sum += p.x);
        return sum;
    }

    /** @return the sum of x over the 1M, Position tracked by a change query of the world */
    @Benchmark
    public double plainQueryTracked() {
        sum = 0;
        all.forEach(POSITION, (e, p) -> sum += p.x);
        return sum;
    }
}
