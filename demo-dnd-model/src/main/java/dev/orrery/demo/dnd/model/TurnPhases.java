package dev.orrery.demo.dnd.model;

import dev.orrery.schedule.Phase;
import java.util.List;

/**
 * The turn pipeline of the schedule {@value #SCHEDULE}: StartOfTurn → Move → Act → Resolve →
 * EndOfTurn, a chain with no edge to a builtin phase, so it is detached and manual (SCH-104):
 * {@code run} never executes it, a frame system steps it with {@code runPhases(START_OF_TURN, MOVE)},
 * waits for the decision, then {@code runPhases(ACT, END_OF_TURN)} (the spec's turn-based driver
 * example). Defined here, in the stable model bundle, so the phases stay the same objects when the
 * rules bundle is updated.
 */
public final class TurnPhases {
    /** The name of the turn schedule (the rules' turn plugin carries it as {@code orrery.schedule}). */
    public static final String SCHEDULE = "dnd/turn";

    /** Picks the next combatant; starts a round when the order wraps. */
    public static final Phase START_OF_TURN = Phase.define("StartOfTurn");
    /** The actor closes in on the nearest enemy. */
    public static final Phase MOVE = Phase.builder("Move").dependsOn(START_OF_TURN).build();
    /** The decided action is rolled. */
    public static final Phase ACT = Phase.builder("Act").dependsOn(MOVE).build();
    /** Damage and healing are applied; the fallen fall. */
    public static final Phase RESOLVE = Phase.builder("Resolve").dependsOn(ACT).build();
    /** Victory is checked; the battle goes on or ends. */
    public static final Phase END_OF_TURN = Phase.builder("EndOfTurn").dependsOn(RESOLVE).build();

    /** The five phases in order. */
    public static final List<Phase> ALL = List.of(START_OF_TURN, MOVE, ACT, RESOLVE, END_OF_TURN);

    private TurnPhases() {
    }
}
