package dev.orrery.benchmarks;

import com.artemis.Archetype;
import com.artemis.ArchetypeBuilder;
import com.artemis.ComponentMapper;
import com.artemis.WorldConfigurationBuilder;
import com.badlogic.ashley.core.Engine;
import dev.dominion.ecs.api.Composition;
import dev.dominion.ecs.api.Dominion;
import dev.dominion.ecs.api.Entity;
import dev.orrery.benchmarks.SuiteComponents.Position;
import dev.orrery.benchmarks.SuiteComponents.Rotation;
import dev.orrery.benchmarks.SuiteComponents.Transform;
import dev.orrery.benchmarks.SuiteComponents.Velocity;
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
 * The {@code ecs_bench_suite} simple_insert shape: insert 10,000 entities, each with four new
 * components (Transform, Position, Rotation, Velocity; {@link SuiteComponents}), in Orrery (staged in
 * one transaction, and immediate), Dominion 0.9.0 (also through a prepared composition), Artemis-odb
 * 2.3.0 and Ashley 1.7.4. Each library ends with its inserts visible to its queries: Orrery staged
 * publishes, Artemis-odb runs {@code World.process()} (it applies composition changes there). Unlike
 * the suite, the world is created once, not per operation (Dominion allows 1,024 instances per JVM),
 * and the entities are removed after each operation, outside the measurement: every operation
 * inserts into an empty world whose tables kept their capacity, as in a running game. Score: <b>µs
 * per 10,000 inserts</b> (÷ 10,000 = µs per entity).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(jvmArgsAppend = {"-Ddominion.logging-level=WARNING", "-Ddominion.simple_insert.logging-level=WARNING"})
public class SimpleInsertBenchmark {
    /** Entities inserted per operation (the suite's). */
    static final int ENTITIES = 10_000;

    /** An Orrery world, emptied after each operation. */
    @State(Scope.Thread)
    public static class OrreryWorld {
        World world;
        WorldTransaction tx;

        /** Creates the world. */
        @Setup(Level.Trial)
        public void setUp() {
            world = new World();
            tx = world.transaction();
        }

        /** Checks the operation's entities are there and removes them. */
        @TearDown(Level.Invocation)
        public void empty() {
            if (world.entityCount() != ENTITIES) {
                throw new IllegalStateException("simple_insert: " + world.entityCount() + " entities");
            }
            world.reset();
        }

        void spawnAll() {
            for (int i = 0; i < ENTITIES; i++) {
                world.spawn(SuiteTraits.TRANSFORM.with(SuiteComponents.transform()),
                        SuiteTraits.POSITION.with(SuiteComponents.position()),
                        SuiteTraits.ROTATION.with(SuiteComponents.rotation()),
                        SuiteTraits.VELOCITY.with(SuiteComponents.velocity()));
            }
        }
    }

    /** A Dominion instance and its prepared composition of the four components, emptied after each operation. */
    @State(Scope.Thread)
    public static class DominionWorld {
        Dominion dominion;
        Composition.Of4<Transform, Position, Rotation, Velocity> prepared;
        final Entity[] entities = new Entity[ENTITIES];

        /** Creates the instance. */
        @Setup(Level.Trial)
        public void setUp() {
            dominion = Dominion.create("simple_insert");
            prepared = dominion.composition().of(Transform.class, Position.class, Rotation.class, Velocity.class);
        }

        /** Deletes the operation's entities. */
        @TearDown(Level.Invocation)
        public void empty() {
            for (Entity e : entities) {
                dominion.deleteEntity(e);
            }
        }

        /** Closes the instance. */
        @TearDown(Level.Trial)
        public void tearDown() {
            dominion.close();
        }
    }

    /** An Artemis-odb world (no systems) and its archetype of the four components, emptied after each operation. */
    @State(Scope.Thread)
    public static class ArtemisWorld {
        com.artemis.World world;
        Archetype archetype;
        ComponentMapper<Transform> transforms;
        ComponentMapper<Position> positions;
        ComponentMapper<Rotation> rotations;
        ComponentMapper<Velocity> velocities;
        final int[] entities = new int[ENTITIES];

