package dev.orrery.demo.dnd.model;

/** Where the battle is, as the frame system that steps the turn schedule sees it. */
public enum Stage {
    /** Combatants are being spawned; initiative not rolled yet. */
    SETUP,
    /** Between two turns: waiting for effects to end and the pause between turns to pass. */
    BETWEEN_TURNS,
    /** StartOfTurn and Move ran; waiting for the acting side's decision (AI or console). */
    AWAITING_DECISION,
    /** One side is out; the summary was printed. */
    OVER
}
