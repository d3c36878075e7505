package dev.orrery.host.internal.frame;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The step requests of a paused simulation: how many frames are still to run, and who waits for which
 * frame. Counts are {@code long}s: requests of {@code Integer.MAX_VALUE} frames add up without
 * wrapping (the sum saturates at {@code Long.MAX_VALUE}).
 *
 * <p>Frame thread only.
 */
final class Stepping {
    private record Waiter(long targetFrame, CompletableFuture<Long> future) {
    }

    private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
    private long pending;

    /** @return whether frames are still to run for step requests */
    boolean hasPending() {
        return pending > 0;
    }

    /**
     * Takes a request.
     *
     * @param frames how many frames, at least 1
     * @param future completes with the frame count after the last of them
     * @param frameNow the frame count now
     */
    void request(long frames, CompletableFuture<Long> future, long frameNow) {
        pending = saturatedAdd(pending, frames);
        waiters.add(new Waiter(saturatedAdd(frameNow, pending), future));
    }

    /**
     * A frame ran (or threw): one pending frame less (there are none while the simulation runs), and the
     * requests whose last frame this was complete.
     *
     * @param frameNow the frame count after the frame
     */
    void frameRan(long frameNow) {
        if (pending > 0) {
            pending--;
        }
        if (waiters.isEmpty()) {
            return; // the usual frame: no iterator allocated
        }
        for (Iterator<Waiter> it = waiters.iterator(); it.hasNext(); ) {
            Waiter w = it.next();
            if (frameNow >= w.targetFrame()) {
                it.remove();
                w.future().complete(frameNow);
            }
        }
    }

    /** Forgets the pending frames (the simulation resumed); waiting requests complete as frames run. */
    void clearPending() {
        pending = 0;
    }

    /**
     * Fails every waiting request and forgets the pending frames.
     *
     * @param failure what they complete with
     */
    void failAll(Throwable failure) {
        pending = 0;
        while (!waiters.isEmpty()) {
            waiters.poll().future().completeExceptionally(failure);
        }
    }

    /**
     * A request was cancelled: the frames it asked for that have not run yet are dropped; later requests
     * keep theirs.
     *
     * @param cancelled the cancelled request's future
     * @param frameNow the frame count now
     */
    void drop(CompletableFuture<Long> cancelled, long frameNow) {
        long previousTarget = frameNow;
        Waiter found = null;
        for (Waiter w : waiters) {
            if (w.future() == cancelled) {
                found = w;
                break;
            }
            previousTarget = Math.max(previousTarget, w.targetFrame());
        }
        if (found == null) {
            return;
        }
        long dropped = Math.max(0, found.targetFrame() - Math.max(previousTarget, frameNow));
        boolean after = false;
        List<Waiter> kept = new ArrayList<>();
        for (Waiter w : waiters) {
            if (w == found) {
                after = true;
            } else {
                kept.add(after ? new Waiter(w.targetFrame() - dropped, w.future()) : w);
            }
        }
        waiters.clear();
        waiters.addAll(kept);
        pending = Math.max(0, pending - dropped);
    }

    private static long saturatedAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }
}
