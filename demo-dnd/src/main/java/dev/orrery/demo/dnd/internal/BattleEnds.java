package dev.orrery.demo.dnd.internal;

import dev.orrery.demo.dnd.model.BattleEnd;
import dev.orrery.demo.dnd.model.BattleSummary;
import dev.orrery.demo.dnd.model.Side;
import dev.orrery.host.GameHost;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Waiting for the battle's end and the shutdown request after it, shared by the OSGi watcher
 * ({@link BattleEndWatcher}) and the JPMS one ({@link JpmsBattleEnd}); no OSGi type.
 */
final class BattleEnds {
    private BattleEnds() {
    }

    /**
     * Blocks until the battle is over ({@link BattleEnd}, completed on the frame thread).
     *
     * @param host the game host
     * @return the summary; empty when interrupted or when the end cannot be watched (one line says why)
     */
    static Optional<BattleSummary> await(GameHost host) {
        try {
            CompletableFuture<BattleSummary> end = host.submit(world -> world.add(BattleEnd.TRAIT).future())
                    .toCompletableFuture().get();
            return Optional.of(end.get());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (ExecutionException e) {
            System.err.println("dnd: cannot watch for the end of the battle: " + e.getCause());
            return Optional.empty();
        }
    }

    /**
     * @param summary the battle's summary
     * @return the reason given to {@link GameHost#requestShutdown}
     */
    static String shutdownReason(BattleSummary summary) {
        return "battle over: " + summary.winner().map(Side::title).orElse("draw") + " after " + summary.turns()
                + " turns, seed " + summary.seed();
    }
}
