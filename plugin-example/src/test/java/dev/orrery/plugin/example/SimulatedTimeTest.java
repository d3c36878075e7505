package dev.orrery.plugin.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.Schedule;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SimulatedTimeTest {
    @Test
    void fixedStepsOfOneSixtiethCompleteASecondEverySixtyFrames() {
        double sum = 0;
        for (int i = 0; i < 120; i++) {
            sum += 1.0 / 60;
        }
        assertTrue(sum < 2.0, "the premise: the plain sum stays just under 2.0, got " + sum);

        SimulatedTime time = new SimulatedTime();
        List<Integer> framesThatCompletedASecond = new ArrayList<>();
        for (int frame = 1; frame <= 120; frame++) {
            if (time.advance(1.0 / 60) > 0) {
                framesThatCompletedASecond.add(frame);
            }
        }
        assertEquals(List.of(60, 120), framesThatCompletedASecond);
        assertEquals(2, time.wholeSeconds());
    }

    @Test
    void thirdsAndTenthsCompleteTheirSecondOnTheLastFrame() {
        SimulatedTime thirds = new SimulatedTime();
        assertEquals(0, thirds.advance(1.0 / 3));
        assertEquals(0, thirds.advance(1.0 / 3));
        assertEquals(1, thirds.advance(1.0 / 3));
        SimulatedTime tenths = new SimulatedTime();
        long completed = 0;
        for (int i = 0; i < 9; i++) {
            completed += tenths.advance(0.1);
        }
        assertEquals(0, completed, "nine tenths are not a second");
        assertEquals(1, tenths.advance(0.1));
    }

    @Test
    void aLongFrameCompletesSeveralSecondsAndEachIsCountedOnce() {
        SimulatedTime time = new SimulatedTime();
        assertEquals(2, time.advance(2.5));
        assertEquals(0, time.advance(0.25));
        assertEquals(1, time.advance(0.25));
        assertEquals(3, time.wholeSeconds());
        assertEquals(3.0, time.seconds(), 1e-12);
    }

    @Test
    void negativeOrNonFiniteDtIsRejectedNamingTheClock() {
        SimulatedTime time = new SimulatedTime();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> time.advance(-0.1));
        assertEquals("example/clock: dt must be a finite number >= 0 seconds, got -0.1", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> time.advance(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> time.advance(Double.POSITIVE_INFINITY));
    }

    @Test
    void thePluginsClockSystemCountsTwoSecondsIn120FixedFrames() {
        Schedule schedule = Schedule.builder("main").plugins(ClockPlugin.PLUGIN).build();
        World world = new World();
        try (CapturedLog log = CapturedLog.attach("dev.orrery.plugin.example")) {
            for (int i = 0; i < 120; i++) {
                schedule.run(world, 1.0 / 60);
            }
            assertEquals(List.of("INFO example/clock: 1 s of simulated time", "INFO example/clock: 2 s of simulated time"),
                    log.lines());
        }
        assertEquals(2, world.get(ClockPlugin.TIME).wholeSeconds());
    }
}
