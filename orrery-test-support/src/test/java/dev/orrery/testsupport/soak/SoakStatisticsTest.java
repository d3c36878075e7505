package dev.orrery.testsupport.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class SoakStatisticsTest {
    @Test
    void theProbeCountsFramesGapsOverTheLimitAndFirstRuns() {
        SoakProbe probe = new SoakProbe();
        probe.resetGaps(20);
        probe.tick(100);
        probe.tick(110);
        probe.tick(140); // a gap of 30 > 20
        probe.expect("2.0.0");
        probe.accept("1.0.0", 141);
        probe.accept("2.0.0", 150);
        probe.accept(SoakProbe.TICK, 150);
        probe.ran("2.0.0", 160);

        assertEquals(4, probe.frames());
        assertEquals(1, probe.gapsOverLimit());
        assertEquals(30, probe.maxGapNanos());
        assertEquals(List.of(140L), probe.gapEnds());
        assertEquals(150, probe.expectedFirstRunNanos(), "the first run of the expected version");
        assertEquals(3, probe.lastRunFrame("1.0.0"));
        assertEquals(4, probe.lastRunFrame("2.0.0"));
        assertEquals(-1, probe.lastRunFrame("3.0.0"));
        probe.resetGaps(Long.MAX_VALUE);
        assertEquals(List.of(), probe.gapEnds());
        assertEquals(0, probe.maxGapNanos());
    }

    @Test
    void latenciesAreNearestRankPercentiles() {
        Latencies l = new Latencies();
        assertEquals("p50 0.0, p95 0.0, max 0.0 (n=0)", l.summary());
        for (int i = 1; i <= 20; i++) {
            l.add(i);
        }
        assertEquals(10.0, l.percentile(50));
        assertEquals(19.0, l.percentile(95));
        assertEquals(10.5, l.mean());
        assertEquals("p50 10.0, p95 19.0, max 20.0 (n=20)", l.summary());
        assertEquals("Latencies.percentile: p must be from 1 to 100, got 0",
                assertThrows(IllegalArgumentException.class, () -> l.percentile(0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> l.add(Double.NaN));
    }

    @Test
    void framesLostAreTheWholeFramesOfTheWallTimeNotRun() {
        FrameAccount a = FrameAccount.between(0, 2_000_000_000L, 118, 60);
        assertEquals(120, a.expected());
        assertEquals(2, a.lost());
        assertEquals("wall time 2.0 s; frames run 118 of 120 expected; frames lost 2 (1.67 %)", a.describe());
        assertEquals(0, new FrameAccount(1.0, 61, 60).lost(), "more frames than expected lose none");
        assertThrows(IllegalArgumentException.class, () -> new FrameAccount(1.0, 1, 0));
    }

    @Test
    void anIdleControlOfNoSecondsIsSkipped() throws InterruptedException {
        assertEquals("idle control: skipped", IdleControl.measure(new SoakProbe(), () -> 0, 0, 60));
    }
}
