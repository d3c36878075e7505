package dev.orrery.demo.dnd.model;

/** What a combatant does on its turn, after moving. */
public enum ActionKind {
    /** Attack an enemy in range with its {@link Attack}. */
    ATTACK,
    /** Cast its {@link Healing} on an ally (or itself) in range. */
    HEAL,
    /** Take the Dodge action: attacks against it have disadvantage until its next turn. */
    DODGE
}
