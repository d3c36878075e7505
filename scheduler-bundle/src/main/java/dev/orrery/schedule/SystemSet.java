package dev.orrery.schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A named group of systems with set-level ordering and an optional run condition (SCH-126).
 *
 * <p>Membership is declared only by systems ({@link EcsSystem#sets()}, SCH-127). A set's
 * {@link #before()}/{@link #after()} name other sets and expand to edges between all members of both
 * (SCH-129); its {@link #runIf()} gates every member, in any phase (SCH-132). Sets do not change phase
 * membership and may span phases (SCH-130). An empty set is allowed and does nothing (SCH-134).
 * Immutable; compared by identity; names are unique per schedule (SCH-138).
 */
public final class SystemSet implements OrderTarget {
    private final String name;
    private final List<SystemSet> before;
    private final List<SystemSet> after;
    private final Condition runIf;
    private final List<String> beforeIfPresent;
    private final List<String> afterIfPresent;

    private SystemSet(String name, List<SystemSet> before, List<SystemSet> after, Condition runIf) {
        this(name, before, after, runIf, List.of(), List.of());
    }

    private SystemSet(String name, List<SystemSet> before, List<SystemSet> after, Condition runIf,
                      List<String> beforeIfPresent, List<String> afterIfPresent) {
        this.beforeIfPresent = beforeIfPresent;
        this.afterIfPresent = afterIfPresent;
        this.name = name;
        this.before = before;
        this.after = after;
        this.runIf = runIf;
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

    /** @return the condition gating every member, if any */
    public Optional<Condition> runIf() {
        return Optional.ofNullable(runIf);
    }

    /**
     * Beyond the spec (Orrery's own optional ordering): names of systems or sets that every member of
     * this set runs before, when they are present.
     *
     * @return the names, in declared order (unmodifiable)
     */
    public List<String> beforeIfPresent() {
        return beforeIfPresent;
    }

    /**
     * Beyond the spec (Orrery's own optional ordering): names of systems or sets that every member of
     * this set runs after, when they are present.
     *
     * @return the names, in declared order (unmodifiable)
     */
    public List<String> afterIfPresent() {
        return afterIfPresent;
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
        private Condition runIf;
        private final List<String> beforeIfPresent = new ArrayList<>();
        private final List<String> afterIfPresent = new ArrayList<>();

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
         * @param condition gates every member (SCH-132); null for none
         * @return this builder
         */
        public Builder runIf(Condition condition) {
            this.runIf = condition;
            return this;
        }

        /**
         * Beyond the spec (Orrery's own optional ordering): every member of this set runs before the
         * system or set of that name when the schedule has one; nothing (no problem, no waiting) when it
         * has none. A name matching both a system and a set orders against both. Like a set edge, it
         * joins members per phase (SCH-129, SCH-130).
         *
         * @param name the name of a system or set that may be absent; not null or blank
         * @return this builder
         * @throws IllegalArgumentException if the name is null, empty or blank
         */
        public Builder beforeIfPresent(String name) {
            beforeIfPresent.add(RequiredName.check(name, "defineSet '" + this.name + "': beforeIfPresent"));
            return this;
        }

        /**
         * Beyond the spec (Orrery's own optional ordering): every member of this set runs after the
         * system or set of that name when the schedule has one; nothing when it has none (see
         * {@link #beforeIfPresent}).
         *
         * @param name the name of a system or set that may be absent; not null or blank
         * @return this builder
         * @throws IllegalArgumentException if the name is null, empty or blank
         */
        public Builder afterIfPresent(String name) {
            afterIfPresent.add(RequiredName.check(name, "defineSet '" + this.name + "': afterIfPresent"));
            return this;
        }

        /** @return a new immutable set */
        public SystemSet build() {
            return new SystemSet(name, List.copyOf(before), List.copyOf(after), runIf,
                    List.copyOf(beforeIfPresent), List.copyOf(afterIfPresent));
        }
    }
}
