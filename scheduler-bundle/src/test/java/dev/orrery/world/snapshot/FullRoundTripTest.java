package dev.orrery.world.snapshot;

import static dev.orrery.world.snapshot.SnapshotWorlds.HEALTH;
import static dev.orrery.world.snapshot.SnapshotWorlds.MOOD;
import static dev.orrery.world.snapshot.SnapshotWorlds.POSITION;
import static dev.orrery.world.snapshot.SnapshotWorlds.SCORES;
import static dev.orrery.world.snapshot.SnapshotWorlds.SCRATCH;
import static dev.orrery.world.snapshot.SnapshotWorlds.TARGET;
import static dev.orrery.world.snapshot.SnapshotWorlds.TRAITS;
import static dev.orrery.world.snapshot.SnapshotWorlds.WORLD_MOOD;
import static dev.orrery.world.snapshot.SnapshotWorlds.WORLD_SCORE;
import static dev.orrery.world.snapshot.SnapshotWorlds.assertSameState;
import static dev.orrery.world.snapshot.SnapshotWorlds.populated;
import static dev.orrery.world.snapshot.SnapshotWorlds.save;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.FixedPhases;
import dev.orrery.schedule.FixedTime;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.VirtualTime;
import dev.orrery.schedule.condition.RunIf;
import dev.orrery.schedule.condition.StateStack;
import dev.orrery.world.Entity;
import dev.orrery.world.Query;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.World;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The round trip of a whole game world: 10,000 entities of 20 persistent trait types with recycled
 * ids and handles inside values, world traits, the schedule's state (two equal cooldowns half-way, a
 * jittered interval, the state stack, virtual time) and a fixed clock mid-accumulation with an
 * interrupted step. Restored into a fresh world and run by a schedule built anew (as another process
 * would), it is deep-equal, spawns the same handles and runs the same frames as the original. Runs on
 * both dispatch engines (the suite runs twice).
 */
class FullRoundTripTest {
    /** The fixed tick at which the "boom" system throws, once: a world trait so a restore carries it. */
    record BoomAt(long tick) {
    }

    static final Trait<BoomAt> BOOM_AT = Trait.<BoomAt>builder("test/boom at").defaultValue(new BoomAt(-1))
            .persistent(1, TraitCodec.of(BoomAt.class)).build();

    private static final int FRAMES_AFTER = 40;

    /** A frame's real dt: uneven, so the fixed clock's accumulator never rests on a whole step. */
    private static double dt(int frame) {
        return 0.02 + (frame % 3) * 0.004;
    }

    /**
     * The game's schedule, built from new condition objects on every call, as a new process builds it:
     * timers find their state by their place, not by object.
     */
    private static Schedule game(List<String> trace) {
        EcsSystem drift = EcsSystem.builder("drift").phase(FixedPhases.FIXED_UPDATE).run((w, dt) -> {
            for (long e : w.query(Query.of(POSITION, HEALTH)).entities()) {
                SnapshotWorlds.Position p = w.get(e, POSITION);
                w.set(e, POSITION, new SnapshotWorlds.Position(p.x() + dt * w.get(e, HEALTH).current(), p.y()));
            }
        }).build();
        EcsSystem boom = EcsSystem.builder("boom").phase(FixedPhases.FIXED_UPDATE).after(drift).run((w, dt) -> {
            if (FixedTime.of(w, FixedPhases.DEFAULT_CLOCK).tick() == w.get(BOOM_AT).tick()) {
                throw new IllegalStateException("boom");
            }
        }).build();
        EcsSystem tally = EcsSystem.builder("tally").phase(FixedPhases.FIXED_UPDATE).after(boom).run((w, dt) -> {
            long tick = FixedTime.of(w, FixedPhases.DEFAULT_CLOCK).tick();
            w.set(WORLD_SCORE, new SnapshotWorlds.Score(w.get(WORLD_SCORE).points() + tick));
            trace.add("tally " + tick);
        }).build();
        EcsSystem reward = EcsSystem.builder("reward").runIf(RunIf.cooldown(0.1)).run((w, dt) -> {
            long target = lowestSlot(w.query(Query.of(MOOD)).entities());
            long e = w.spawn(SCORES.get(0).with(new SnapshotWorlds.Score(w.get(WORLD_SCORE).points())),
                    TARGET.with(new SnapshotWorlds.Target(target)));
            trace.add("reward " + Entity.toString(e) + " -> " + Entity.toString(target));
        }).build();
        EcsSystem mood = EcsSystem.builder("mood").runIf(RunIf.cooldown(0.1)).run((w, dt) -> {
            SnapshotWorlds.Mood m = SnapshotWorlds.Mood.values()[(w.get(WORLD_MOOD).ordinal() + 1) % 3];
            w.set(WORLD_MOOD, m);
            trace.add("mood " + m);
        }).build();
        EcsSystem cull = EcsSystem.builder("cull").runIf(RunIf.every(0.05, 0.02)).run((w, dt) -> {
            long e = lowestSlot(w.query(Query.of(MOOD)).entities());
            w.destroy(e);
            trace.add("cull " + Entity.toString(e));
        }).build();
        EcsSystem battle = EcsSystem.builder("battle").runIf(RunIf.both(RunIf.inState("battle"), RunIf.every(0.07)))
                .run((w, dt) -> trace.add("battle")).build();
        EcsSystem clock = EcsSystem.builder("clock").phase(Phase.POST_UPDATE).run((w, dt) -> {
            FixedTime t = FixedTime.of(w, FixedPhases.DEFAULT_CLOCK);
            trace.add("frame dt=" + dt + " tick=" + t.tick() + " acc=" + t.accumulatorNanos());
        }).build();
        return Schedule.builder("game").systems(drift, boom, tally, reward, mood, cull, battle, clock).build();
    }

