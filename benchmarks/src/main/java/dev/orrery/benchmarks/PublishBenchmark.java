package dev.orrery.benchmarks;

import dev.orrery.world.CommitStats;
import dev.orrery.world.TraitValue;
import dev.orrery.world.World;
import dev.orrery.world.WorldTransaction;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The cost of publishing a world transaction, for four shapes ({@link Shape}). {@link #publish}
 * measures the publish alone (the shape's operations are staged before it, outside the measurement);
 * {@link #stageAndPublish} measures staging and publishing together; {@link #immediate} applies the
 * same operations outside a transaction, for comparison. Score: <b>µs per batch</b> (one shape's
 * transaction); divide by the shape's operations or entities (see {@link Shape}) for the cost per
 * operation or per entity. At the end of each fork the shape is staged and published once more and the
 * {@link CommitStats} counters of that one publish are printed (the line starting with
 * {@code CommitStats}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PublishBenchmark {
    /** What one transaction stages. */
    public enum Shape {
        /** 100,000 spawns with 4 traits: 100,000 operations, 100,000 insertions. */
        SPAWN_4(100_000),
        /** Add B to each of 10,000 entities with A and remove it again: 20,000 operations that coalesce to nothing. */
        ADD_REMOVE_PAIRS(10_000),
        /** Add B to each of 10,000 entities with A: 10,000 operations, 10,000 moves. */
        ADDS(10_000),
        /** Remove B from each of 10,000 entities with A and B: 10,000 operations, 10,000 moves. */
        REMOVES(10_000);

        final int entities;

        Shape(int entities) {
            this.entities = entities;
        }
    }

    private static final TraitValue<?>[] SPAWN = SuiteTraits.spawnOfFour();
    private static final SuiteComponents.B B_VALUE = new SuiteComponents.B();

    /** A world ready for one batch of a shape; subclasses add the per-invocation fixtures. */
    @State(Scope.Thread)
    public abstract static class Fixture {
        /** The shape. */
        @Param({"SPAWN_4", "ADD_REMOVE_PAIRS", "ADDS", "REMOVES"})
        public Shape shape;

        World world;
        WorldTransaction tx;
        /** The entities with A (every shape but SPAWN_4), or those the last SPAWN_4 batch spawned. */
        long[] entities;

        /** Creates the world: for every shape but SPAWN_4, its 10,000 entities with A. */
        @Setup(Level.Trial)
        public void setUp() {
            world = new World();
            tx = world.transaction();
            entities = new long[shape.entities];
            if (shape != Shape.SPAWN_4) {
                for (int i = 0; i < entities.length; i++) {
                    entities[i] = world.spawn(SuiteTraits.A.with(new SuiteComponents.A()));
                }
            }
        }

        /** Stages and publishes the shape once more and prints that publish's counters. */
        @TearDown(Level.Trial)
        public void printStats() {
            beforeBatch();
            CommitStats before = world.commitStats();
            tx.open();
            stage();
            tx.close();
            CommitStats after = world.commitStats();
            afterBatch();
            System.out.println(CommitStatsDelta.describe("CommitStats " + shape + " (" + shape.entities
                    + " entities)", before, after));
        }

        /** REMOVES starts from entities that have B (given at once, outside the measurement). */
        void beforeBatch() {
            if (shape == Shape.REMOVES) {
                for (long e : entities) {
                    world.add(e, SuiteTraits.B, B_VALUE);
                }
            }
        }

        /** The shape's operations: staged inside a transaction, applied at once outside. */
        void stage() {
            switch (shape) {
                case SPAWN_4 -> {
                    for (int i = 0; i < entities.length; i++) {
                        entities[i] = world.spawn(SPAWN);
                    }
                }
                case ADD_REMOVE_PAIRS -> {
                    for (long e : entities) {
                        world.add(e, SuiteTraits.B, B_VALUE);
                        world.remove(e, SuiteTraits.B);
                    }
                }
                case ADDS -> {
                    for (long e : entities) {
                        world.add(e, SuiteTraits.B, B_VALUE);
                    }
                }
                case REMOVES -> {
                    for (long e : entities) {
                        world.remove(e, SuiteTraits.B);
                    }
                }
                default -> throw new AssertionError(shape);
            }
        }

        /** Back to the start (at once, outside the measurement): SPAWN_4's entities destroyed, ADDS' B removed. */
        void afterBatch() {
            if (shape == Shape.SPAWN_4) {
                world.reset();
            } else if (shape == Shape.ADDS) {
                for (long e : entities) {
                    world.remove(e, SuiteTraits.B);
                }
            }
        }
    }

    /** The shape's operations staged in an open transaction before each invocation. */
    public static class Staged extends Fixture {
        /** Opens the transaction and stages the batch. */
        @Setup(Level.Invocation)
        public void stageBatch() {
            beforeBatch();
            tx.open();
            stage();
        }

        /** Closes the transaction (nothing is left to publish) and undoes the batch. */
        @TearDown(Level.Invocation)
        public void undo() {
            tx.close();
            afterBatch();
        }
    }

    /** The world at the shape's start before each invocation. */
    public static class Ready extends Fixture {
        /** Brings the world to the shape's start. */
        @Setup(Level.Invocation)
        public void start() {
            beforeBatch();
        }

        /** Undoes the batch. */
        @TearDown(Level.Invocation)
        public void undo() {
            afterBatch();
        }
    }

    /**
     * The publish alone.
     *
     * @param s the staged batch
     */
    @Benchmark
    public void publish(Staged s) {
        s.tx.publish();
    }

    /**
     * Open, stage the batch, close (which publishes).
     *
     * @param s the world
     */
    @Benchmark
    public void stageAndPublish(Ready s) {
        s.tx.open();
        s.stage();
        s.tx.close();
    }

    /**
     * The same operations applied at once (no transaction).
     *
     * @param s the world
     */
    @Benchmark
    public void immediate(Ready s) {
        s.stage();
    }
}
