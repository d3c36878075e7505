package dev.orrery.schedule;

import dev.orrery.schedule.graph.BuildCycle;
import dev.orrery.schedule.graph.BuildItem;
import java.util.List;
import java.util.Objects;

/**
 * One problem found while building a schedule, as data: what kind of problem, a readable message,
 * and the items involved with their sources (plugin or schedule).
 *
 * <ul>
 *   <li>{@link #kind()}: the kind of problem;</li>
 *   <li>{@link #message()}: a one-line description naming the items (without the schedule name,
 *       which {@link ScheduleBuildException#getMessage()} adds), at most {@value #MAX_MESSAGE_LENGTH}
 *       characters: a cycle longer than {@value #FULL_CYCLE_STEPS} steps is shown by its first and
 *       last nodes and steps with {@code … N more …} between them, and a message still longer is cut
 *       with {@code … (N more characters cut; …)}, so no input (a plugin with thousands of systems
 *       on one cycle, or a huge name) can make a message of unbounded length. The data below is
 *       always complete;</li>
 *   <li>{@link #items()}: the phases, sets and systems involved, in the order the message names
 *       them;</li>
 *   <li>{@link #cycles()}: beyond the spec, for {@link Kind#SYSTEM_CYCLE} and {@link Kind#PHASE_CYCLE},
 *       the elementary cycles of the strongly connected group that the message shows, in canonical
 *       order (see {@link BuildCycle}); empty for other kinds;</li>
 *   <li>{@link #moreCycles()}: beyond the spec, how many further cycles of the group the message does
 *       not show (a build shows at most {@value #SHOWN_CYCLES} cycles in all); when the enumeration
 *       stopped at {@value #COUNTED_CYCLES} cycles of the group, this is a lower bound, and the message
 *       says "at least".</li>
 * </ul>
 *
 * <p>A value: {@link #equals} compares every field. Made by the scheduler's build; new fields get a
 * default in {@link #builder}.
 *
 * @since 0.1
 */
public final class BuildProblem {
    /** At most this many cycles are shown per build, over all its cycle problems. */
    public static final int SHOWN_CYCLES = 10;
    /** Cycles of one strongly connected group are enumerated up to this many (the error path stays bounded). */
    public static final int COUNTED_CYCLES = 10_000;
    /** A cycle of at most this many steps is shown in full in a message; a longer one is shortened. */
    public static final int FULL_CYCLE_STEPS = 32;
    /** The longest {@link #message()}, in characters (a longer one given to the builder is cut). */
    public static final int MAX_MESSAGE_LENGTH = 16_000;

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
         * name with spaces or an arrow in it cannot be mistaken for a step. Long cycles are shortened
         * as for {@link #SYSTEM_CYCLE}.
         */
        PHASE_CYCLE,
        /** The same system object or name is declared twice (SCH-020, SCH-023, SCH-138). */
        DUPLICATE_SYSTEM,
        /**
         * Beyond the spec (Orrery's observers): the same observer object is listed twice, or two
         * observers of a schedule have the same name; the message names the observer and both sources.
         */
        DUPLICATE_OBSERVER,
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
         * edge. The items are the systems, then the sets, of the shown cycles, in path order. A cycle of
         * more than {@value BuildProblem#FULL_CYCLE_STEPS} steps shows its first ten and last two nodes
         * and steps, e.g. {@code 's0' → … → 's9' → … 9988 more … → 's9998' → 's9999' → 's0': …; … 9988
         * more steps …; …}; {@link BuildProblem#cycles()} has every step.
         */
        SYSTEM_CYCLE,
        /** The schedule to adopt the state of has another name (Orrery's state carry-over). */
        ADOPTED_STATE_NAME_MISMATCH
    }

    private final Kind kind;
    private final String message;
    private final List<BuildItem> items;
    private final List<BuildCycle> cycles;
    private final int moreCycles;

    private BuildProblem(Builder b) {
        this.kind = b.kind;
        this.message = bounded(b.message);
        this.items = List.copyOf(b.items);
        this.cycles = List.copyOf(b.cycles);
        this.moreCycles = b.moreCycles;
    }

    /**
     * @return {@code message}, or its first characters (not splitting a surrogate pair) and a note of
     *     how many were cut, {@value #MAX_MESSAGE_LENGTH} characters in all
     */
    private static String bounded(String message) {
        if (message.length() <= MAX_MESSAGE_LENGTH) {
            return message;
        }
        // The note is at most 80 characters: keep that much room for it.
        int keep = MAX_MESSAGE_LENGTH - 80;
        if (Character.isHighSurrogate(message.charAt(keep - 1))) {
            keep--;
        }
        return message.substring(0, keep) + " … (" + (message.length() - keep)
                + " more characters cut; items() and cycles() are complete)";
    }

    /**
     * @param kind the kind of problem; not null
     * @param message the message; not null; one longer than {@value #MAX_MESSAGE_LENGTH} characters is
     *     cut (see {@link #message()})
     * @return a builder of a problem with no items and no cycles
     * @throws NullPointerException if an argument is null
     */
    public static Builder builder(Kind kind, String message) {
        return new Builder(Objects.requireNonNull(kind, "kind"), Objects.requireNonNull(message, "message"));
    }

    /** @return the kind of problem */
    public Kind kind() {
        return kind;
    }

    /** @return the one-line description (without the schedule name), at most {@value #MAX_MESSAGE_LENGTH} characters */
    public String message() {
        return message;
    }

    /** @return the items involved, in the order the message names them (unmodifiable) */
    public List<BuildItem> items() {
        return items;
    }

    /** @return the cycles shown, for the cycle kinds; empty for other kinds (unmodifiable) */
    public List<BuildCycle> cycles() {
        return cycles;
    }

    /** @return how many further cycles of the group are not shown; 0 for other kinds */
    public int moreCycles() {
        return moreCycles;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BuildProblem other && other.kind == kind && other.message.equals(message)
                && other.items.equals(items) && other.cycles.equals(cycles) && other.moreCycles == moreCycles;
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, message, items, cycles, moreCycles);
    }

    /** @return the message */
    @Override
    public String toString() {
        return message;
    }

    /** Builds a {@link BuildProblem}. Not thread-safe. */
    public static final class Builder {
        private final Kind kind;
        private final String message;
        private List<BuildItem> items = List.of();
        private List<BuildCycle> cycles = List.of();
        private int moreCycles;

        private Builder(Kind kind, String message) {
            this.kind = kind;
            this.message = message;
        }

        /**
         * @param items the items involved, in the order the message names them; copied at build
         * @return this builder
         * @throws NullPointerException if {@code items} is null
         */
        public Builder items(List<BuildItem> items) {
            this.items = Objects.requireNonNull(items, "items");
            return this;
        }

        /**
         * @param shown the cycles the message shows; copied at build
         * @param more how many further cycles of the group it does not show; not negative
         * @return this builder
         * @throws NullPointerException if {@code shown} is null
         * @throws IllegalArgumentException if {@code more} is negative
         */
        public Builder cycles(List<BuildCycle> shown, int more) {
            if (more < 0) {
                throw new IllegalArgumentException("moreCycles is negative: " + more);
            }
            this.cycles = Objects.requireNonNull(shown, "cycles");
            this.moreCycles = more;
            return this;
        }

        /**
         * @return the problem
         * @throws NullPointerException if a list holds null
         */
        public BuildProblem build() {
            return new BuildProblem(this);
        }
    }
}
