package dev.orrery.schedule;

import java.util.List;

/**
 * A named group of systems with set-level ordering and run conditions (SCH-126).
 *
 * <p>Membership is declared only by systems ({@link EcsSystem#sets()}, SCH-127). A set's ordering and
 * run conditions are a {@link NodeConfig}, the same type a system has: its {@link #before()}/
 * {@link #after()} name other sets and expand to edges between all members of both (SCH-129); its
 * {@link #conditions()} gate every member, in any phase (SCH-132). Sets do not change phase
 * membership and may span phases (SCH-130). An empty set is allowed and does nothing (SCH-134).
 * Immutable; compared by identity; names are unique per schedule (SCH-138).
 *
 * @since 0.1
 */
public final class SystemSet implements OrderTarget {
    private final String name;
    private final NodeConfig<SystemSet> config;

    private SystemSet(String name, NodeConfig<SystemSet> config) {
        this.name = name;
        this.config = config;
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
     *     defineSet and says that name is missing or empty (or blank); or if it contains a control character or a
     *     line or paragraph separator ({@link ItemNames}); the message shows it escaped
     */
    public static Builder builder(String name) {
        RequiredName.check(name, "defineSet (SystemSet.builder)");
        return new Builder(name);
    }

    @Override
    public String name() {
        return name;
    }

    /** @return the set's ordering and run conditions */
    public NodeConfig<SystemSet> config() {
        return config;
    }

    /** @return sets whose members all run after every member of this set (unmodifiable); {@code config().before()} */
    public List<SystemSet> before() {
        return config.before();
    }

    /** @return sets whose members all run before every member of this set (unmodifiable); {@code config().after()} */
    public List<SystemSet> after() {
        return config.after();
    }

    /**
     * The conditions gating every member (SCH-132), in declaration order: one per {@link Builder#runIf}
     * call. All must hold (AND), tested in this order and short-circuiting, right before each member,
     * in the place of this set among the member's sets (SCH-118); {@code config().conditions()}.
     *
     * @return the conditions (unmodifiable; empty when none)
     */
    public List<Condition> conditions() {
        return config.conditions();
    }

    /**
     * Beyond the spec (Orrery's optional ordering): names of systems or sets that every member of this
     * set runs before, when they are present; {@code config().beforeIfPresent()}.
     *
     * @return the names, in declared order (unmodifiable)
     */
    public List<String> beforeIfPresent() {
        return config.beforeIfPresent();
    }

    /**
     * Beyond the spec (Orrery's optional ordering): names of systems or sets that every member of this
     * set runs after, when they are present; {@code config().afterIfPresent()}.
     *
     * @return the names, in declared order (unmodifiable)
     */
    public List<String> afterIfPresent() {
        return config.afterIfPresent();
    }

    @Override
    public String toString() {
        return "set " + name;
    }

    /**
     * Builds a {@link SystemSet}: the ordering and run conditions every node of the order graph has
     * ({@link NodeBuilder}); {@code before}/{@code after} take sets only. Not thread-safe; each
     * {@link #build()} returns a new set.
     */
    public static final class Builder extends NodeBuilder<SystemSet, Builder> {
        private final String name;

        private Builder(String name) {
            super("defineSet '" + name + "'");
            this.name = name;
        }

        @Override
        Builder self() {
            return this;
        }

        /** @return a new immutable set */
        public SystemSet build() {
            return new SystemSet(name, config());
        }
    }
}