    /** @return the handle with the lowest slot: a choice independent of the order a query yields */
    private static long lowestSlot(long[] entities) {
        long best = entities[0];
        for (long e : entities) {
            if (Entity.index(e) < Entity.index(best)) {
                best = e;
            }
        }
        return best;
    }

    private static SnapshotOptions definitions(SnapshotFormat format) {
        List<Trait<?>> all = new ArrayList<>(TRAITS);
        all.add(WORLD_SCORE);
        all.add(WORLD_MOOD);
        all.add(BOOM_AT);
        return SnapshotOptions.builder().format(format).traits(all.toArray(new Trait<?>[0])).build();
    }

    /** Runs a frame and returns what it traced. */
    private static List<String> frame(Schedule s, World w, List<String> trace, double dt) {
        trace.clear();
        s.run(w, dt);
        return List.copyOf(trace);
    }

    @ParameterizedTest
    @EnumSource(SnapshotFormat.class)
    void aWholeGameWorldRestoredInAFreshWorldContinuesFrameForFrame(SnapshotFormat format) throws Exception {
        List<String> trace = new ArrayList<>();
        Schedule original = game(trace);
        World w = populated(10_000, 2026);
        w.removeFromEntities(SCRATCH); // a restored world has no transient traits: its header skips none
        w.remove(SCRATCH);
        w.set(BOOM_AT, new BoomAt(-1));
        VirtualTime.of(w).scale(0.75).maxDelta(0.05);
        RunIf.seed(w, 99);
        StateStack.push(w, "battle");

        int f = 0;
        int sinceReward = -1;
        while (sinceReward < 2) { // two frames after a cooldown fired: it is half-way
            List<String> fired = frame(original, w, trace, dt(f++));
            sinceReward = fired.stream().anyMatch(x -> x.startsWith("reward")) ? 0 : sinceReward < 0 ? -1 : sinceReward + 1;
        }
        FixedTime clock = FixedTime.of(w, FixedPhases.DEFAULT_CLOCK);
        w.set(BOOM_AT, new BoomAt(clock.tick() + 1));
        double crashDt = dt(f++);
        assertThrows(IllegalStateException.class, () -> original.run(w, crashDt), "the next fixed step throws");
        assertTrue(clock.isStepInterrupted(), "saved with an interrupted step");
        assertEquals("boom", clock.interruptedAfter());
        assertTrue(clock.accumulatorNanos() > 0, "saved mid-accumulation: " + clock);

        long savedTick = clock.tick();
        byte[] bytes = save(w, definitions(format));
        assertArrayEquals(bytes, save(w, definitions(format)), "the same world saved twice gives the same bytes");

        World restored = new World();
        RestoreReport report = WorldSnapshot.restore(new ByteArrayInputStream(bytes), restored, definitions(format));
        assertEquals(w.entityCount(), report.entities());
        assertSameState(w, restored);
        assertEquals(w.get(BOOM_AT), restored.get(BOOM_AT));
        assertEquals(List.of("battle"), StateStack.states(restored));
        assertEquals(0.75, VirtualTime.of(restored).scale());
        assertEquals(0.05, VirtualTime.of(restored).maxDelta());
        FixedTime restoredClock = FixedTime.of(restored, FixedPhases.DEFAULT_CLOCK);
        assertEquals(savedTick, restoredClock.tick());
        assertEquals(clock.accumulatorNanos(), restoredClock.accumulatorNanos());
        assertEquals("boom", restoredClock.interruptedAfter());

        for (int i = 0; i < 100; i++) {
            long a = w.spawn();
            long b = restored.spawn();
            assertEquals(Entity.toString(a), Entity.toString(b), "spawn " + i);
        }

        List<String> traceRestored = new ArrayList<>();
        Schedule rebuilt = game(traceRestored); // new condition objects: another process's schedule
        List<List<String>> expected = new ArrayList<>();
        List<List<String>> actual = new ArrayList<>();
        for (int i = 0; i < FRAMES_AFTER; i++, f++) {
            expected.add(frame(original, w, trace, dt(f)));
            actual.add(frame(rebuilt, restored, traceRestored, dt(f)));
        }
        assertEquals(expected, actual, "the same frames, frame for frame");
        assertFalse(actual.get(0).stream().anyMatch(x -> x.startsWith("reward")),
                "the cooldown resumes half-way: a fresh timer would fire in the first frame");
        assertEquals("tally " + savedTick, actual.get(0).get(0), "the interrupted step is finished first, after 'boom'");
        assertTrue(actual.subList(0, 5).stream().flatMap(List::stream).anyMatch(x -> x.startsWith("reward")),
                "and fires within its second half");
        assertSameState(w, restored);
        assertArrayEquals(afterHeader(save(w, definitions(format))), afterHeader(save(restored, definitions(format))),
                "identical state: entities, world traits, allocator, clocks and timers");
    }

