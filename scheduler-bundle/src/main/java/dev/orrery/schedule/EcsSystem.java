package dev.orrery.schedule;

import dev.orrery.world.Trait;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A system: a named run function assigned to a phase, with ordering edges, set membership and an
 * optional run condition (SCH-010). Named {@code EcsSystem} so it does not shadow
 * {@code java.lang.System}.
 *
 * <p>Immutable; compared by identity. {@link #before()}/{@link #after()} hold systems or sets (a set
 * expands to its members, SCH-128). Names are unique within a schedule (SCH-023), because the
 * disabled state is stored by name. The system can be called directly in tests:
 * {@code system.run().run(world, dt)}.
 */
public final class EcsSystem implements OrderTarget {
    private final String name;
    private final Phase phase;
    private final List<OrderTarget> before;
    private final List<OrderTarget> after;
    private final List<SystemSet> sets;
    private final Condition runIf;
    private final RunFunction run;
    private final List<String> beforeIfPresent;
    private final List<String> afterIfPresent;
    private final List<Trait<?>> reads;
    private final List<Trait<?>> writes;

    private EcsSystem(Builder b) {
        this.beforeIfPresent = List.copyOf(b.beforeIfPresent);
        this.afterIfPresent = List.copyOf(b.afterIfPresent);
        this.reads = List.copyOf(b.reads);
        this.writes = List.copyOf(b.writes);
        this.name = b.name;
        this.phase = b.phase;
        this.before = List.copyOf(b.before);
        this.after = List.copyOf(b.after);
        this.sets = List.copyOf(b.sets);
        this.runIf = b.runIf;
        this.run = b.run;
    }

    /**
     * Defines a system in {@link Phase#ON_UPDATE} with no edges, sets or condition.
     *
     * @param name required
     * @param run the run function; not null
     * @return the system
     * @throws IllegalArgumentException if {@code name} is null, empty or blank (SCH-010)
     * @throws NullPointerException if {@code run} is null
     */
    public static EcsSystem define(String name, RunFunction run) {
        return builder(name).run(run).build();
    }

    /**
     * Defines a system in the given phase with no edges, sets or condition.
     *
     * @param name required
     * @param phase the phase; not null
     * @param run the run function; not null
     * @return the system
     * @throws IllegalArgumentException if {@code name} is null, empty or blank (SCH-010)
     * @throws NullPointerException if {@code phase} or {@code run} is null
     */
    public static EcsSystem define(String name, Phase phase, RunFunction run) {
        return builder(name).phase(phase).run(run).build();
    }

    /**
     * Starts defining a system (the spec's {@code defineSystem}).
     *
     * @param name required
     * @return a builder
     * @throws IllegalArgumentException if {@code name} is null, empty or blank (SCH-010); the message names
     *     defineSystem and says that name is missing or empty (or blank)
     */
    public static Builder builder(String name) {
        RequiredName.check(name, "defineSystem (EcsSystem.builder)");
        return new Builder(name);
    }

    @Override
    public String name() {
        return name;
    }

    /** @return the phase this system runs in (default {@link Phase#ON_UPDATE}) */
    public Phase phase() {
        return phase;
    }

    /** @return systems and sets this system runs before (unmodifiable) */
    public List<OrderTarget> before() {
        return before;
    }

    /** @return systems and sets this system runs after (unmodifiable) */
    public List<OrderTarget> after() {
        return after;
    }

    /** @return the sets this system belongs to, in declared order (unmodifiable, SCH-127) */
    public List<SystemSet> sets() {
        return sets;
    }

    /** @return the system's own run condition, if any */
    public Optional<Condition> runIf() {
        return Optional.ofNullable(runIf);
    }

    /** @return the run function */
    public RunFunction run() {
        return run;
    }

    /**
     * Beyond the spec (Orrery's own optional ordering, after the coroutine-pipeline reference): names of
     * systems or sets this system runs before when they are present.
     *
     * @return the names, in declared order (unmodifiable)
     */
    public List<String> beforeIfPresent() {
        return beforeIfPresent;
    }

    /**
     * Beyond the spec (Orrery's own optional ordering): names of systems or sets this system runs after
     * when they are present.
     *
     * @return the names, in declared order (unmodifiable)
     */
    public List<String> afterIfPresent() {
        return afterIfPresent;
    }

    /**
     * Beyond the spec (Orrery's own, after the DAG reference): the traits this system declares it reads.
     * Metadata only: never checked at run time; {@link Schedule#accessReport()} analyses it at build.
     *
     * @return the traits, in declared order (unmodifiable)
     */
    public List<Trait<?>> reads() {
        return reads;
    }

    /**
     * Beyond the spec (Orrery's own): the traits this system declares it writes (metadata only, see
     * {@link #reads()}).
     *
     * @return the traits, in declared order (unmodifiable)
     */
    public List<Trait<?>> writes() {
        return writes;
    }

