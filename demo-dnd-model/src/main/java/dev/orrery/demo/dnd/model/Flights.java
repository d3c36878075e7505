package dev.orrery.demo.dnd.model;

import dev.orrery.world.Trait;
import java.util.concurrent.CompletableFuture;

/**
 * World trait: completes once the battle is over and the last {@link Projectile} has landed, so that
 * the battle's end watchers let the log end with every shot before they report and shut the host down
 * (the last shot leaves after the battle is decided). Threads other than the frame thread get the
 * future through {@code GameHost.submit} and wait on it, like {@link BattleEnd}'s; the type is the
 * JDK's, so no class of a replaced rules bundle is kept by it.
 *
 * @param landed completes once, on the frame thread
 */
public record Flights(CompletableFuture<Void> landed) {
    /** The world trait. */
    public static final Trait<Flights> TRAIT = Trait.of("dnd/flights", () -> new Flights(new CompletableFuture<>()));
}
