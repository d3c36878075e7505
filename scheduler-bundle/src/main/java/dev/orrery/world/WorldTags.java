package dev.orrery.world;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Hands each new world its tag ({@link Entity#worldTag}): 1 to {@value Entity#WORLD_TAGS}, in
 * creation order, round robin.
 *
 * <p>Implementation notes. The one piece of process-wide state of this package, on purpose: a
 * sequence, like thread ids, that holds nothing of any world (no registry, no reference), so a world
 * is still collected like any object and nothing leaks between hosts or tests. A per-world random tag
 * would need no shared state but would make two worlds share a tag at random (one pair in 127), and
 * a handle check that fails at random is worse than one with a documented horizon. Thread-safe:
 * worlds may be created on any thread.
 */
final class WorldTags {
    private static final AtomicInteger CREATED = new AtomicInteger();

    private WorldTags() {
    }

    /** @return the tag of the next world */
    static int next() {
        return Math.floorMod(CREATED.getAndIncrement(), Entity.WORLD_TAGS) + 1;
    }
}