    @Override
    public String toString() {
        return "system " + name;
    }

    /** Builds an {@link EcsSystem}. Not thread-safe; each {@link #build()} returns a new system. */
    public static final class Builder {
        private final String name;
        private Phase phase = Phase.ON_UPDATE;
        private final List<OrderTarget> before = new ArrayList<>();
        private final List<OrderTarget> after = new ArrayList<>();
        private final List<SystemSet> sets = new ArrayList<>();
        private Condition runIf;
        private RunFunction run;
        private final List<String> beforeIfPresent = new ArrayList<>();
        private final List<String> afterIfPresent = new ArrayList<>();
        private final List<Trait<?>> reads = new ArrayList<>();
        private final List<Trait<?>> writes = new ArrayList<>();

        private Builder(String name) {
            this.name = name;
        }

        /**
         * @param phase the phase; not null
         * @return this builder
         */
        public Builder phase(Phase phase) {
            this.phase = Objects.requireNonNull(phase, () -> "defineSystem '" + name + "': phase is null");
            return this;
        }

        /**
         * @param targets systems or sets this system runs before; no nulls
         * @return this builder
         */
        public Builder before(OrderTarget... targets) {
            for (OrderTarget t : targets) {
                before.add(Objects.requireNonNull(t, () -> "defineSystem '" + name + "': null in before"));
            }
            return this;
        }

        /**
         * @param targets systems or sets this system runs after; no nulls
         * @return this builder
         */
        public Builder after(OrderTarget... targets) {
            for (OrderTarget t : targets) {
                after.add(Objects.requireNonNull(t, () -> "defineSystem '" + name + "': null in after"));
            }
            return this;
        }

        /**
         * @param memberOf sets this system joins (SCH-127); no nulls
         * @return this builder
         */
        public Builder sets(SystemSet... memberOf) {
            for (SystemSet s : memberOf) {
                sets.add(Objects.requireNonNull(s, () -> "defineSystem '" + name + "': null in sets"));
            }
            return this;
        }

        /**
         * @param condition the system's own condition (SCH-118); null for none
         * @return this builder
         */
        public Builder runIf(Condition condition) {
            this.runIf = condition;
            return this;
        }

        /**
         * Beyond the spec (Orrery's own optional ordering): this system runs before the system or set
         * of that name when the schedule has one, and the entry adds nothing (no problem, no waiting)
         * when it has none. A name matching both a system and a set orders against both. By-object
         * {@link #before} entries are unchanged (an absent object is a build error, SCH-018, SCH-133).
         * Within a phase the edge acts like a {@code before} entry; against the phase order it is a
         * build problem like any edge (SCH-016).
         *
         * @param name the name of a system or set that may be absent; not null or blank
         * @return this builder
         * @throws IllegalArgumentException if the name is null, empty or blank
         */
        public Builder beforeIfPresent(String name) {
            beforeIfPresent.add(RequiredName.check(name, "defineSystem '" + this.name + "': beforeIfPresent"));
            return this;
        }

        /**
         * Beyond the spec (Orrery's own optional ordering): this system runs after the system or set of
         * that name when the schedule has one; nothing when it has none (see {@link #beforeIfPresent}).
         *
         * @param name the name of a system or set that may be absent; not null or blank
         * @return this builder
         * @throws IllegalArgumentException if the name is null, empty or blank
         */
        public Builder afterIfPresent(String name) {
            afterIfPresent.add(RequiredName.check(name, "defineSystem '" + this.name + "': afterIfPresent"));
            return this;
        }

        /**
         * Beyond the spec (Orrery's own access declarations): traits this system reads. Metadata only,
         * no run-time cost; see {@link Schedule#accessReport()}.
         *
         * @param traits the traits; no nulls
         * @return this builder
         */
        public Builder reads(Trait<?>... traits) {
            for (Trait<?> t : traits) {
                reads.add(Objects.requireNonNull(t, () -> "defineSystem '" + name + "': null in reads"));
            }
            return this;
        }

        /**
         * Beyond the spec (Orrery's own access declarations): traits this system writes. Metadata only,
         * no run-time cost; see {@link Schedule#accessReport()}.
         *
         * @param traits the traits; no nulls
         * @return this builder
         */
        public Builder writes(Trait<?>... traits) {
            for (Trait<?> t : traits) {
                writes.add(Objects.requireNonNull(t, () -> "defineSystem '" + name + "': null in writes"));
            }
            return this;
        }

        /**
         * @param run the run function; not null
         * @return this builder
         */
        public Builder run(RunFunction run) {
            this.run = Objects.requireNonNull(run, () -> "defineSystem '" + name + "': run is null");
            return this;
        }

        /**
         * @return a new immutable system
         * @throws IllegalStateException if no run function was given
         */
        public EcsSystem build() {
            if (run == null) {
                throw new IllegalStateException("defineSystem '" + name + "': run is missing");
            }
            return new EcsSystem(this);
        }
    }
}
