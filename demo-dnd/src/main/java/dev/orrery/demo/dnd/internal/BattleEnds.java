package dev.orrery.demo.dnd.internal;

import dev.orrery.demo.dnd.model.BattleEnd;
import dev.orrery.demo.dnd.model.Flights;
import dev.orrery.demo.dnd.model.BattleSummary;
import dev.orrery.demo.dnd.model.Side;
import dev.orrery.host.GameHost;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Waiting for the battle's end and the shutdown request after it, shared by the OSGi watcher
 * ({@link BattleEndWatcher}) and the JPMS one ({@link JpmsBattleEnd}); no OSGi type.
 */
final class BattleEnds {
    /** The longest wait for the projectiles in the air after the battle, seconds. */
    static final long FLIGHTS_SECONDS = 5;
    private BattleEnds() {
    }

    /**
     * Blocks until the battle is over ({@link BattleEnd}, completed on the frame thread) and its last
     * projectile has landed.
     *
     * @param host the game host
     * @return the summary; empty when interrupted or when the end cannot be watched (one line says why)
     */
    static Optional<BattleSummary> await(GameHost host) {
        try {
            CompletableFuture<BattleSummary> end = host.submit(world -> world.add(BattleEnd.TRAIT).future())
                    .toCompletableFuture().get();
            BattleSummary summary = end.get();
            awaitFlights(host);
            return Optional.of(summary);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (ExecutionException e) {
            System.err.println("dnd: cannot watch for the end of the battle: " + e.getCause());
            return Optional.empty();
        }
    }

    /**
     * After the battle: waits until the last projectile has landed ({@link Flights}: the shot that
     * decided the battle is still in the air), at most {@value #FLIGHTS_SECONDS} s, so the log ends
     * with every shot's line; a host without the {@code dnd-fx} plugin, or paused, just costs the wait.
     */
    private static void awaitFlights(GameHost host) throws InterruptedException, ExecutionException {
        CompletableFuture<Void> landed = host.submit(world -> world.add(Flights.TRAIT).landed()).toCompletableFuture().get();
        try {
            landed.get(FLIGHTS_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            // nothing landed in time: report anyway
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
