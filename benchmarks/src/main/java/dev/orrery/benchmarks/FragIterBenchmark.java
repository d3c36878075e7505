package dev.orrery.benchmarks;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.systems.IteratingSystem;
import com.badlogic.ashley.core.Engine;
import com.badlogic.ashley.core.Family;
import dev.dominion.ecs.api.Dominion;
import dev.dominion.ecs.api.Results;
import dev.orrery.benchmarks.FragComponents.Data;
import dev.orrery.benchmarks.FragComponents.Letter;
import dev.orrery.world.Query;
import dev.orrery.world.QueryResult;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
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
 * The {@code ecs_bench_suite} frag_iter shape: 26 archetypes (letters A to Z), 20 entities each, every
 * entity with {@link Data} and its letter; one operation iterates every entity with Data and doubles
 * it, in Orrery (a query callback), Dominion 0.9.0 ({@code findEntitiesWith}), Artemis-odb 2.3.0 and
 * Ashley 1.7.4 (an iterating system, run by {@code World.process()} / {@code Engine.update()}). No
 * structural change happens, so Orrery staged and immediate are the same code (one row). Score:
 * <b>ns per pass</b> over 520 entities (÷ 520 = ns per entity).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(jvmArgsAppend = {"-Ddominion.logging-level=WARNING", "-Ddominion.frag_iter.logging-level=WARNING"})
public class FragIterBenchmark {
    /** Entities per archetype (the suite's). */
    static final int PER_ARCHETYPE = 20;

    private static final Trait<Data> DATA = Trait.of("Data", Data::new);

    /** An Orrery world with the entities, and its Data query. */
    @State(Scope.Thread)
    public static class OrreryWorld {
        World world;
        QueryResult data;

        /** Spawns the entities. */
        @Setup(Level.Trial)
        public void setUp() {
            world = new World();
            for (Supplier<Letter> letter : FragComponents.LETTERS) {
                Trait<Letter> trait = Trait.of(letter.get().getClass().getSimpleName(), letter);
                for (int i = 0; i < PER_ARCHETYPE; i++) {
                    world.spawn(trait.with(letter.get()), DATA.with(new Data()));
                }
            }
            data = world.query(Query.of(DATA));
        }
    }

    /** A Dominion instance with the entities. */
    @State(Scope.Thread)
    public static class DominionWorld {
        Dominion dominion;

        /** Creates the entities. */
        @Setup(Level.Trial)
        public void setUp() {
            dominion = Dominion.create("frag_iter");
            for (Supplier<Letter> letter : FragComponents.LETTERS) {
                for (int i = 0; i < PER_ARCHETYPE; i++) {
                    dominion.createEntity(letter.get(), new Data());
                }
            }
        }

        /** Closes the instance. */
        @TearDown(Level.Trial)
        public void tearDown() {
            dominion.close();
        }
    }

    /** Artemis-odb: doubles Data. */
    static final class ArtemisDouble extends IteratingSystem {
        private ComponentMapper<Data> data;

        ArtemisDouble() {
            super(Aspect.all(Data.class));
        }

        @Override
        protected void initialize() {
            data = world.getMapper(Data.class);
        }

        @Override
        protected void process(int entity) {
            data.get(entity).value *= 2;
        }
    }

    /** An Artemis-odb world with the entities and the doubling system. */
    @State(Scope.Thread)
    public static class ArtemisWorld {
        com.artemis.World world;

        /** Creates the entities. */
        @Setup(Level.Trial)
        public void setUp() {
            world = new com.artemis.World(new WorldConfigurationBuilder().with(new ArtemisDouble()).build());
            for (Supplier<Letter> letter : FragComponents.LETTERS) {
                Class<? extends Letter> type = letter.get().getClass();
                for (int i = 0; i < PER_ARCHETYPE; i++) {
                    int e = world.create();
                    world.edit(e).create(type);
                    world.edit(e).create(Data.class).value = 1;
                }
            }
            world.process();
        }
    }

    /** Ashley: doubles Data. */
    static final class AshleyDouble extends com.badlogic.ashley.systems.IteratingSystem {
        private final com.badlogic.ashley.core.ComponentMapper<Data> data =
                com.badlogic.ashley.core.ComponentMapper.getFor(Data.class);

        AshleyDouble() {
            super(Family.all(Data.class).get());
        }

        @Override
        protected void processEntity(com.badlogic.ashley.core.Entity entity, float deltaTime) {
            data.get(entity).value *= 2;
        }
    }

    /** An Ashley engine with the entities and the doubling system. */
    @State(Scope.Thread)
    public static class AshleyEngine {
        Engine engine;

        /** Creates the entities. */
        @Setup(Level.Trial)
        public void setUp() {
            engine = new Engine();
            for (Supplier<Letter> letter : FragComponents.LETTERS) {
                for (int i = 0; i < PER_ARCHETYPE; i++) {
                    engine.addEntity(engine.createEntity().add(letter.get()).add(new Data()));
                }
            }
            engine.addSystem(new AshleyDouble());
        }
    }

    /**
     * Orrery: a query callback over the 26 tables.
     *
     * @param s the world
     */
    @Benchmark
    public void orrery(OrreryWorld s) {
        s.data.forEach(DATA, (e, d) -> d.value *= 2);
    }

    /**
     * Dominion: {@code findEntitiesWith(Data.class)}.
     *
     * @param s the instance
     */
    @Benchmark
    public void dominion(DominionWorld s) {
        Iterator<Results.With1<Data>> it = s.dominion.findEntitiesWith(Data.class).iterator();
        while (it.hasNext()) {
            it.next().comp().value *= 2;
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
