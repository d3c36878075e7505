package dev.orrery.host.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/**
 * {@link HostChanges}: the change token and the waits for it, with a notifier the test runs by hand,
 * so that what completes where is seen step by step (no thread, no timing).
 */
class HostChangesTest {
    /** The notifier: tasks queued until {@link #runNotifier()}. */
    private final Queue<Runnable> queued = new ArrayDeque<>();
    private final Executor notifier = queued::add;
    private final HostChanges changes = new HostChanges(notifier);

    private int runNotifier() {
        int n = 0;
        Runnable r;
        while ((r = queued.poll()) != null) {
            r.run();
            n++;
        }
        return n;
    }

    @Test
    void aWaitWhoseTokenAlreadyMovedIsCompletedAtOnce() {
        changes.changed();
        changes.changed();
        CompletableFuture<Long> f = changes.await(0).toCompletableFuture();
        assertTrue(f.isDone());
        assertEquals(2L, f.join());
        assertEquals(0, queued.size(), "nothing for the notifier");
    }

    @Test
    void aWaitCompletesOnTheNotifierAfterTheChangeNeverOnTheChangingThread() {
        long seen = changes.current();
        CompletableFuture<Long> f = changes.await(seen).toCompletableFuture();
        assertFalse(f.isDone());
        changes.changed();
        assertFalse(f.isDone(), "the changing thread (the frame thread, say) does not complete it");
        assertEquals(1, runNotifier());
        assertEquals(seen + 1, f.join());
    }

    @Test
    void aBurstOfChangesGivesOneReleaseAndEveryWaitPassedCompletes() {
        CompletableFuture<Long> first = changes.await(0).toCompletableFuture();
        CompletableFuture<Long> second = changes.await(0).toCompletableFuture();
        CompletableFuture<Long> later = changes.await(5).toCompletableFuture();
        for (int i = 0; i < 3; i++) {
            changes.changed();
        }
        assertEquals(1, queued.size(), "one release for the burst");
        runNotifier();
        assertEquals(3L, first.join());
        assertEquals(3L, second.join());
        assertFalse(later.isDone(), "its token (5) was not passed");
        changes.changed();
        changes.changed();
        changes.changed();
        runNotifier();
        assertEquals(6L, later.join());
    }

    @Test
    void aCancelledWaitLeavesNothingBehind() {
        CompletableFuture<Long> f = changes.await(0).toCompletableFuture();
        assertTrue(f.cancel(false));
        changes.changed();
        assertEquals(0, queued.size(), "no wait left: no release");
    }

    @Test
    void afterCloseTheTokenNoLongerMovesAndOpenWaitsFail() {
        CompletableFuture<Long> passed = changes.await(0).toCompletableFuture();
        changes.close();
        CompletableFuture<Long> open = changes.await(changes.current()).toCompletableFuture();
        runNotifier();
        assertEquals(1L, passed.join(), "the close is the last change");
        assertInstanceOf(IllegalStateException.class, assertThrows(CompletionException.class, open::join).getCause());
        assertEquals(1L, changes.await(0).toCompletableFuture().join(), "a wait with an older token still completes");
        changes.close();
        assertEquals(1L, changes.current(), "close is idempotent");
    }
}
