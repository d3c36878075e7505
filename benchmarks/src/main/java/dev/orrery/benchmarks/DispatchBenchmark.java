package dev.orrery.benchmarks;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.RunFunction;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
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
 * Orrery {@code Schedule.run()} over N empty systems (each of its own class) spread round-robin over
 * the eight per-frame builtin phases, without hooks and with counting hooks. Score / N = ns per
 * system. Run with {@code -prof gc} for the allocation figure (target 0 B/op, SCH-117, SCH-149).
 * {@link #runWithoutTransactions()} is the same frame with {@code transactions(false)}: the
 * difference to {@link #run()} is what the structural transaction of each phase costs when nothing is
 * staged (a frame has eight phases).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DispatchBenchmark {
    /** Number of systems. */
    @Param({"10", "100", "1000", "10000"})
    public int systems;

    /**
     * {@code distinct}: each system's run function is of its own class, as in a game and as the peer
     * benchmarks must be (Artemis and Ashley key systems by class). {@code shared}: one class for all,
     * a monomorphic call site, for reference.
     */
    @Param({"distinct", "shared"})
    public String classes;

    /**
     * {@code generated} (one call site per system, the default) or {@code loop} (the array loop), set
     * as the system property {@code orrery.schedule.dispatch} before the build.
     */
    @Param({"generated", "loop"})
    public String dispatch;

    private Schedule plain;
    private Schedule untransacted;
    private RunFunction[] bare;
    private Schedule hooked;
    private Schedule probed;
    private Flags flags;
    private World world;
    private World tracking;
    private Schedule trackingPlain;

    /** Builds both schedules and warms the world once (the first call adds the state trait). */
    @Setup
    public void setUp() {
        // "sync": generated inside build() even at 10,000 systems, so the measurement starts on it.
        System.setProperty("orrery.schedule.dispatch", "generated".equals(dispatch) ? "sync" : dispatch);
        boolean distinct = "distinct".equals(classes);
        plain = Fixtures.schedule(Fixtures.emptySystems(systems, null, distinct), null);
        untransacted = Schedule.builder("bench").systems(Fixtures.emptySystems(systems, null, distinct))
                .transactions(false).build();
        hooked = Fixtures.schedule(Fixtures.emptySystems(systems, null, distinct), new Fixtures.CountingHooks());
        probed = Schedule.builder("bench").systems(Fixtures.emptySystems(systems, null, distinct))
                .probe(new RunProbe()).build();
        flags = new Flags(systems);
        bare = plain.systems().stream().map(EcsSystem::run).toArray(RunFunction[]::new);
        world = new World();
        plain.run(world, 0.016);
        untransacted.run(world, 0.016);
        hooked.run(world, 0.016);
        probed.run(world, 0.016);
        tracking = new World();
        tracking.removed(Trait.withDefault("bench/Tracked", Boolean.TRUE)); // the world now tracks one trait's changes
        // a schedule of its own, as a game runs its schedule on one world: the sites' profiles stay apart
        trackingPlain = Fixtures.schedule(Fixtures.emptySystems(systems, null, distinct), null);
        trackingPlain.run(tracking, 0.016);
    }

    /** One frame, no hooks. */
    @Benchmark
    public void run() {
        plain.run(world, 0.016);
    }

    /**
     * One frame, no hooks, on a world that tracks changes of one trait (after a change query or a
     * {@code World.removed} call): each system's turn then enters its change context and records its
     * run. The difference to {@link #run()} is what change detection costs per system.
     */
    @Benchmark
    public void runWithChangeTracking() {
        trackingPlain.run(tracking, 0.016);
    }

    /** One frame, no hooks, built with {@code transactions(false)}: no phase opens or publishes. */
    @Benchmark
    public void runWithoutTransactions() {
        untransacted.run(world, 0.016);
    }

    /**
     * The floor: the same run functions called in a plain array loop, with no phases, flags,
     * conditions or state. The difference to {@link #run()} is the scheduler's own cost.
     */
    @Benchmark
    public void bareLoop() {
        RunFunction[] fns = bare;
        World w = world;
        for (int i = 0; i < fns.length; i++) {
            fns[i].run(w, 0.016);
        }
    }

    /**
     * One frame of a schedule built with a {@link RunProbe}, as the host builds every schedule: the
     * same dispatch plus one opaque store per system. The difference to {@link #run()} is the
     * probe's cost.
     */
    @Benchmark
    public void runWithProbe() {
        probed.run(world, 0.016);
    }

    /**
     * The floor under SCH-056: {@link #bareLoop()} plus the enabled check every conforming
     * dispatcher makes before each system, because an earlier system of the same pass may have changed
     * the flags: re-read the state record, compare it with the one the flags were built from, read
     * whether any flag is set and, only then, the system's flag (Orrery's own form of the check). No phases, conditions, hooks or fault attribution. The difference to
     * {@link #bareLoop()} is what the spec's per-system check costs by itself.
     */
    @Benchmark
    public void bareLoopWithEnabledCheck() {
        RunFunction[] fns = bare;
        World w = world;
        Flags f = flags;
        for (int i = 0; i < fns.length; i++) {
            Object record = f.record;
            if (record != f.builtFrom) {
                f.rebuild(record);
            }
            if (!(f.anyDisabled && f.disabled[i])) {
                fns[i].run(w, 0.016);
            }
        }
    }

    /** The enabled flags of {@link #bareLoopWithEnabledCheck()}: a record and the flags built from it. */
    static final class Flags {
        Object record = new Object();
        Object builtFrom = record;
        boolean anyDisabled;
        final boolean[] disabled;

        Flags(int n) {
            disabled = new boolean[n];
        }

        void rebuild(Object r) {
            builtFrom = r;
        }
    }

    /** One frame with beforeSystem/afterSystem hooks. */
    @Benchmark
    public void runWithHooks() {
        hooked.run(world, 0.016);
    }
}
