package dev.orrery.world.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.FixedClock;
import dev.orrery.schedule.FixedTime;
import dev.orrery.schedule.VirtualTime;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.world.Tree;
import dev.orrery.world.World;
import java.io.ByteArrayInputStream;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/** Fixed-step clocks and virtual time in a snapshot: every field back, and a bad tree named. */
@Tag("engine-independent")
class ClockStateSnapshotTest {

    @ParameterizedTest
    @EnumSource(SnapshotFormat.class)
    void fixedClocksAndVirtualTimeComeBackInAFreshWorld(SnapshotFormat format) throws Exception {
        World w = new World();
        FixedClock physics = FixedClock.ofStep("physics", Duration.ofMillis(10)).maxStepsPerFrame(3)
                .maxCatchUp(Duration.ofMillis(40));
        FixedTime t = FixedTime.of(w, physics);
        int run;
        try (CapturedLog log = CapturedLog.attach("dev.orrery.schedule")) {
            run = t.beginFrame("main", physics, 95_000_000L, 95_000_000L); // a hitch: drops steps
            assertEquals(1, log.lines().size(), "the drop is logged: " + log.lines());
        }
        for (int i = 0; i < run; i++) {
            t.beginStep();
        }
        t.interrupt("FixedUpdate", "collide");
        VirtualTime.of(w).pause();
        VirtualTime.of(w).scale(0.5).skipVariableWhilePaused(true); // maxDelta stays infinite

        byte[] bytes = SnapshotWorlds.save(w, SnapshotOptions.builder().format(format).build());
        World fresh = new World();
        WorldSnapshot.restore(new ByteArrayInputStream(bytes), fresh);
        FixedTime r = FixedTime.of(fresh, physics);
        assertEquals(t.toString(), r.toString());
        assertEquals(physics, r.clock());
        assertEquals(t.accumulatorNanos(), r.accumulatorNanos());
        assertEquals(t.elapsed(), r.elapsed());
        assertTrue(r.droppedSteps() > 0);
        assertEquals(t.droppedSteps(), r.droppedSteps());
        assertEquals(t.timeDebt(), r.timeDebt());
        assertEquals("FixedUpdate", r.interruptedPhase());
        assertEquals("collide", r.interruptedAfter());
        assertEquals(VirtualTime.of(w).toString(), VirtualTime.of(fresh).toString());
        assertTrue(VirtualTime.of(fresh).skipsVariableWhilePaused());
        assertEquals(Double.POSITIVE_INFINITY, VirtualTime.of(fresh).maxDelta());
        t.endInterruption();
        r.endInterruption();
        assertEquals(t.beginFrame("main", physics, 25_000_000L, 25_000_000L), r.beginFrame("main", physics, 25_000_000L, 25_000_000L),
                "the same steps due");
        assertEquals(t.accumulatorNanos(), r.accumulatorNanos());
    }

    @Test
    void aDamagedClockNamesTheTraitAndTheField() {
        Tree bad = new Tree.Array(java.util.List.of(Tree.obj("name", Tree.of("physics"), "stepNanos", Tree.of("ten"))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FixedTime.TRAIT.persistence().orElseThrow().codec().decode(bad));
        assertEquals("fixed-step clock 'physics'.stepNanos: expected an integer, got Text[value=ten]", e.getMessage());
    }
}
