package dev.orrery.host.internal.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orrery.host.HostSettings;
import dev.orrery.host.core.HostSettingsParser;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class FramePacerTest {
    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final FramePacer pacer = new FramePacer(now::get);

    private static HostSettings config(Map<String, Object> props) {
        return HostSettingsParser.parse(props, k -> null);
    }

    @Test
    void realTimeDtIsTheMeasuredTimeClampedToMaxDt() {
        HostSettings c = config(Map.of("rate", 50, "maxDt", 0.1));
        pacer.restart();
        now.addAndGet(20_000_000L);
        assertEquals(0.02, pacer.beginFrame(c), 1e-12);
        now.addAndGet(300_000_000L);
        assertEquals(0.1, pacer.beginFrame(c), 1e-12, "a 0.3 s gap is clamped to maxDt");
    }

    @Test
    void afterAnIdleSpellTheNextDtCountsFromTheRestartNotFromTheLastFrame() {
        HostSettings c = config(Map.of("rate", 50, "maxDt", 10));
        pacer.beginFrame(c);
        now.addAndGet(5_000_000_000L); // paused for 5 s
        pacer.restart();
        now.addAndGet(20_000_000L);
        assertEquals(0.02, pacer.beginFrame(c), 1e-12, "no dt jump after a pause");
    }

    @Test
    void fixedModeGivesFixedDtAndUnpacedFramesHaveNoDeadline() {
        HostSettings c = config(Map.of("mode", "fixed", "fixedDt", 0.25, "rate", 0));
        now.addAndGet(7_000_000_000L);
        assertEquals(0.25, pacer.beginFrame(c));
        assertEquals(Long.MIN_VALUE, pacer.nextDeadline(c));
    }

    @Test
    void deadlinesAdvanceByThePeriodAndALoopFarBehindStartsAgainFromNow() {
        HostSettings c = config(Map.of("rate", 100));
        pacer.restart();
        long start = now.get();
        assertEquals(start + 10_000_000L, pacer.nextDeadline(c));
        assertEquals(start + 20_000_000L, pacer.nextDeadline(c));
        now.addAndGet(1_000_000_000L);
        assertEquals(now.get(), pacer.nextDeadline(c), "more than one period behind: no burst of catch-up frames");
    }
}
