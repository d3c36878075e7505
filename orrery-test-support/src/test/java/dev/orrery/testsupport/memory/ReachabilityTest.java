package dev.orrery.testsupport.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReachabilityTest {
    private Object kept = new Object();

    @Test
    void anUnreachableObjectIsCollected() throws InterruptedException {
        WeakReference<Object> ref = new WeakReference<>(new Object());
        assertTrue(Reachability.awaitCleared(ref));
    }

    @Test
    void aReachableObjectIsRetainedAfterEveryRound() throws InterruptedException {
        WeakReference<Object> held = new WeakReference<>(kept);
        WeakReference<Object> dropped = new WeakReference<>(new Object());
        assertEquals(1, Reachability.retained(List.of(held, dropped), 3));
        assertTrue(held.get() == kept);
    }

    @Test
    void roundsBoundedByTimeRunAtLeastOnce() throws InterruptedException {
        WeakReference<Object> held = new WeakReference<>(kept);
        assertEquals(1, Reachability.retained(List.of(held), Duration.ZERO));
        assertEquals(0, Reachability.retained(List.of(new WeakReference<>(new Object())), Duration.ZERO));
    }

    @Test
    void noRoundIsRefused() {
        assertEquals("Reachability.retained: rounds must be >= 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> Reachability.retained(List.of(), 0)).getMessage());
    }
}
