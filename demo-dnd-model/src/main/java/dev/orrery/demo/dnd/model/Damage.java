package dev.orrery.demo.dnd.model;

import dev.orrery.world.MessageType;

/**
 * Message: a combatant lost hit points. The rules send one per hit in the Resolve phase; any plugin
 * that declares {@link #MESSAGE} among the messages it reads gets each exactly once (the demo's
 * sound cues stand-in, {@code dnd-sounds}). Defined here, in the stable model bundle, so the type stays
 * the same object when the rules bundle is updated and messages in flight survive the update.
 *
 * @param target the combatant's name
 * @param amount hit points lost, at least 1
 * @param hpLeft hit points left, 0 when the hit felled it
 * @param turn the turn of the hit
 */
public record Damage(String target, int amount, int hpLeft, int turn) {
    /**
     * The message type {@code dnd/damage}. A message is dropped as soon as every reader has read it;
     * its maximum age, {@value #MAX_AGE_FRAMES} frames (a minute at 60 frames per second), only
     * matters while a reader does not run: during a hot update of the rules bundle, whose reader is
     * gone until the new bundle's plugins arrive, the hits of the last turn before the update wait
     * for it.
     */
    public static final MessageType<Damage> MESSAGE = MessageType.of("dnd/damage", Damage.MAX_AGE_FRAMES);
    /** The maximum age of a damage message, in frames. */
    public static final int MAX_AGE_FRAMES = 3600;
}