        /** Creates the world. */
        @Setup(Level.Trial)
        public void setUp() {
            world = new com.artemis.World(new WorldConfigurationBuilder().build());
            archetype = new ArchetypeBuilder()
                    .add(Transform.class).add(Position.class).add(Rotation.class).add(Velocity.class).build(world);
            transforms = world.getMapper(Transform.class);
            positions = world.getMapper(Position.class);
            rotations = world.getMapper(Rotation.class);
            velocities = world.getMapper(Velocity.class);
        }

        /** Deletes the operation's entities. */
        @TearDown(Level.Invocation)
        public void empty() {
            for (int e : entities) {
                world.delete(e);
            }
            world.process();
        }
    }

    /** An Ashley engine, emptied after each operation. */
    @State(Scope.Thread)
    public static class AshleyEngine {
        Engine engine;

        /** Creates the engine. */
        @Setup(Level.Trial)
        public void setUp() {
            engine = new Engine();
        }

        /** Removes the operation's entities. */
        @TearDown(Level.Invocation)
        public void empty() {
            if (engine.getEntities().size() != ENTITIES) {
                throw new IllegalStateException("simple_insert: " + engine.getEntities().size() + " entities");
            }
            engine.removeAllEntities();
        }
    }

    /**
     * Orrery, inside an open transaction (as a system in a phase), published at the end.
     *
     * @param s the world
     */
    @Benchmark
    public void orreryStaged(OrreryWorld s) {
        s.tx.open();
        try {
            s.spawnAll();
        } finally {
            s.tx.close();
        }
    }

    /**
     * Orrery, outside a transaction: each spawn applies at once.
     *
     * @param s the world
     */
    @Benchmark
    public void orreryImmediate(OrreryWorld s) {
        s.spawnAll();
    }

    /**
     * Dominion: {@code createEntity} with the four components.
     *
     * @param s the instance
     */
    @Benchmark
    public void dominion(DominionWorld s) {
        for (int i = 0; i < ENTITIES; i++) {
            s.entities[i] = s.dominion.createEntity(SuiteComponents.transform(), SuiteComponents.position(),
                    SuiteComponents.rotation(), SuiteComponents.velocity());
        }
    }

    /**
     * Dominion's prepared path: {@code createPreparedEntity} with a composition prepared once.
     *
     * @param s the instance
     */
    @Benchmark
    public void dominionPrepared(DominionWorld s) {
        for (int i = 0; i < ENTITIES; i++) {
            s.entities[i] = s.dominion.createPreparedEntity(s.prepared.withValue(SuiteComponents.transform(),
                    SuiteComponents.position(), SuiteComponents.rotation(), SuiteComponents.velocity()));
        }
    }

    /**
     * Artemis-odb: {@code World.create(Archetype)} (its batch path; it creates the components), the
     * values set through the component mappers, then one {@code process()}.
     *
     * @param s the world
     */
    @Benchmark
    public void artemis(ArtemisWorld s) {
        for (int i = 0; i < ENTITIES; i++) {
            int e = s.world.create(s.archetype);
            s.transforms.get(e).scale(1);
            s.positions.get(e).set(1, 0, 0);
            s.rotations.get(e).set(1, 0, 0);
            s.velocities.get(e).set(1, 0, 0);
            s.entities[i] = e;
        }
        s.world.process();
    }

    /**
     * Ashley: {@code createEntity}, four {@code add}s, {@code addEntity}.
     *
     * @param s the engine
     */
    @Benchmark
    public void ashley(AshleyEngine s) {
        Engine engine = s.engine;
        for (int i = 0; i < ENTITIES; i++) {
            com.badlogic.ashley.core.Entity e = engine.createEntity();
            e.add(SuiteComponents.transform()).add(SuiteComponents.position())
                    .add(SuiteComponents.rotation()).add(SuiteComponents.velocity());
            engine.addEntity(e);
        }
    }
}
