package dev.orrery.benchmarks;

import com.artemis.Archetype;
import com.artemis.ArchetypeBuilder;
import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.systems.IteratingSystem;
import com.badlogic.ashley.core.Engine;
import com.badlogic.ashley.core.Family;
import dev.dominion.ecs.api.Dominion;
import dev.dominion.ecs.api.Results;
import dev.orrery.benchmarks.SuiteComponents.Position;
import dev.orrery.benchmarks.SuiteComponents.Rotation;
import dev.orrery.benchmarks.SuiteComponents.Transform;
import dev.orrery.benchmarks.SuiteComponents.Velocity;
import dev.orrery.world.Query;
import dev.orrery.world.QueryResult;
import dev.orrery.world.World;
import java.util.Iterator;
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
 * The {@code ecs_bench_suite} simple_iter shape: 10,000 entities with Transform, Position, Rotation
 * and Velocity ({@link SuiteComponents}); one operation iterates the entities with Velocity and
 * Position and adds the velocity to the position (reads two components, writes one), in Orrery (a
 * query callback), Dominion 0.9.0 ({@code findEntitiesWith}), Artemis-odb 2.3.0 and Ashley 1.7.4 (an
 * iterating system, run by {@code World.process()} / {@code Engine.update()}). No structural change
 * happens, so Orrery staged and immediate are the same code (one row). Score: <b>µs per pass</b> over
 * 10,000 entities (÷ 10,000 = µs per entity).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(jvmArgsAppend = {"-Ddominion.logging-level=WARNING", "-Ddominion.simple_iter.logging-level=WARNING"})
public class SimpleIterBenchmark {
    /** Entities (the suite's). */
    static final int ENTITIES = 10_000;

    private static void integrate(Position p, Velocity v) {
        p.x += v.x;
        p.y += v.y;
        p.z += v.z;
    }

    /** An Orrery world with the entities, and its query. */
    @State(Scope.Thread)
    public static class OrreryWorld {
        World world;
        QueryResult moving;

        /** Spawns the entities. */
        @Setup(Level.Trial)
        public void setUp() {
            world = new World();
            for (int i = 0; i < ENTITIES; i++) {
                world.spawn(SuiteTraits.TRANSFORM.with(SuiteComponents.transform()),
                        SuiteTraits.POSITION.with(SuiteComponents.position()),
                        SuiteTraits.ROTATION.with(SuiteComponents.rotation()),
                        SuiteTraits.VELOCITY.with(SuiteComponents.velocity()));
            }
            moving = world.query(Query.of(SuiteTraits.VELOCITY, SuiteTraits.POSITION));
        }
    }

    /** A Dominion instance with the entities. */
    @State(Scope.Thread)
    public static class DominionWorld {
        Dominion dominion;

        /** Creates the entities. */
        @Setup(Level.Trial)
        public void setUp() {
            dominion = Dominion.create("simple_iter");
            for (int i = 0; i < ENTITIES; i++) {
                dominion.createEntity(SuiteComponents.transform(), SuiteComponents.position(),
                        SuiteComponents.rotation(), SuiteComponents.velocity());
            }
        }

        /** Closes the instance. */
        @TearDown(Level.Trial)
        public void tearDown() {
            dominion.close();
        }
    }

    /** Artemis-odb: integrates Position by Velocity. */
    static final class ArtemisIntegrate extends IteratingSystem {
        private ComponentMapper<Position> positions;
        private ComponentMapper<Velocity> velocities;

        ArtemisIntegrate() {
            super(Aspect.all(Velocity.class, Position.class));
        }

        @Override
        protected void initialize() {
            positions = world.getMapper(Position.class);
            velocities = world.getMapper(Velocity.class);
        }

        @Override
        protected void process(int entity) {
            integrate(positions.get(entity), velocities.get(entity));
        }
    }

    /** An Artemis-odb world with the entities and the integrating system. */
    @State(Scope.Thread)
    public static class ArtemisWorld {
        com.artemis.World world;

        /** Creates the entities. */
        @Setup(Level.Trial)
        public void setUp() {
            world = new com.artemis.World(new WorldConfigurationBuilder().with(new ArtemisIntegrate()).build());
            Archetype archetype = new ArchetypeBuilder()
                    .add(Transform.class).add(Position.class).add(Rotation.class).add(Velocity.class).build(world);
            ComponentMapper<Transform> transforms = world.getMapper(Transform.class);
            ComponentMapper<Position> positions = world.getMapper(Position.class);
            ComponentMapper<Rotation> rotations = world.getMapper(Rotation.class);
            ComponentMapper<Velocity> velocities = world.getMapper(Velocity.class);
            for (int i = 0; i < ENTITIES; i++) {
                int e = world.create(archetype);
                transforms.get(e).scale(1);
                positions.get(e).set(1, 0, 0);
                rotations.get(e).set(1, 0, 0);
                velocities.get(e).set(1, 0, 0);
            }
            world.process();
        }
    }

    /** Ashley: integrates Position by Velocity. */
    static final class AshleyIntegrate extends com.badlogic.ashley.systems.IteratingSystem {
        private final com.badlogic.ashley.core.ComponentMapper<Position> positions =
                com.badlogic.ashley.core.ComponentMapper.getFor(Position.class);
        private final com.badlogic.ashley.core.ComponentMapper<Velocity> velocities =
                com.badlogic.ashley.core.ComponentMapper.getFor(Velocity.class);

        AshleyIntegrate() {
            super(Family.all(Velocity.class, Position.class).get());
        }

        @Override
        protected void processEntity(com.badlogic.ashley.core.Entity entity, float deltaTime) {
            integrate(positions.get(entity), velocities.get(entity));
        }
    }

    /** An Ashley engine with the entities and the integrating system. */
    @State(Scope.Thread)
    public static class AshleyEngine {
        Engine engine;

        /** Creates the entities. */
        @Setup(Level.Trial)
        public void setUp() {
            engine = new Engine();
            for (int i = 0; i < ENTITIES; i++) {
                engine.addEntity(engine.createEntity().add(SuiteComponents.transform()).add(SuiteComponents.position())
                        .add(SuiteComponents.rotation()).add(SuiteComponents.velocity()));
            }
            engine.addSystem(new AshleyIntegrate());
        }
    }

    /**
     * Orrery: a query callback.
     *
     * @param s the world
     */
    @Benchmark
    public void orrery(OrreryWorld s) {
        s.moving.forEach(SuiteTraits.POSITION, SuiteTraits.VELOCITY, (e, p, v) -> integrate(p, v));
    }

    /**
     * Dominion: {@code findEntitiesWith(Velocity.class, Position.class)}.
     *
     * @param s the instance
     */
    @Benchmark
    public void dominion(DominionWorld s) {
        Iterator<Results.With2<Velocity, Position>> it =
                s.dominion.findEntitiesWith(Velocity.class, Position.class).iterator();
        while (it.hasNext()) {
            Results.With2<Velocity, Position> r = it.next();
            integrate(r.comp2(), r.comp1());
        }
    }

    /**
     * Artemis-odb: {@code World.process()} with the one iterating system.
     *
     * @param s the world
     */
    @Benchmark
    public void artemis(ArtemisWorld s) {
        s.world.process();
    }

    /**
     * Ashley: {@code Engine.update()} with the one iterating system.
     *
     * @param s the engine
     */
    @Benchmark
    public void ashley(AshleyEngine s) {
        s.engine.update(1f / 60f);
    }
}
