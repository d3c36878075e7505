package dev.orrery.schedule;

import dev.orrery.schedule.internal.AllConditions;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A named group of systems with set-level ordering and run conditions (SCH-126).
 *
 * <p>Membership is declared only by systems ({@link EcsSystem#sets()}, SCH-127). A set's
 * {@link #before()}/{@link #after()} name other sets and expand to edges between all members of both
 * (SCH-129); its {@link #conditions()} gate every member, in any phase (SCH-132). Sets do not change phase
 * membership and may span phases (SCH-130). An empty set is allowed and does nothing (SCH-134).
 * Immutable; compared by identity; names are unique per schedule (SCH-138).
 */
public final class SystemSet implements OrderTarget {
    private final String name;
    private final List<SystemSet> before;
    private final List<SystemSet> after;
    private final List<Condition> conditions;

    private SystemSet(String name, List<SystemSet> before, List<SystemSet> after, List<Condition> conditions) {
        this.name = name;
        this.before = before;
        this.after = after;
        this.conditions = conditions;
    }

    /**
     * Defines a set with no edges and no condition.
     *
     * @param name required
     * @return the set
     * @throws IllegalArgumentException if {@code name} is null, empty or blank (SCH-126)
     */
    public static SystemSet define(String name) {
        return builder(name).build();
    }

    /**
     * Starts defining a set (the spec's {@code defineSet}).
     *
     * @param name required
     * @return a builder
     * @throws IllegalArgumentException if {@code name} is null, empty or blank (SCH-126); the message names
     *     defineSet and says that name is missing or empty (or blank)
     */
    public static Builder builder(String name) {
        RequiredName.check(name, "defineSet (SystemSet.builder)");
        return new Builder(name);
    }

    @Override
    public String name() {
        return name;
    }

    /** @return sets whose members all run after every member of this set (unmodifiable) */
    public List<SystemSet> before() {
        return before;
    }

    /** @return sets whose members all run before every member of this set (unmodifiable) */
    public List<SystemSet> after() {
        return after;
    }

    /**
     * The conditions gating every member (SCH-132), in declaration order: one per {@link Builder#runIf}
     * call. All must hold (AND), tested in this order and short-circuiting, right before each member,
     * in the place of this set among the member's sets (SCH-118). Beyond the spec (Orrery's own): the
     * spec has one condition per set; Orrery accumulates them as Bevy does.
     *
     * @return the conditions (unmodifiable; empty when none)
     */
    public List<Condition> conditions() {
        return conditions;
    }

    /**
     * The set's condition as one value: empty when it has none, the condition itself when it has one,
     * otherwise a view that tests {@link #conditions()} in order and short-circuits (AND).
     *
     * @return the combined condition gating every member, if any
     * @deprecated since 0.3 sets may have several conditions; use {@link #conditions()}
     */
    @Deprecated
    public Optional<Condition> runIf() {
        return AllConditions.of(conditions);
    }

    @Override
    public String toString() {
        return "set " + name;
    }

    /** Builds a {@link SystemSet}. Not thread-safe; each {@link #build()} returns a new set. */
    public static final class Builder {
        private final String name;
        private final List<SystemSet> before = new ArrayList<>();
        private final List<SystemSet> after = new ArrayList<>();
        private final List<Condition> conditions = new ArrayList<>();

        private Builder(String name) {
            this.name = name;
        }

        /**
         * @param sets sets that run after this one; no nulls
         * @return this builder
         */
        public Builder before(SystemSet... sets) {
            for (SystemSet s : sets) {
                before.add(Objects.requireNonNull(s, () -> "defineSet '" + name + "': null in before"));
            }
            return this;
        }

        /**
         * @param sets sets that run before this one; no nulls
         * @return this builder
         */
        public Builder after(SystemSet... sets) {
            for (SystemSet s : sets) {
                after.add(Objects.requireNonNull(s, () -> "defineSet '" + name + "': null in after"));
            }
            return this;
        }

        /**
         * Adds a condition gating every member (SCH-132). Each call adds one: all must hold (AND),
         * tested in the order of the calls, short-circuiting. Beyond the spec (Orrery's own): before
         * 0.3 a later call replaced the earlier one.
         *
         * @param condition a condition; null adds nothing (kept for callers that passed null for
         *     "no condition")
         * @return this builder
         */
        public Builder runIf(Condition condition) {
            if (condition != null) {
                conditions.add(condition);
            }
            return this;
        }

        /** @return a new immutable set */
        public SystemSet build() {
            return new SystemSet(name, List.copyOf(before), List.copyOf(after), List.copyOf(conditions));
        }
    }
}
