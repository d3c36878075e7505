package dev.orrery.world;

import java.time.Duration;

/**
 * Counters of one world's structural transactions since the world was created, as returned by
 * {@link World#commitStats()}: an immutable snapshot.
 *
 * <p>Every structural call made while the world stages ({@link World#isStaging()}: spawn, destroy,
 * add or remove of an entity trait, or a {@code set} that adds a trait) counts once in
 * {@link #opsStaged()}. When the transaction publishes, each of them is either applied
 * ({@link #opsApplied()}) or, if its entity was destroyed earlier in the same transaction, skipped
 * ({@link #opsSkippedDead()}); when it is discarded (a system, condition or init function threw),
 * they all count in {@link #opsDiscarded()}. Publishing changes each touched entity's table at most
 * once: a move to another table ({@link #archetypeMoves()}), the insertion of a staged spawn
 * ({@link #entitiesInserted()}) or the removal of a destroyed entity ({@link #entitiesRemoved()});
 * the applied operations that needed no table change of their own are {@link #opsCoalesced()}, so
 * {@code opsApplied = opsCoalesced + archetypeMoves + entitiesInserted + entitiesRemoved}.
 * Structural calls made outside a transaction apply at once and are not counted here.
 *
 * @since 0.1
 */
public final class CommitStats {
    private final long publishes;
    private final long discards;
    private final long opsStaged;
    private final long opsApplied;
    private final long opsCoalesced;
    private final long opsSkippedDead;
    private final long opsDiscarded;
    private final long archetypeMoves;
    private final long entitiesInserted;
    private final long entitiesRemoved;
    private final long publishNanos;

    CommitStats(long publishes, long discards, long opsStaged, long opsApplied, long opsCoalesced,
                long opsSkippedDead, long opsDiscarded, long archetypeMoves, long entitiesInserted,
                long entitiesRemoved, long publishNanos) {
        this.publishes = publishes;
        this.discards = discards;
        this.opsStaged = opsStaged;
        this.opsApplied = opsApplied;
        this.opsCoalesced = opsCoalesced;
        this.opsSkippedDead = opsSkippedDead;
        this.opsDiscarded = opsDiscarded;
        this.archetypeMoves = archetypeMoves;
        this.entitiesInserted = entitiesInserted;
        this.entitiesRemoved = entitiesRemoved;
        this.publishNanos = publishNanos;
    }

    /** @return transactions published with at least one staged operation (an empty one publishes nothing) */
    public long publishes() {
        return publishes;
    }

    /** @return transactions with at least one staged operation discarded because something threw */
    public long discards() {
        return discards;
    }

    /** @return structural calls made while the world staged */
    public long opsStaged() {
        return opsStaged;
    }

    /** @return staged operations that took effect at a publish */
    public long opsApplied() {
        return opsApplied;
    }

    /** @return applied operations that needed no table change of their own (merged into another's) */
    public long opsCoalesced() {
        return opsCoalesced;
    }

    /** @return staged operations skipped at a publish because their entity was destroyed earlier in the transaction */
    public long opsSkippedDead() {
        return opsSkippedDead;
    }

    /** @return staged operations thrown away with a discarded transaction */
    public long opsDiscarded() {
        return opsDiscarded;
    }

    /** @return entities moved to another table by a publish (at most one move per entity and publish) */
    public long archetypeMoves() {
        return archetypeMoves;
    }

    /** @return staged spawns inserted into their table by a publish (one insertion each) */
    public long entitiesInserted() {
        return entitiesInserted;
    }

    /** @return entities removed by a publish (staged destroys of entities that existed before it) */
    public long entitiesRemoved() {
        return entitiesRemoved;
    }

    /** @return time spent publishing, in nanoseconds of {@link System#nanoTime()} */
    public long publishNanos() {
        return publishNanos;
    }

    /** @return {@link #publishNanos()} as a duration */
    public Duration publishTime() {
        return Duration.ofNanos(publishNanos);
    }

    /**
     * @param earlier a snapshot of the same world taken before this one
     * @return the counters of what happened between the two snapshots
     * @throws IllegalArgumentException if {@code earlier} has a larger count than this (not an
     *     earlier snapshot of the same world)
     */
    public CommitStats since(CommitStats earlier) {
        if (earlier.opsStaged > opsStaged || earlier.publishes > publishes || earlier.discards > discards) {
            throw new IllegalArgumentException("CommitStats.since: " + earlier + " is not an earlier snapshot of " + this);
        }
        return new CommitStats(publishes - earlier.publishes, discards - earlier.discards, opsStaged - earlier.opsStaged,
                opsApplied - earlier.opsApplied, opsCoalesced - earlier.opsCoalesced,
                opsSkippedDead - earlier.opsSkippedDead, opsDiscarded - earlier.opsDiscarded,
                archetypeMoves - earlier.archetypeMoves, entitiesInserted - earlier.entitiesInserted,
                entitiesRemoved - earlier.entitiesRemoved, publishNanos - earlier.publishNanos);
    }

    /**
     * @return {@code opsApplied / (archetypeMoves + entitiesInserted + entitiesRemoved)}: how many
     *     staged operations one table change served on average; 0 when there was none
     */
    public double coalescingRatio() {
        long changes = archetypeMoves + entitiesInserted + entitiesRemoved;
        return changes == 0 ? 0 : (double) opsApplied / changes;
    }

    /** @return one line with every counter, e.g. {@code 12 publishes (0 discarded), 340 ops staged: …} */
    @Override
    public String toString() {
        return publishes + " publishes (" + discards + " discarded), " + opsStaged + " ops staged: "
                + opsApplied + " applied (" + opsCoalesced + " coalesced), " + opsSkippedDead + " skipped as dead, "
                + opsDiscarded + " discarded; " + archetypeMoves + " moves, " + entitiesInserted + " inserted, "
                + entitiesRemoved + " removed; " + publishNanos / 1000 + " us publishing";
    }
}
