package dev.orrery.demo.dnd.model;

import dev.orrery.world.Trait;
import java.util.concurrent.CompletableFuture;

/**
 * World trait: completes with the {@link BattleSummary} when the battle ends. Threads other than the
 * frame thread (the rules bundle's end watcher) get the future through {@code GameHost.submit} and
 * wait on it; the type is the JDK's, so no class of a replaced rules bundle is kept by it.
 *
 * @param future completes once, on the frame thread
 */
public record BattleEnd(CompletableFuture<BattleSummary> future) {
    /** The world trait. */
    public static final Trait<BattleEnd> TRAIT = Trait.of("dnd/end", () -> new BattleEnd(new CompletableFuture<>()));
}
