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
 * @param cycles beyond the spec (Orrery's own): for {@link Kind#SYSTEM_CYCLE} and
 *     {@link Kind#PHASE_CYCLE}, the elementary cycles of the strongly connected group that the message
 *     shows, in canonical order (see {@link BuildCycle}); empty for other kinds
 * @param moreCycles beyond the spec: how many further cycles of the group the message does not show
 *     (a build shows at most {@value #SHOWN_CYCLES} cycles in all); when the enumeration stopped at
 *     {@value #COUNTED_CYCLES} cycles of the group, this is a lower bound, and the message says
 *     "at least"
 */
public record BuildProblem(Kind kind, String message, List<BuildItem> items, List<BuildCycle> cycles,
                           int moreCycles) {
    /** At most this many cycles are shown per build, over all its cycle problems. */
    public static final int SHOWN_CYCLES = 10;
    /** Cycles of one strongly connected group are enumerated up to this many (the error path stays bounded). */
    public static final int COUNTED_CYCLES = 10_000;

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
         * message lists the group's elementary cycles (Orrery's own: every cycle, bounded, see
         * {@link BuildProblem#cycles()}), each as an ordered path ({@code 'A' → 'OnLoad' → … → 'A'})
         * in canonical form, followed by what each step means and who declared it
         * ({@code 'A' runs before 'B' (B.dependsOn(A), plugin 'x')}); the items are the custom phases
         * on the shown cycles. Names in paths are quoted like everywhere else in build messages, so a
         * name with spaces or an arrow in it cannot be mistaken for a step.
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
         * connected group of systems; beyond the spec, the message lists every elementary cycle of the
         * group (bounded: {@value BuildProblem#SHOWN_CYCLES} per build, then "and N more"), each as an
         * ordered path {@code 'a' → 'b' → [set 'S'] → 'c' → 'a'} ({@code →} means "runs before"; a
         * {@code [set 'S']} step marks that the edges into and out of it come from set S; names are
         * quoted as in {@link #PHASE_CYCLE}) and then each step with what it means and who declared it,
         * e.g. {@code 'a' runs before 'b' (a.before(b), plugin 'x')}. A set edge is one step through the
         * set, not one per member pair. Cycles are in canonical form ({@link BuildCycle}): they depend
         * only on the edges and the names, not on the declaration order or on which side declared an
         * edge. The items are the systems, then the sets, of the shown cycles, in path order.
         */
        SYSTEM_CYCLE,
        /** The schedule to adopt the state of has another name (Orrery's state carry-over). */
        ADOPTED_STATE_NAME_MISMATCH
    }

    /** Copies the lists and checks for nulls; {@code moreCycles} must not be negative. */
    public BuildProblem {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
        items = List.copyOf(items);
        cycles = List.copyOf(cycles);
        if (moreCycles < 0) {
            throw new IllegalArgumentException("moreCycles is negative: " + moreCycles);
        }
    }

    /**
     * A problem without cycles.
     *
     * @param kind the kind
     * @param message the message
     * @param items the items
     */
    public BuildProblem(Kind kind, String message, List<BuildItem> items) {
        this(kind, message, items, List.of(), 0);
    }

    @Override
    public String toString() {
        return message;
    }
}
