package dev.orrery.host.internal.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class SteppingTest {
    @Test
    void twoRequestsOfIntegerMaxValueFramesDoNotWrapAndCompleteOnlyAfterTheirFrames() {
        Stepping s = new Stepping();
        CompletableFuture<Long> first = new CompletableFuture<>();
        CompletableFuture<Long> second = new CompletableFuture<>();
        s.request(Integer.MAX_VALUE, first, 0);
        s.request(Integer.MAX_VALUE, second, 0);
        s.frameRan(1);
        s.frameRan(2);
        assertTrue(s.hasPending());
        assertFalse(first.isDone(), "2 of 2^31-1 frames ran");
        s.frameRan(Integer.MAX_VALUE);
        assertEquals(Integer.MAX_VALUE, first.join());
        assertFalse(second.isDone(), "the second request waits for frame 2 * (2^31 - 1)");
        s.frameRan(2L * Integer.MAX_VALUE);
        assertEquals(2L * Integer.MAX_VALUE, second.join());
    }

    @Test
    void pendingFramesSaturateInsteadOfWrapping() {
        Stepping s = new Stepping();
        CompletableFuture<Long> a = new CompletableFuture<>();
        CompletableFuture<Long> b = new CompletableFuture<>();
        s.request(Long.MAX_VALUE, a, 5);
        s.request(Long.MAX_VALUE, b, 5);
        s.frameRan(6);
        assertTrue(s.hasPending());
        assertFalse(a.isDone());
        assertFalse(b.isDone());
    }

    @Test
    void failAllCompletesEveryWaiterAndForgetsThePendingFrames() {
        Stepping s = new Stepping();
        CompletableFuture<Long> a = new CompletableFuture<>();
        s.request(3, a, 0);
        s.failAll(new IllegalStateException("stopped"));
        assertTrue(a.isCompletedExceptionally());
        assertFalse(s.hasPending());
    }
}
