package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orrery.testsupport.memory.AllocationMeter;
import dev.orrery.testsupport.memory.Measurement;
import dev.orrery.world.CommitStats;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitValue;
import dev.orrery.world.World;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A schedule whose systems change the world's structure every frame (spawn, add, remove, destroy),
 * with a barrier inside a phase and a commit request, besides value writes and a world trait written
 * every frame, stages and publishes without allocating once
 * the world's tables, its free entity slots and the transaction's buffers have grown to the frame's
 * needs (SCH-117 for structural work; the staging figures of the benchmarks say the same in B/op).
 * Measured as the other allocation tests are ({@link AllocationMeter}: the quietest window of
 * {@value #FRAMES} frames allocates less than one byte per frame); the frame's structure is the same
 * in every frame, so the steady state is reached in the warm-up windows.
 */
class StagingAllocationTest {
    private static final int FRAMES = 5_000;
    private static final int BATCH = 8;

    static final Trait<String> POSITION = Trait.withDefault("alloc/position", "p");
    static final Trait<String> VELOCITY = Trait.withDefault("alloc/velocity", "v");
    static final Trait<String> TAG = Trait.withDefault("alloc/tag", "t");
    static final Trait<String> BURNING = Trait.withDefault("alloc/burning", "b");
    static final Trait<String> SCRATCH = Trait.withDefault("alloc/scratch", "s");
    static final Trait<String> CENSUS = Trait.withDefault("alloc/census", "c");
    /** A spawn's traits, built once: a varargs array per call would be the test's own allocation. */
    private static final TraitValue<?>[] SPAWNED = {POSITION.with("p"), VELOCITY.with("v")};

    /** Where a planted allocation escapes to, so that escape analysis cannot remove it. */
    private static volatile Object sink;

    /** This frame's spawns (published at the barrier) and the previous frame's (destroyed this frame). */
    private long[] fresh = new long[BATCH];
    private long[] previous = new long[BATCH];
    private int previousCount;
    private final long[] counter = new long[1];

    private Schedule build(EcsSystem... extra) {
        EcsSystem spawner = EcsSystem.builder("spawner").phase(Phase.ON_UPDATE).run((w, dt) -> {
            for (int i = 0; i < BATCH; i++) {
                fresh[i] = w.spawn(SPAWNED);
                w.add(fresh[i], TAG, "t"); // a spawn with a later add: one insertion at the publish
            }
        }).build();
        // The barrier: the spawns are published before it runs, so it sees and moves them.
        EcsSystem burner = EcsSystem.builder("burner").phase(Phase.ON_UPDATE).after(spawner).commitBefore()
                .run((w, dt) -> {
                    for (int i = 0; i < BATCH; i++) {
                        counter[0] += w.has(fresh[i], POSITION) ? 1 : 0;
                        w.set(fresh[i], POSITION, "q"); // a value write: applied at once
                        w.add(fresh[i], BURNING, "b");
                        w.remove(fresh[i], VELOCITY);
                        w.add(fresh[i], SCRATCH, "s"); // added and removed: coalesced to nothing
                        w.remove(fresh[i], SCRATCH);
                    }
                }).build();
        EcsSystem reaper = EcsSystem.builder("reaper").phase(Phase.ON_UPDATE).after(burner).run((w, dt) -> {
            for (int i = 0; i < previousCount; i++) {
                w.destroy(previous[i]);
            }
            w.enqueueCommit(); // published before the next system
        }).build();
        EcsSystem counterSystem = EcsSystem.builder("census").phase(Phase.ON_UPDATE).after(reaper)
                .run((w, dt) -> {
                    counter[0] += w.entityCount();
                    w.set(CENSUS, "counted"); // a world trait: applied at once, not staged
                }).build();
        EcsSystem cooler = EcsSystem.builder("cooler").phase(Phase.ON_STORE).commitAfter().run((w, dt) -> {
            for (int i = 0; i < BATCH; i++) {
                w.remove(fresh[i], BURNING);
            }
            long[] t = previous;
            previous = fresh;
            fresh = t;
            previousCount = BATCH;
        }).build();
        return Schedule.builder("staging").systems(spawner, burner, reaper, counterSystem, cooler)
                .systems(List.of(extra)).build();
    }

    private Measurement measure(Schedule schedule, World world) {
        assumeTrue(AllocationMeter.isSupported(), "this JVM cannot count allocated bytes per thread");
        return AllocationMeter.standard().measure(FRAMES, () -> {
            for (int i = 0; i < FRAMES; i++) {
                schedule.run(world, 0.016);
            }
        });
    }

    @Test
    @DisplayName("a schedule that spawns, adds, removes and destroys every frame, with barriers, allocates nothing per frame")
    void stagingAndPublishingAllocateNothingPerFrame() {
        Schedule schedule = build();
        World world = new World();
        CommitStats before = world.commitStats();
        Measurement m = measure(schedule, world);
        CommitStats done = world.commitStats().since(before);
        long frames = (long) FRAMES * (m.warmUpWindows() + m.windowBytes().size());

        assertTrue(m.isAllocationFree(), m.describe(FRAMES + " frames that stage and publish"));
        assertEquals(BATCH, world.entityCount(), "the last frame's spawns are alive, the earlier ones destroyed");
        assertEquals(Set.of(POSITION, TAG), Set.copyOf(world.traitsOf(previous[0])),
                "spawned with position and velocity, tagged; burning added and removed, velocity removed");
        assertTrue(done.publishes() >= 3 * frames, "a publish at the barrier, at the commit request, at phase ends: "
                + done);
        assertEquals(frames * BATCH, done.entitiesInserted(), done.toString());
        assertEquals(frames * BATCH - BATCH, done.entitiesRemoved(), done.toString());
        assertTrue(done.opsCoalesced() >= 2 * frames * BATCH, "the scratch adds and removes coalesce: " + done);
        assertTrue(counter[0] > frames * BATCH, "the systems ran: " + counter[0]);
    }

    @Test
    @DisplayName("the check catches a system that allocates on every frame beside the staging ones")
    void aPlantedAllocationPerFrameFailsTheCheck() {
        Schedule schedule = build(EcsSystem.builder("allocates").phase(Phase.ON_UPDATE)
                .run((w, dt) -> sink = new long[1]).build());
        Measurement m = measure(schedule, new World());
        assertFalse(m.isAllocationFree(), m.describe(FRAMES + " frames with a planted allocation"));
        assertTrue(m.bytesPerIteration() >= 16, m.describe(FRAMES + " frames with a planted allocation"));
    }
}
