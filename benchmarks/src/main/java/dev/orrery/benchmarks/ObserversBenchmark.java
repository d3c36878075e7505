package dev.orrery.benchmarks;

import dev.orrery.schedule.EcsObserver;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
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
 * Observers: one frame ({@code Schedule.run}) whose one system toggles a tag on {@value #TOGGLED}
 * entities (adds it where absent, removes it where present), so the phase's publish applies
 * {@value #TOGGLED} structural events.
 *
 * <ul>
 *   <li>{@link #toggleFrame} with {@code observers} observers that react to another trait (they
 *       never match: the cost of a publish with N non-matching observers, against
 *       {@code observers=0}) and {@code firing} = {@code true} for one more observer that reacts
 *       to the toggled tag (added and removed) and so fires once per entity: the cost per fired
 *       observer is (firing − not firing) / {@value #TOGGLED}.</li>
 *   <li>{@link #quietFrame}: the same schedule's frame whose system stages nothing (no publish
 *       applies anything): what observers cost a frame without structural changes.</li>
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class ObserversBenchmark {
    /** Entities toggled per frame. */
    static final int TOGGLED = 100;
    private static final Trait<String> TAG = Trait.withDefault("bench/Tag", "on");
    private static final Trait<String> OTHER = Trait.withDefault("bench/Other", "off");

    /** Observers that never match. */
    @Param({"0", "10", "100"})
    public int observers;

    /** Whether one more observer fires for every toggled entity. */
    @Param({"false", "true"})
    public boolean firing;

    private World world;
    private World quietWorld;
    private Schedule schedule;
    private Schedule quiet;
    private long calls;

    /** Builds the schedules and runs a few frames to warm the buffers. */
    @Setup
    public void setUp() {
        world = new World();
        quietWorld = new World();
        long[] entities = new long[TOGGLED];
        for (int i = 0; i < TOGGLED; i++) {
            entities[i] = world.spawn();
        }
        EcsSystem toggle = EcsSystem.define("bench/toggle", Phase.ON_UPDATE, (w, dt) -> {
            for (long e : entities) {
                if (w.has(e, TAG)) {
                    w.remove(e, TAG);
                } else {
                    w.add(e, TAG);
                }
            }
        });
        EcsSystem idle = EcsSystem.define("bench/idle", Phase.ON_UPDATE, (w, dt) -> { });
        List<EcsObserver> list = new ArrayList<>();
        for (int k = 0; k < observers; k++) {
            list.add(EcsObserver.builder("bench/other" + k).onAdd(OTHER).onRemove(OTHER).run((w, e) -> calls++));
        }
        if (firing) {
            list.add(EcsObserver.builder("bench/tag").onAdd(TAG).onRemove(TAG).run((w, e) -> calls++));
        }
        schedule = Schedule.builder("bench").observers(list).systems(toggle).build();
        quiet = Schedule.builder("bench").observers(list).systems(idle).build();
        for (int f = 0; f < 1000; f++) {
            schedule.run(world, 0.016);
            quiet.run(quietWorld, 0.016);
        }
    }

    /** @return the observer calls so far (a checksum) */
    @Benchmark
    public long toggleFrame() {
        schedule.run(world, 0.016);
        return calls;
    }

    /** @return the observer calls so far (a checksum) */
    @Benchmark
    public long quietFrame() {
        quiet.run(quietWorld, 0.016);
        return calls;
    }
}
