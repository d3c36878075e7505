package dev.orrery.demo.dnd.model;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;

/**
 * Entity trait of a short-lived visual effect entity (a hit flash, a heal glow): it ages with the
 * frame's dt and is destroyed when its time is up. While any effect lives, the next turn waits: the
 * real-time side of the battle's pacing. Effects never change the outcome.
 *
 * @param kind what it shows ("hit", "miss", "heal")
 * @param on the name of the combatant it is on
 * @param seconds time left, seconds
 */
public record Effect(String kind, String on, double seconds) {
    /** The entity trait. */
    public static final Trait<Effect> TRAIT = Trait.<Effect>builder("dnd/effect")
            .defaultValue(new Effect("flash", "?", 0.4))
            .persistent(1, TraitCodec.of(Effect.class)).build();

    /**
     * @param dt elapsed seconds
     * @return this effect, {@code dt} seconds older
     */
    public Effect aged(double dt) {
        return new Effect(kind, on, seconds - dt);
    }

    /** @return whether its time is up */
    public boolean expired() {
        return seconds <= 0;
    }
}
