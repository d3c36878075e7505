package dev.orrery.benchmarks;

import dev.orrery.world.CommitStats;

/**
 * What a world's {@link CommitStats} counters moved between two snapshots, as one line for a
 * benchmark's output (so the figures can quote the counters of one measured shape). The time spent
 * publishing is left out: one publish is a single sample; the benchmark's score is the figure.
 */
final class CommitStatsDelta {
    private CommitStatsDelta() {
    }

    /**
     * @param label what was measured, first on the line
     * @param before the snapshot before
     * @param after the snapshot after
     * @return e.g. {@code label: 1 publish, 20000 ops staged, 20000 applied, 20000 coalesced, 0 moves,
     *     0 inserted, 0 removed, coalescing ratio n/a (no table change)}
     */
    static String describe(String label, CommitStats before, CommitStats after) {
        long applied = after.opsApplied() - before.opsApplied();
        long moves = after.archetypeMoves() - before.archetypeMoves();
        long inserted = after.entitiesInserted() - before.entitiesInserted();
        long removed = after.entitiesRemoved() - before.entitiesRemoved();
        long changes = moves + inserted + removed;
        return label + ": " + (after.publishes() - before.publishes()) + " publish(es), "
                + (after.opsStaged() - before.opsStaged()) + " ops staged, "
                + applied + " applied, "
                + (after.opsCoalesced() - before.opsCoalesced()) + " coalesced, "
                + (after.opsSkippedDead() - before.opsSkippedDead()) + " skipped as dead, "
                + moves + " moves, " + inserted + " inserted, " + removed + " removed, coalescing ratio "
                + (changes == 0 ? "n/a (no table change)" : String.format("%.2f", (double) applied / changes));
    }
}
