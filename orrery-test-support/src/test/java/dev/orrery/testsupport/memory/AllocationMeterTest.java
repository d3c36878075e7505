package dev.orrery.testsupport.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The meter's verdict: 0 for code that allocates nothing or only once, above 0 in every window for
 * code that allocates on each call, however the JIT behaves; per iteration, below one byte for code
 * whose only allocation is a one-off per window, above it for code that allocates every sixteenth
 * iteration or more often.
 */
class AllocationMeterTest {
    private static final int CALLS = 10_000;
    /** Where the planted allocations escape to, so escape analysis cannot remove them. */
    private static volatile Object sink;
    private long counter;

    @BeforeEach
    void supported() {
        assumeTrue(AllocationMeter.isSupported(), "this JVM cannot count allocated bytes per thread");
    }

    @Test
    void codeThatAllocatesNothingMeasuresZeroAndStopsAtTheFirstQuietWindow() {
        Measurement m = AllocationMeter.standard().measure(() -> {
            for (int i = 0; i < CALLS; i++) {
                counter++;
            }
        });
        assertEquals(0, m.leastBytes(), m.describe(CALLS + " increments"));
        assertEquals(0, m.windowBytes().get(m.windowBytes().size() - 1));
    }

    @Test
    void anAllocationOnEveryCallShowsInEveryWindow() {
        Measurement m = AllocationMeter.windows(1, 4).measure(() -> {
            for (int i = 0; i < CALLS; i++) {
                sink = new long[1];
            }
        });
        assertEquals(4, m.windowBytes().size(), "no window was quiet: " + m);
        assertTrue(m.leastBytes() >= 16L * CALLS, m.describe(CALLS + " allocations of 16+ bytes"));
    }

    @Test
    void anAllocationEveryHundredCallsShowsInEveryWindowToo() {
        Measurement m = AllocationMeter.windows(1, 4).measure(() -> {
            for (int i = 0; i < CALLS; i++) {
                if (i % 100 == 0) {
                    sink = new long[1];
                }
            }
        });
        assertTrue(m.leastBytes() >= 16L * CALLS / 100, m.describe("one allocation per 100 calls"));
    }

    @Test
    void oneOffAllocationsInTheFirstMeasuredWindowsDoNotFailTheVerdict() {
        int[] window = {0};
        Measurement m = AllocationMeter.windows(0, 6).measure(() -> {
            if (window[0]++ < 3) {
                sink = new byte[4096]; // as a deoptimisation would, in three windows
            }
            for (int i = 0; i < CALLS; i++) {
                counter++;
            }
        });
        assertEquals(0, m.leastBytes(), m.describe("windows with one-off allocations"));
        assertTrue(m.windowBytes().size() >= 4, m.toString());
        assertTrue(m.windowBytes().subList(0, 3).stream().allMatch(b -> b >= 4096), m.toString());
    }

    @Test
    void anAllocationPerIterationFailsTheVerdictPerIteration() {
        Measurement m = AllocationMeter.windows(1, 3).measure(CALLS, () -> {
            for (int i = 0; i < CALLS; i++) {
                sink = new long[1];
            }
        });
        assertTrue(m.bytesPerIteration() >= 16, m.describe(CALLS + " allocations"));
        assertFalse(m.isAllocationFree(), m.describe(CALLS + " allocations"));
    }

    @Test
    void anAllocationEverySixteenIterationsStillFailsTheVerdict() {
        Measurement m = AllocationMeter.windows(1, 3).measure(CALLS, () -> {
            for (int i = 0; i < CALLS; i++) {
                if (i % 16 == 0) {
                    sink = new long[1];
                }
            }
        });
        assertFalse(m.isAllocationFree(), m.describe("one allocation per 16 iterations"));
    }

    @Test
    void aOneOffAllocationInEveryWindowStaysBelowOneBytePerIterationAndEndsTheMeasurement() {
        Measurement m = AllocationMeter.windows(0, 3).measure(CALLS, () -> {
            sink = new byte[1024]; // as a recurring bookkeeping allocation of the JIT would, once per window
            for (int i = 0; i < CALLS; i++) {
                counter++;
            }
        });
        assertEquals(1, m.windowBytes().size(), "the first window was quiet (below 1 B per iteration): " + m);
        assertTrue(m.leastBytes() >= 1024, m.toString());
        assertTrue(m.isAllocationFree(), m.describe("a window with one 1 KiB allocation"));
    }

    @Test
    void aWindowCountedAsOneIterationMustBeQuiet() {
        assertTrue(new Measurement(List.of(48L, 0L), 0, 2, 2).isAllocationFree());
        assertFalse(new Measurement(List.of(48L, 16L), 0, 2, 2).isAllocationFree());
    }

    @Test
    void thePerIterationDescriptionGivesTheFigureAndTheLimit() {
        Measurement m = new Measurement(List.of(4_000L, 2_000L), 0, 2, 2, 10_000);
        assertEquals(0.2, m.bytesPerIteration(), 1e-12);
        assertEquals("bytes allocated by 10,000 frames: at least 2000 (0.2000 B per iteration of 10000, at most 1.0"
                + " allowed) in each of 2 measured windows after 2 warm-up windows (per window [4000, 2000], counter"
                + " overhead 0 subtracted)", m.describe("10,000 frames"));
    }

    @Test
    void theDescriptionNamesEveryWindow() {
        Measurement m = new Measurement(List.of(48L, 16L), 0, 2, 2);
        assertEquals("bytes allocated by 10 calls: at least 16 in each of 2 measured windows after 2 warm-up windows"
                + " (per window [48, 16], counter overhead 0 subtracted)", m.describe("10 calls"));
    }

    @Test
    void badCountsAreRefusedNamingThem() {
        assertEquals("AllocationMeter: maxWindows must be >= 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> AllocationMeter.windows(1, 0)).getMessage());
        assertEquals("AllocationMeter: warmUpWindows must be >= 0, got -1",
                assertThrows(IllegalArgumentException.class, () -> AllocationMeter.windows(-1, 1)).getMessage());
        assertEquals("AllocationMeter.measure: iterationsPerWindow must be >= 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> AllocationMeter.standard().measure(0, () -> { }))
                        .getMessage());
        assertEquals("Measurement: iterationsPerWindow must be >= 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> new Measurement(List.of(0L), 0, 1, 1, 0))
                        .getMessage());
    }
}
