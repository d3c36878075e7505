package dev.orrery.schedule.graph;

import java.util.List;
import java.util.Objects;

/**
 * Beyond the spec (Orrery's own, extends SCH-017, SCH-103, SCH-131): one elementary cycle of a
 * failed build, as data. A build problem of kind {@code SYSTEM_CYCLE} or {@code PHASE_CYCLE} lists the
 * cycles of one strongly connected group ({@code BuildProblem.cycles()}).
 *
 * <p>Canonical form: the cycle starts at its least node, systems before sets (phases for a phase
 * cycle), then by name ({@link String#compareTo}); it does not depend on the declaration order or on
 * which side declared an edge. Step {@code i} goes from node {@code i} to node {@code i + 1}, and the
 * last step closes the cycle back to the first node.
 *
 * @param steps the steps in path order; at least one (a self-loop is one step)
 * @since 0.1
 */
public record BuildCycle(List<Step> steps) {
    /** What a step of a cycle means. */
    public enum Meaning {
        /** {@code from} runs before {@code to} (a before/after/ifPresent declaration, or a phase's dependsOn/before). */
        RUNS_BEFORE,
        /** A system {@code from} is a member of set {@code to}: it runs before whatever runs after the set. */
        MEMBER_OF_SET,
        /** Set {@code from} contains system {@code to}: whatever runs before the set runs before it. */
        SET_CONTAINS,
        /**
         * Set {@code from} (= {@code to}) has no members, and the schedule orders through empty sets
         * ({@code ScheduleBuilder.orderThroughEmptySets}): what runs before it runs before what runs after it.
         */
        THROUGH_EMPTY_SET
    }

    /**
     * One step of a cycle.
     *
     * @param meaning what the step means
     * @param from the node it starts at
     * @param to the node it ends at
     * @param declarations every declaration that makes the step, as code ({@code a.before(b)},
     *     {@code b.after(a)}, {@code b.sets(S)}, {@code B.dependsOn(A)}), sorted; empty for
     *     {@link Meaning#THROUGH_EMPTY_SET}
     * @param declaredBy per declaration: the item whose builder made it (its source is the plugin or
     *     schedule that declared that item)
     * @param text the step for a person, e.g. {@code 'a' runs before 'b' (a.before(b), plugin 'x')}
     */
    public record Step(Meaning meaning, BuildItem from, BuildItem to, List<String> declarations,
                       List<BuildItem> declaredBy, String text) {
        /** Copies the lists and checks for nulls. */
        public Step {
            Objects.requireNonNull(meaning, "meaning");
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
            declarations = List.copyOf(declarations);
            declaredBy = List.copyOf(declaredBy);
            Objects.requireNonNull(text, "text");
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /**
     * Copies the steps.
     *
     * @throws IllegalArgumentException if there are no steps
     */
    public BuildCycle {
        steps = List.copyOf(steps);
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("a cycle has at least one step");
        }
    }

    /**
     * @return the names of the nodes in path order, without repeating the first at the end; an empty
     *     set passed through ({@link Meaning#THROUGH_EMPTY_SET}, a step from the set to itself) is named
     *     once, as in {@link #path()}
     */
    public List<String> names() {
        return steps.stream().filter(s -> s.meaning() != Meaning.THROUGH_EMPTY_SET).map(s -> s.from().name()).toList();
    }

    /**
     * @return the path, e.g. {@code 'a' → 'b' → [set 'S'] → 'a'}; an empty set passed through
     *     ({@link Meaning#THROUGH_EMPTY_SET}) appears once, e.g. {@code 'a' → [set 'E'] → 'z' → 'a'},
     *     while its step stays in {@link #steps()} (a set with members appears twice when the cycle
     *     goes into it and out again through a member: {@code [set 'S'] → 'b' → [set 'S']})
     */
    public String path() {
        StringBuilder sb = new StringBuilder();
        for (Step s : steps) {
            if (s.meaning() != Meaning.THROUGH_EMPTY_SET) {
                sb.append(node(s.from())).append(" → ");
            }
        }
        return sb.append(node(steps.get(0).from())).toString();
    }

    private static String node(BuildItem item) {
        String quoted = "'" + item.name() + "'";
        return item.kind() == BuildItem.Kind.SET ? "[set " + quoted + "]" : quoted;
    }

    /** @return the path and then every step's text, e.g. {@code 'a' → 'b' → 'a': 'a' runs before 'b' (...); ...} */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(path()).append(": ");
        for (int i = 0; i < steps.size(); i++) {
            sb.append(i == 0 ? "" : "; ").append(steps.get(i).text());
        }
        return sb.toString();
    }
}
