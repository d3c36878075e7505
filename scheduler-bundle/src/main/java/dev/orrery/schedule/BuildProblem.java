package dev.orrery.schedule;

import java.util.List;
import java.util.Objects;

/**
 * One problem found while building a schedule, as data: what kind of problem, a readable message,
 * and the items involved with their sources (plugin or schedule).
 *
 * @param kind the kind of problem
 * @param message a one-line description naming the items (without the schedule name, which
 *     {@link ScheduleBuildException#getMessage()} adds)
 * @param items the phases, sets and systems involved, in the order the message names them
 */
public record BuildProblem(Kind kind, String message, List<BuildItem> items) {
    /** The kinds of build problems, with the requirement each comes from. */
    public enum Kind {
        /**
         * Beyond the spec (plugin names identify plugins in every message and in
         * {@link ScheduleBuildException#sources()}, SCH-135, SCH-138): the same plugin object is listed
         * twice, or two different plugin objects have the same name. The message names the plugin, its
         * positions in the plugin list and, for two objects, their classes; the items are the two
         * {@link BuildItem.Kind#PLUGIN} entries. The phases, sets and systems of the second entry are
         * not flattened, so they cause no further duplicate problems.
         */
        DUPLICATE_PLUGIN,
        /** A phase's dependsOn/before names a phase that is neither builtin nor declared (SCH-006). */
        UNKNOWN_PHASE_REFERENCE,
        /** A system's phase is neither builtin nor declared (SCH-019). */
        UNKNOWN_SYSTEM_PHASE,
        /** The same phase object or name is declared twice (SCH-007, SCH-138). */
        DUPLICATE_PHASE,
        /** A builtin phase is listed among the custom phases (SCH-007). */
        BUILTIN_PHASE_DECLARED,
        /**
         * The phase graph has a cycle (SCH-103). One problem per strongly connected group of phases; the
         * message prints one cycle as an ordered path ({@code 'A' → 'OnLoad' (builtin) → … → 'A'})
         * starting at the earliest-declared custom phase on it, and the items are the custom phases on
         * that path. Names in paths are quoted like everywhere else in build messages, so a name with
         * spaces or an arrow in it cannot be mistaken for a step.
         */
        PHASE_CYCLE,
        /** The same system object or name is declared twice (SCH-020, SCH-023, SCH-138). */
        DUPLICATE_SYSTEM,
        /** A before/after entry names a system that is not in the schedule (SCH-018, SCH-023). */
        UNKNOWN_SYSTEM,
        /** The same set object or name is declared twice (SCH-138). */
        DUPLICATE_SET,
        /** A set is used but not declared (SCH-133). */
        UNKNOWN_SET,
        /** A system edge, direct or expanded from a set, contradicts the phase order (SCH-016, SCH-130). */
        EDGE_AGAINST_PHASE_ORDER,
        /**
         * The system edges, after set expansion, have a cycle (SCH-017, SCH-131). One problem per strongly
         * connected group of systems; the message prints a shortest cycle through the earliest-declared
         * system of the group as an ordered path, {@code 'a' → 'b' → [set 'S'] → 'c' → 'a'} ({@code →}
         * means "runs before"; a {@code [set 'S']} step marks that the edges into and out of it come from
         * set S; names are quoted as in {@link #PHASE_CYCLE}). The
         * path depends only on the edges and the declaration order, not on which side declared an edge.
         * The items are the systems, then the sets, in path order.
         */
        SYSTEM_CYCLE,
        /** The schedule to adopt the state of has another name (Orrery's state carry-over). */
        ADOPTED_STATE_NAME_MISMATCH
    }

    /** Copies the items and checks for nulls. */
    public BuildProblem {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
        items = List.copyOf(items);
    }

    @Override
    public String toString() {
        return message;
    }
}
