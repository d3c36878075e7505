package dev.orrery.benchmarks;

import com.artemis.ComponentMapper;
import com.artemis.WorldConfigurationBuilder;
import com.badlogic.ashley.core.Engine;
import dev.dominion.ecs.api.Composition;
import dev.dominion.ecs.api.Dominion;
import dev.dominion.ecs.api.Entity;
import dev.orrery.benchmarks.SuiteComponents.A;
import dev.orrery.benchmarks.SuiteComponents.B;
import dev.orrery.world.World;
import dev.orrery.world.WorldTransaction;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The {@code ecs_bench_suite} add_remove shape: 10,000 entities with component A; one operation adds
 * a new B to each, then removes B from each (two passes), in Orrery (staged and immediate), Dominion
 * 0.9.0 (also through its prepared modifiers), Artemis-odb 2.3.0 and Ashley 1.7.4. Each library
 * makes the first pass's changes visible before the second, as Bevy applies commands between two
 * systems: Orrery staged publishes (one transaction per pass, as two systems in two phases, or with a
 * barrier between them), Artemis-odb runs {@code World.process()} after each pass (it applies
 * composition changes there); Dominion, Ashley and Orrery immediate apply each change at once.
 * {@link #orreryStagedOneTransaction} stages both passes in one transaction: each add and remove
 * pair coalesces to nothing, so its publish moves no entity (labelled separately: it does not do the
 * suite's work). Score: <b>µs per operation</b> (20,000 changes: ÷ 20,000 = µs per add or remove).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(jvmArgsAppend = {"-Ddominion.logging-level=WARNING", "-Ddominion.add_remove.logging-level=WARNING"})
public class AddRemoveBenchmark {
    /** Entities (the suite's). */
    static final int ENTITIES = 10_000;

    /** An Orrery world with the entities. */
    @State(Scope.Thread)
    public static class OrreryWorld {
        World world;
        WorldTransaction tx;
        final long[] entities = new long[ENTITIES];

        /** Spawns the entities with A. */
        @Setup(Level.Trial)
        public void setUp() {
            world = new World();
            tx = world.transaction();
            for (int i = 0; i < ENTITIES; i++) {
                entities[i] = world.spawn(SuiteTraits.A.with(new A()));
            }
        }

        /** Checks the operation left no entity with B. */
        @TearDown(Level.Iteration)
        public void check() {
            for (long e : entities) {
                if (world.has(e, SuiteTraits.B)) {
                    throw new IllegalStateException("add_remove left B on entity " + e);
                }
            }
        }

        void addAll() {
            for (long e : entities) {
                world.add(e, SuiteTraits.B, new B());
            }
        }

        void removeAll() {
            for (long e : entities) {
                world.remove(e, SuiteTraits.B);
            }
        }
    }

    /** A Dominion instance with the entities, and its prepared modifiers that add and remove B. */
    @State(Scope.Thread)
    public static class DominionWorld {
        Dominion dominion;
        Composition.ByAdding1AndRemoving<B> addB;
        Composition.ByRemoving removeB;
        final Entity[] entities = new Entity[ENTITIES];

        /** Creates the entities with A. */
        @Setup(Level.Trial)
        public void setUp() {
            dominion = Dominion.create("add_remove");
            addB = dominion.composition().byAdding1AndRemoving(B.class);
            removeB = dominion.composition().byRemoving(B.class);
            for (int i = 0; i < ENTITIES; i++) {
                entities[i] = dominion.createEntity(new A());
            }
        }

        /** Closes the instance. */
        @TearDown(Level.Trial)
        public void tearDown() {
            dominion.close();
        }
    }

    /** An Artemis-odb world (no systems) with the entities. */
    @State(Scope.Thread)
    public static class ArtemisWorld {
        com.artemis.World world;
        ComponentMapper<B> bs;
        final int[] entities = new int[ENTITIES];

        /** Creates the entities with A. */
        @Setup(Level.Trial)
        public void setUp() {
            world = new com.artemis.World(new WorldConfigurationBuilder().build());
            ComponentMapper<A> as = world.getMapper(A.class);
            bs = world.getMapper(B.class);
            for (int i = 0; i < ENTITIES; i++) {
                entities[i] = world.create();
                as.create(entities[i]);
            }
            world.process();
        }
    }

    /** An Ashley engine with the entities. */
    @State(Scope.Thread)
    public static class AshleyEngine {
        Engine engine;
        final com.badlogic.ashley.core.Entity[] entities = new com.badlogic.ashley.core.Entity[ENTITIES];

        /** Creates the entities with A. */
        @Setup(Level.Trial)
        public void setUp() {
            engine = new Engine();
            for (int i = 0; i < ENTITIES; i++) {
                entities[i] = engine.createEntity().add(new A());
                engine.addEntity(entities[i]);
            }
        }
    }

    /**
     * Orrery staged: one transaction per pass, published after it.
     *
     * @param s the world
     */
    @Benchmark
    public void orreryStaged(OrreryWorld s) {
        s.tx.open();
        try {
            s.addAll();
            s.tx.publish();
            s.removeAll();
        } finally {
            s.tx.close();
        }
    }

    /**
     * Orrery staged, both passes in one transaction: the pairs coalesce and the publish moves nothing.
     * Not the suite's work (no entity ever has B); shown to make the coalescing visible.
     *
     * @param s the world
     */
    @Benchmark
    public void orreryStagedOneTransaction(OrreryWorld s) {
        s.tx.open();
        try {
            s.addAll();
            s.removeAll();
        } finally {
            s.tx.close();
        }
    }

    /**
     * Orrery immediate: every add and remove moves its entity at once.
     *
     * @param s the world
     */
    @Benchmark
    public void orreryImmediate(OrreryWorld s) {
        s.addAll();
        s.removeAll();
    }

    /**
     * Dominion: {@code Entity.add}, then {@code Entity.removeType}.
     *
     * @param s the instance
     */
    @Benchmark
    public void dominion(DominionWorld s) {
        for (Entity e : s.entities) {
            e.add(new B());
        }
        for (Entity e : s.entities) {
            e.removeType(B.class);
        }
    }

    /**
     * Dominion's prepared path: {@code modifyEntity} with modifiers prepared once.
     *
     * @param s the instance
     */
    @Benchmark
    public void dominionPrepared(DominionWorld s) {
        for (Entity e : s.entities) {
            s.dominion.modifyEntity(s.addB.withValue(e, new B()));
        }
        for (Entity e : s.entities) {
            s.dominion.modifyEntity(s.removeB.withValue(e));
        }
    }

    /**
     * Artemis-odb: {@code ComponentMapper.create}, {@code process()}, {@code ComponentMapper.remove},
     * {@code process()}.
     *
     * @param s the world
     */
    @Benchmark
    public void artemis(ArtemisWorld s) {
        for (int e : s.entities) {
            s.bs.create(e);
        }
        s.world.process();
        for (int e : s.entities) {
            s.bs.remove(e);
        }
        s.world.process();
    }

    /**
     * Ashley: {@code Entity.add}, then {@code Entity.remove}.
     *
     * @param s the engine
     */
    @Benchmark
    public void ashley(AshleyEngine s) {
        for (com.badlogic.ashley.core.Entity e : s.entities) {
            e.add(new B());
        }
        for (com.badlogic.ashley.core.Entity e : s.entities) {
            e.remove(B.class);
        }
    }
}