    /**
     * @return the snapshot from its allocator section on: the header differs in its list of skipped
     *     transient traits, since only the original recorded a run failure ({@code orrery/run failure})
     */
    private static byte[] afterHeader(byte[] snapshot) {
        String text = new String(snapshot, StandardCharsets.ISO_8859_1);
        int at = text.indexOf("\nsection allocator ");
        assertTrue(at > 0, "an allocator section");
        return Arrays.copyOfRange(snapshot, at, snapshot.length);
    }

    @ParameterizedTest
    @EnumSource(SnapshotFormat.class)
    void aPluginTraitSavedAtVersionOneLoadsMigratedAtVersionsTwoAndThree(SnapshotFormat format) throws Exception {
        World w = populated(10_000, 7);
        long[] handles = w.query(Query.of(POSITION)).entities();
        for (int i = 0; i < handles.length; i++) {
            w.set(handles[i], SnapshotMigrationTest.V1, new SnapshotMigrationTest.HealthV1(i));
        }
        byte[] v1 = save(w, definitions(format));

        World w2 = new World();
        RestoreReport r2 = WorldSnapshot.restore(new ByteArrayInputStream(v1), w2,
                SnapshotOptions.builder().traits(SnapshotMigrationTest.V2).traits(definitions(format).traits().toArray(new Trait<?>[0]))
                        .build());
        assertEquals(handles.length, r2.migrated());
        World w3 = new World();
        RestoreReport r3 = WorldSnapshot.restore(new ByteArrayInputStream(v1), w3,
                SnapshotOptions.builder().traits(SnapshotMigrationTest.V3).traits(definitions(format).traits().toArray(new Trait<?>[0]))
                        .build());
        assertEquals(handles.length, r3.migrated());
        assertEquals(0, r3.opaque());
        for (int i = 0; i < handles.length; i++) {
            assertEquals(new SnapshotMigrationTest.HealthV2(i, i), w2.get(handles[i], SnapshotMigrationTest.V2));
            assertEquals(new SnapshotMigrationTest.HealthV3(i, i, 0.5), w3.get(handles[i], SnapshotMigrationTest.V3), "v1 -> v3");
        }
        assertEquals(w.get(handles[0], POSITION), w3.get(handles[0], POSITION), "the other traits as saved");
        assertNotEquals(0, handles.length);
    }
}
