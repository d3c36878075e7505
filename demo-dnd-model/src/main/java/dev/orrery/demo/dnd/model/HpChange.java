package dev.orrery.demo.dnd.model;

/**
 * A change of hit points decided in the Act phase and applied in the Resolve phase.
 *
 * @param target the entity
 * @param delta hit points: negative for damage, positive for healing
 */
public record HpChange(long target, int delta) {
}
