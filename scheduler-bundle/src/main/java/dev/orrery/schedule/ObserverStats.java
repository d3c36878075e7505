package dev.orrery.schedule;

import java.util.Objects;

/**
 * Beyond the spec (Orrery's observers): the counters of one observer of a schedule in one world
 * ({@link Schedule#observerStats}); a snapshot.
 *
 * @param observer the observer
 * @param plugin the plugin that declared it, or the schedule's name when the schedule did
 * @param fired how many times its function was called in the world (a call that threw included)
 *
 * @since 0.1
 */
public record ObserverStats(EcsObserver observer, String plugin, long fired) {
    /** @throws NullPointerException if {@code observer} or {@code plugin} is null */
    public ObserverStats {
        Objects.requireNonNull(observer, "ObserverStats: observer is null");
        Objects.requireNonNull(plugin, "ObserverStats: plugin is null");
    }
}
