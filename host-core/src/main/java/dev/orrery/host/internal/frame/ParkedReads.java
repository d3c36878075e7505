package dev.orrery.host.internal.frame;

import dev.orrery.schedule.ParkListener;
import dev.orrery.schedule.ParkedUpdate;
import dev.orrery.world.World;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * Read-only work on the host's world while its update is parked ({@code GameHost.read}): between the
 * probe's {@link #parked} and {@link #resumed} calls the frame thread waits in {@code Cooperative.await}
 * and touches nothing, so another thread may read the world then, one at a time. Tell this object of
 * every park of the host's probe (it is a {@link ParkListener}); {@link FrameLoop#read} uses it.
 *
 * <p>Threading: {@link #parked} and {@link #resumed} are called on the frame thread; {@link #tryRead} on
 * any thread.
 *
 * <p>Implementation notes. One monitor guards {@link #open} and the reads themselves: a read runs while
 * holding it, and {@link #resumed} takes it before the parked system goes on, so the frame thread waits
 * for a read in progress and no read overlaps the frame thread's own work. The monitor is also the
 * happens-before edge in both directions: the frame thread's writes before the park are visible to the
 * reader (release in {@code parked}, acquire in {@code tryRead}), and whatever a read wrote (a lazily
 * built cache) is visible to the frame thread after {@code resumed}. Two readers never overlap either,
 * since a read may fill such caches.
 */
public final class ParkedReads implements ParkListener {
    /** Whether the world update is parked; guarded by this. */
    private boolean open;

    /** Creates the gate, closed (no update parked). */
    public ParkedReads() {
    }

    /** Frame thread: the update parked; reads may run from now on. */
    @Override
    public synchronized void parked(ParkedUpdate update) {
        open = true;
    }

    /** Frame thread: the wait ended; returns once no read runs any more, and none runs after it. */
    @Override
    public synchronized void resumed(ParkedUpdate update) {
        open = false;
    }

    /**
     * Runs the work at once on the calling thread if the world update is parked.
     *
     * @param world the host's world
     * @param work read-only work on it
     * @param <T> the result type
     * @return a completed stage with the work's result (or what it threw), or null when the world update
     *     is not parked (the caller then hands the work to the frame boundary)
     */
    synchronized <T> CompletionStage<T> tryRead(World world, Function<World, T> work) {
        Objects.requireNonNull(work, "read: work");
        if (!open) {
            return null;
        }
        try {
            return CompletableFuture.completedFuture(work.apply(world));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** @return whether reads run at once now (the world update is parked) */
    synchronized boolean isOpen() {
        return open;
    }
}
