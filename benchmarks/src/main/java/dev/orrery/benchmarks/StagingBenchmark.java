package dev.orrery.benchmarks;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitValue;
import dev.orrery.world.World;
import dev.orrery.world.WorldTransaction;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The cost of staging one structural operation in an open {@link WorldTransaction}, as a system does
 * inside a phase. Shape: a world with a pool of {@value #POOL} entities that carry one trait
 * (Position); {@code TAG} is a trait given a constant value. One invocation is a batch of staged
 * operations ({@code @OperationsPerInvocation}), so every score is <b>ns per staged operation</b>.
 * The transaction is opened before each batch and closed (which publishes) after it, outside the
 * measurement; the {@code …Published} methods publish inside the batch, so their score is the
 * operation plus its share of the publish. {@link #emptyTransaction} is what a phase with nothing
 * staged adds: open, publish, close.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class StagingBenchmark {
    /** Entities in the pool, and operations in a batch of one operation per entity. */
    static final int POOL = 1024;

    private static final String CONST = "tag";
    private static final Trait<String> TAG = Trait.withDefault("Tag", CONST);
    /** A prebuilt spawn: four traits, the values shared by every spawned entity (staging only stores them). */
    private static final TraitValue<?>[] SPAWN = SuiteTraits.spawnOfFour();

    /** The world and the pool; a transaction is open during each measured batch. */
    @State(Scope.Thread)
    public static class Staged {
        World world;
        WorldTransaction tx;
        final long[] pool = new long[POOL];
        final long[] spawned = new long[POOL];
        int spawnedCount;
        /** Whether the pool carries TAG (committed): the add-or-remove batches alternate. */
        boolean tagged;

        /** Spawns the pool, and one batch of spawns destroyed again, so the spawn tables exist. */
        @Setup(Level.Trial)
        public void setUp() {
            world = new World();
            tx = world.transaction();
            for (int i = 0; i < POOL; i++) {
                pool[i] = world.spawn(SuiteTraits.POSITION.with(SuiteComponents.position()));
            }
            world.destroy(world.spawn(SPAWN));
        }

        /** Opens the transaction of the next batch. */
        @Setup(Level.Invocation)
        public void open() {
            tx.open();
        }

        /** Closes it (publishing what the batch left staged) and destroys what the batch spawned. */
        @TearDown(Level.Invocation)
        public void close() {
            tx.close();
            for (int i = 0; i < spawnedCount; i++) {
                world.destroy(spawned[i]);
            }
            spawnedCount = 0;
            tagged = world.has(pool[0], TAG);
        }

        void addOrRemove() {
            if (tagged) {
                for (long e : pool) {
                    world.remove(e, TAG);
                }
            } else {
                for (long e : pool) {
                    world.add(e, TAG, CONST);
                }
            }
        }

        void spawn() {
            for (int i = 0; i < POOL; i++) {
                spawned[i] = world.spawn(SPAWN);
            }
            spawnedCount = POOL;
        }
    }

    /** A world with nothing staged. */
    @State(Scope.Thread)
    public static class Idle {
        World world;
        WorldTransaction tx;

        /** Creates the world. */
        @Setup(Level.Trial)
        public void setUp() {
            world = new World();
            world.spawn(SuiteTraits.POSITION.with(SuiteComponents.position()));
            tx = world.transaction();
        }
    }

    /**
     * Adds TAG to every pool entity, or removes it from every one (batches alternate): each operation is
     * the first on its entity in the transaction (it opens the entity's record). The publish (1,024
     * moves) is outside.
     *
     * @param s the world
     */
    @Benchmark
    @OperationsPerInvocation(POOL)
    public void addOrRemove(Staged s) {
        s.addOrRemove();
    }

    /**
     * Adds TAG to a pool entity and removes it again, for every entity: the second operation updates
     * the record the first opened. Two operations per entity; the publish (which moves nothing: the
     * pairs coalesce) is outside.
     *
     * @param s the world
     */
    @Benchmark
    @OperationsPerInvocation(2 * POOL)
    public void addThenRemove(Staged s) {
        World world = s.world;
        for (long e : s.pool) {
            world.add(e, TAG, CONST);
            world.remove(e, TAG);
        }
    }

    /**
     * Stages 1,024 spawns of a prebuilt four-trait {@code TraitValue[]}; the publish (1,024
     * insertions) is outside.
     *
     * @param s the world
     */
    @Benchmark
    @OperationsPerInvocation(POOL)
    public void spawn(Staged s) {
        s.spawn();
    }

    /**
     * {@link #addOrRemove} with the publish inside: ns per operation including its move.
     *
     * @param s the world
     */
    @Benchmark
    @OperationsPerInvocation(POOL)
    public void addOrRemovePublished(Staged s) {
        s.addOrRemove();
        s.tx.publish();
    }

    /**
     * {@link #spawn} with the publish inside: ns per spawn including its insertion.
     *
     * @param s the world
     */
    @Benchmark
    @OperationsPerInvocation(POOL)
    public void spawnPublished(Staged s) {
        s.spawn();
        s.tx.publish();
    }

    /**
     * A transaction with nothing staged: open, publish, close (what an idle phase adds). Score: ns per
     * transaction.
     *
     * @param s the world
     */
    @Benchmark
    public void emptyTransaction(Idle s) {
        s.tx.open();
        s.tx.publish();
        s.tx.close();
    }
}
